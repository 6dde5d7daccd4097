// Row swipes through `replay`: opening, every expansion style, every transition style, undo
// after a destructive full swipe, right-to-left lists. Each checks the state dump and pixels.
// Layout of the default theme: nav bar 64 px, the demo's "Today" header 28 px, rows 76 px, so
// row i of the first section spans y = 92 + 76·i … 168 + 76·i.
import XCTest
@testable import KioskApp

final class SwipeScenarioTests: XCTestCase {
    static let row2 = 178  // on the second row (inbox-2, 168…244)

    /// A configuration with one "inbox" list whose trailing side has `trailing` options and
    /// these actions (ids name their effect; "delete" is destructive, "more" opens the sheet).
    static func inbox(trailing: String, actions: [String]) -> String {
        let blocks = actions.map { id -> String in
            let extra = id == "delete" ? "style = \"destructive\"\n" : id == "more" ? "effect = \"sheet\"\n" : ""
            return "[[lists.trailing.actions]]\nid = \"\(id)\"\ntitle = \"\(id.capitalized)\"\n" + extra
        }
        return "[[lists]]\nid = \"inbox\"\ntitle = \"Inbox\"\n[lists.trailing]\n\(trailing)\n" + blocks.joined()
    }

    func testSwipingLeftOpensTheTrailingActions() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    swipe 0 1200 178 900 178 150
            at 1000 screenshot open.png
            at 1000 state open.json
            at 1100 end
            """)
        let state = try s.state("open")
        XCTAssertEqual(state.swipeState("inbox-2"), "open")
        XCTAssertEqual(state.swipeOffset("inbox-2") ?? 0, -222, accuracy: 0.5, "three 74 px buttons")
        XCTAssertEqual(state.swipeState("inbox-1"), "idle")
        let delete = try XCTUnwrap(state.actionFrame(row: "inbox-2", action: "delete"))
        for (value, expected) in zip(delete, [1206.0, 168, 74, 76]) { XCTAssertEqual(value, expected, accuracy: 0.5) }
        let image = try s.image("open")
        XCTAssertTrue(image.matches(Int(delete[0]) + 4, Int(delete[1]) + 4, 0xFF3B30), "delete strip is systemRed")
        XCTAssertTrue(image.matches(1140, 210, 0xFF9500), "flag strip is orange")
        XCTAssertTrue(image.matches(600, 250, 0xFFFFFF), "the next row is untouched")
        XCTAssertEqual(state.hapticEvents, [], "no expansion, no haptics")
    }

    /// A finger dragged from the right edge to the left over 400 ms, held, released at 1 s;
    /// state 150 ms after the release.
    func fullSwipe(trailingExpansion: String) throws -> (during: [String: Any], after: [String: Any]) {
        let moves = (1...50).map { "at \($0 * 8) move 0 \(1250 - $0 * 242 / 10) 178" }.joined(separator: "\n")
        let s = try Scenario("""
            size 1280x800
            at 0    down 0 1250 178
            \(moves)
            at 1000 up 0
            at 1150 state during.json
            at 2500 state after.json
            at 2600 end
            """, config: Self.inbox(trailing: "expansion = \"\(trailingExpansion)\"", actions: ["delete", "flag"]))
        return (try s.state("during"), try s.state("after"))
    }

    func testEveryExpansionStyle() throws {
        let expected: [(String, String, Bool)] = [
            // style, state 150 ms after release, expansion haptic
            ("none", "open", false), ("selection", "closing", true), ("destructive", "removing", true),
            ("destructiveAfterFill", "filling", true), ("fill", "filling", true), ("fillReverse", "closing", true),
        ]
        for (style, during, haptic) in expected {
            let (d, a) = try fullSwipe(trailingExpansion: style)
            XCTAssertEqual(d.swipeState("inbox-2"), during, style)
            XCTAssertEqual(d.hapticEvents.contains("expansion-enter"), haptic, style)
            let ids = a.items.compactMap { $0["id"] as? String }
            if style == "none" {
                XCTAssertTrue(ids.contains("inbox-2"), "\(style): nothing performed")
                XCTAssertEqual(a.logActions, [], style)
            } else {
                XCTAssertFalse(ids.contains("inbox-2"), "\(style): the expandable delete ran")
                XCTAssertEqual(a.logActions, ["delete"], "\(style): committed exactly once")
                XCTAssertNil(a.row("inbox-2"), style)
            }
        }
    }

    /// Holds the row half open (finger down) and returns the action strips' widths.
    func heldStrips(transition: String) throws -> [String: Double] {
        let s = try Scenario("""
            size 1280x800
            at 0   down 0 1200 178
            at 16  move 0 1190 178
            at 32  move 0 1120 178
            at 48  move 0 1089 178
            at 100 state held.json
            at 150 end
            """, config: Self.inbox(trailing: "transition = \"\(transition)\"", actions: ["delete", "flag", "more"]))
        let state = try s.state("held")
        XCTAssertEqual(state.swipeState("inbox-2"), "dragging")
        var widths: [String: Double] = [:]
        for id in ["delete", "flag", "more"] { widths[id] = state.actionFrame(row: "inbox-2", action: id)?[2] }
        return widths
    }

    func testEveryTransitionStyle() throws {
        // The finger moved 111 px, 10 px of it before the pan was recognised: w = 101.
        let border = try heldStrips(transition: "border")
        XCTAssertEqual(border["delete"]!, 101.0 / 3, accuracy: 0.01, "border: equal strips")
        XCTAssertEqual(border["more"]!, 101.0 / 3, accuracy: 0.01)
        let drag = try heldStrips(transition: "drag")
        XCTAssertEqual(drag["more"]!, 74, accuracy: 0.01, "drag: the innermost comes out first")
        XCTAssertEqual(drag["flag"]!, 27, accuracy: 0.01)
        XCTAssertEqual(drag["delete"]!, 0, accuracy: 0.01)
        let reveal = try heldStrips(transition: "reveal")
        XCTAssertEqual(reveal["delete"]!, 74, accuracy: 0.01, "reveal: the outermost is uncovered first")
        XCTAssertEqual(reveal["more"]!, 0, accuracy: 0.01)
    }

    func testUndoRestoresADeletedItem() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    swipe 0 1250 178 40 178 250
            at 900  state deleted.json
            at 1000 tap 836 752
            at 1300 state undone.json
            at 1400 end
            """)
        let deleted = try s.state("deleted")
        XCTAssertFalse(deleted.items.contains { $0["id"] as? String == "inbox-2" })
        XCTAssertEqual(deleted["toast"] as? String, "Deleted")
        let undone = try s.state("undone")
        XCTAssertTrue(undone.items.contains { $0["id"] as? String == "inbox-2" })
        XCTAssertEqual(undone.logActions, ["delete", "undo-delete"])
        XCTAssertEqual(undone.swipeState("inbox-2"), "idle")
    }

    func testRightToLeftListsMirrorTheSides() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    swipe 0 1200 178 1000 178 150
            at 1000 state open.json
            at 1100 end
            """, config: "direction = \"rtl\"\n")
        let state = try s.state("open")
        XCTAssertEqual(state.swipeState("inbox-2"), "open")
        let swipe = state.row("inbox-2")?["swipe"] as? [String: Any]
        XCTAssertEqual(swipe?["side"] as? String, "leading", "dragging left shows the leading actions in RTL")
        XCTAssertNotNil(state.actionFrame(row: "inbox-2", action: "read"))
    }

    func testTheSameScriptGivesTheSamePixels() throws {
        let script = """
            size 640x480
            at 0   swipe 0 600 140 300 140 120
            at 60  screenshot mid.png
            at 400 end
            """
        let a = try Scenario(script), b = try Scenario(script)
        XCTAssertEqual(try a.bytes("mid"), try b.bytes("mid"))
    }
}
