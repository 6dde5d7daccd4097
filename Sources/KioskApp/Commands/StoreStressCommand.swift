// `swipe-kiosk store-stress --database FILE`: hidden from help. It exists only for the
// crash-durability test (Tests/KioskAppTests/ItemStoreDurabilityTests.swift), which needs a
// separate process to kill -9 while it writes: it seeds a fixed set of items once, prints
// "ready", then applies random actions through ItemStore until it is killed.
import ArgumentParser
import KioskConfig
import KioskStore

struct StoreStressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-stress",
        abstract: "Apply random item actions to a database until killed (durability test helper).",
        shouldDisplay: false)

    /// The list the stress items live in, and how many there are.
    static let listID = "stress"
    static let itemCount = 40

    @Option(help: "The SQLite database to write.")
    var database: String

    func run() throws {
        let store: ItemStore
        do {
            store = try ItemStore(path: database)
            if try store.item(id: Self.itemID(1)) == nil {
                try store.insert(Self.initialItems())
            }
        } catch {
            printError("store-stress: \(error)")
            throw ExitCode.badData
        }
        printLine("ready")
        var random = SystemRandomNumberGenerator()
        let effects: [ActionEffect] = [.flag, .read, .archive, .delete]
        while true {
            let id = Self.itemID(Int.random(in: 1...Self.itemCount, using: &random))
            do {
                if Bool.random(using: &random), try store.item(id: id)?.deletedAt != nil {
                    try store.apply(.undoDelete, to: id, at: ItemStore.now())
                } else {
                    let effect = effects.randomElement(using: &random)!
                    try store.perform(effect, on: id, actionID: effect.rawValue, at: ItemStore.now())
                }
            } catch {
                printError("store-stress: \(error)")
                throw ExitCode.software
            }
        }
    }

    static func itemID(_ n: Int) -> ItemID { ItemID("stress-\(n)") }

    /// The items in their known initial state: unread, unflagged, active.
    static func initialItems() -> [ItemRecord] {
        (1...itemCount).map { n in
            ItemRecord(id: itemID(n), listID: listID, title: "Stress item \(n)", sortKey: Int64(n), updatedAt: 0)
        }
    }
}
