// What the configuration asks of the store: which lists get demo items, and what a swipe
// action's effect (KioskConfig's ActionEffect) changes. The mapping lives with the app, so the
// store knows item changes and log rows, not the configuration file.
import KioskConfig
import KioskStore

extension ItemStore {
    /// The lists to seed for `configuration`: every distinct item list its pages read.
    public static func demoLists(for configuration: KioskConfiguration) -> [DemoList] {
        var seen = Set<String>()
        return configuration.lists.compactMap { list in
            let source = list.query.listID
            guard seen.insert(source).inserted else { return nil }
            return DemoList(listID: source, rightToLeft: list.layoutDirection(default: configuration.direction) == .rightToLeft)
        }
    }

    /// Runs the configured `effect` of a swipe action on an item, atomically with its log row.
    /// Toggles (flag, read, archive) look at the item's state inside the same transaction;
    /// effects that change no data (sheet, detail, command) are logged with `detail` = the effect.
    /// - Returns: the data change made, or nil for a log-only effect.
    @discardableResult
    public func perform(_ effect: ActionEffect, on itemID: ItemID, actionID: String, at time: StoreTime) throws(StoreError) -> ItemChange? {
        try perform(actionID: actionID, on: itemID, logDetail: effect.rawValue, at: time) { state in
            switch effect {
            case .delete: return .delete
            case .archive: return state.archived ? .unarchive : .archive
            case .flag: return state.flagged ? .unflag : .flag
            case .read: return state.unread ? .markRead : .markUnread
            case .sheet, .detail, .command: return nil
            }
        }
    }
}
