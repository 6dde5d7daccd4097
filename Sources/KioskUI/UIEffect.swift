// What the UI asks the app to do. The UI never touches storage, processes or devices: it emits
// these and the app (KioskApp) carries them out, committing data before animations continue.
import SwipeCore

/// A configured swipe action as the app knows it: the list it belongs to, the row edge it is
/// configured on and its id. The same id may be configured on both edges of a list and in other
/// lists, so an action is never looked up by its id alone.
public struct ActionRef: Hashable, Sendable {
    public var list: String
    public var edge: SwipeEdge
    public var id: String

    public init(list: String, edge: SwipeEdge, id: String) {
        self.list = list
        self.edge = edge
        self.id = id
    }
}

/// A request from the UI to the app.
public enum UIEffect: Hashable, Sendable {
    case haptic(HapticEvent)
    /// Run a configured action on an item (swipe button, full swipe, action sheet, detail button).
    case action(itemID: String, action: ActionRef)
    /// A destructive full swipe: commit the deletion now; the row collapses after this.
    case delete(itemID: String, action: ActionRef)
    /// A row finished collapsing; the item may leave the data source.
    case rowRemoved(itemID: String)
    /// The sheet with this id reported a dismissal status.
    case sheet(id: String, status: SheetDismissStatus)
    /// The toast's button was tapped (e.g. Undo).
    case toastAction(id: String)
}
