// What the UI asks the app to do. The UI never touches storage, processes or devices: it emits
// these and the app (KioskApp) carries them out, committing data before animations continue.
import SwipeCore

/// A request from the UI to the app.
public enum UIEffect: Hashable, Sendable {
    case haptic(HapticEvent)
    /// Run a configured action on an item (swipe button, full swipe, action sheet, detail button).
    case action(itemID: String, actionID: String)
    /// A destructive full swipe: commit the deletion now; the row collapses after this.
    case delete(itemID: String, actionID: String)
    /// A row finished collapsing; the item may leave the data source.
    case rowRemoved(itemID: String)
    /// The sheet with this id reported a dismissal status.
    case sheet(id: String, status: SheetDismissStatus)
    /// The toast's button was tapped (e.g. Undo).
    case toastAction(id: String)
}
