// The app's sheets as values. The UI and the state dump know a sheet by a string id
// (`actions:42`, `detail:42`, `styles`); the app remembers which sheet it presented and decides
// what a selected row does from that value, never by taking the id apart again.

/// A sheet the app presents.
enum AppSheet: Hashable {
    /// The item's actions (long press), plus Cancel.
    case actions(itemID: String)
    /// The item's text above its actions (`[sheet] detail_as_sheet`).
    case detail(itemID: String)
    /// The live Styles demo (StyleOverrides).
    case styles

    /// The sheet's id in the UI and the state dump.
    var id: String {
        switch self {
        case .actions(let itemID): return "actions:" + itemID
        case .detail(let itemID): return "detail:" + itemID
        case .styles: return "styles"
        }
    }
}
