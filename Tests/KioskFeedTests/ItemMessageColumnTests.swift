// The feed's payload is the items table (ItemRecord.columns): a message carrying every column in
// its type reads as the item with exactly those values, whatever columns the table gains (pinned
// came with the pin effect without a line of the feed changing), and each column given the
// wrong JSON type is refused as wrong-type, never written with a default.
import KioskStore
import XCTest
@testable import KioskFeed

final class ItemMessageColumnTests: XCTestCase {
    let reader = ItemMessageReader(prefix: "p", lists: ["inbox"])

    /// A JSON value of the column's type, and one of another type.
    static func values(for column: ItemColumn, _ n: Int) -> (right: String, wrong: String) {
        switch column.field {
        case .id: return ("\"a\"", "7")
        case .text, .optionalText: return (column.name == "list_id" ? "\"inbox\"" : "\"v\(n)\"", "[1]")
        case .integer, .integer64, .optionalInteger64: return ("\(n + 1)", "\"\(n)\"")
        case .flag: return (n % 2 == 0 ? "true" : "false", "\"yes\"")
        }
    }

    func testEveryColumnIsReadInItsTypeAndRefusedInAnother() throws {
        let columns = ItemRecord.columns
        let fields = columns.enumerated().map { "\"\($1.name)\":\(Self.values(for: $1, $0).right)" }
        let payload = Array(("{" + fields.joined(separator: ",") + "}").utf8)
        guard case .success(.upsert(let item)) = reader.change(topic: "p/lists/inbox/items/a", payload: payload, size: payload.count) else {
            return XCTFail("a message with every column was refused")
        }
        // Each column came through with its own value (each column's value differs from the others').
        for (n, column) in columns.enumerated() where !["id", "list_id"].contains(column.name) {
            switch column.field {
            case .text(let get, _): XCTAssertEqual(get(item), "v\(n)", column.name)
            case .optionalText(let get, _): XCTAssertEqual(get(item), "v\(n)", column.name)
            case .integer(let get, _): XCTAssertEqual(get(item), n + 1, column.name)
            case .integer64(let get, _): XCTAssertEqual(get(item), Int64(n + 1), column.name)
            case .optionalInteger64(let get, _): XCTAssertEqual(get(item), Int64(n + 1), column.name)
            case .flag(let get, _): XCTAssertEqual(get(item), n % 2 == 0, column.name)
            case .id: break
            }
        }
        for (n, column) in columns.enumerated() where column.name != "id" {
            let required = column.name == "updated_at" ? "" : "\"updated_at\":1,"
            let wrong = Array("{\(required)\"\(column.name)\":\(Self.values(for: column, n).wrong)}".utf8)
            guard case .failure(let refusal) = reader.change(topic: "p/lists/inbox/items/a", payload: wrong, size: wrong.count) else {
                XCTFail("\(column.name) of the wrong type was accepted"); continue
            }
            XCTAssertEqual(refusal.reason, .wrongType, column.name)
        }
    }
}
