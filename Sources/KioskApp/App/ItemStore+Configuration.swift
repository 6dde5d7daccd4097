// What the configuration asks of the store: which lists get demo items, and what a swipe
// action's effect (KioskConfig's ActionEffect) changes: its data effect as the store declares it.
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

    /// Runs the configured `effect` of a swipe action on an item, atomically with its log row:
    /// a data effect as ItemEffect declares it; effects that change no data (sheet, detail,
    /// command) are logged with `detail` = the effect.
    /// - Returns: the data change made, or nil for a log-only effect.
    @discardableResult
    public func perform(_ effect: ActionEffect, on itemID: ItemID, actionID: String, at time: StoreTime) throws(StoreError) -> ItemChange? {
        try perform(actionID: actionID, on: itemID, effect: effect.dataEffect, logDetail: effect.rawValue, at: time)
    }
}
