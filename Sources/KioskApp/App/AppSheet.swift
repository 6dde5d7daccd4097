// The app's sheets and their rows as values. The state dump shows a sheet and a row by a string
// id (`actions:42`, `detail:42`, `styles`; `archive`, `cancel`, `expansion`, `list`), but the app
// never matches those strings: it remembers which sheet and rows it presented, and a tap names a
// row by its position, so the sheet's own Cancel and a configured action called `cancel` are two
// different rows. What a selected row does is decided from these values alone.
import KioskStore
import KioskUI

/// A sheet the app presents.
enum AppSheet: Hashable {
    /// The item's actions (long press), plus Cancel.
    case actions(itemID: ItemID)
    /// The item's text above its actions (`[sheet] detail_as_sheet`).
    case detail(itemID: ItemID)
    /// The live Styles demo (StyleOverrides).
    case styles

    /// The sheet's id in the UI and the state dump.
    var id: String {
        switch self {
        case .actions(let itemID): return "actions:" + itemID.key
        case .detail(let itemID): return "detail:" + itemID.key
        case .styles: return "styles"
        }
    }
}

/// What a row of an app sheet does.
enum AppSheetRow: Hashable {
    /// One of the item's swipe actions: its list, edge and id.
    case action(ActionRef)
    /// The actions sheet's Cancel.
    case cancel
    /// The Styles sheet's Done.
    case done
    /// A Styles setting: each tap shows its next value.
    case setting(StyleOverrides.Setting)
    /// The Styles sheet's List (with more than one list configured): each tap shows the next list.
    case list

    /// The row's id in the UI and the state dump.
    var id: String {
        switch self {
        case .action(let ref): return ref.id
        case .cancel: return "cancel"
        case .done: return "close"
        case .setting(let setting): return setting.rawValue
        case .list: return "list"
        }
    }

    /// The row as the sheet shows it.
    func view(title: String, detail: String? = nil, icon: String? = nil, destructive: Bool = false) -> SheetRow {
        SheetRow(id: id, title: title, detail: detail, icon: icon, destructive: destructive)
    }
}
