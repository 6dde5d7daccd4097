// The keyboard focus is drawn and stays on its item (issue 22): arrows put a ring on the row
// they focus, Delete deletes exactly that row's item and the focus moves to its neighbour, a
// list changed by another program keeps the focus on the same item, a touch and the idle reset
// hide it, the state dump names it, and damage-tracked frames with focus and pressed buttons
// equal full redraws. Through `replay` (scripts) and ReplaySession (outside writes mid-run).
import Canvas
import Foundation
import KioskUI
import XCTest
@testable import KioskApp
@testable import KioskStore

final class KeyboardFocusScenarioTests: XCTestCase {
    /// The theme's accent, which the focus ring is drawn in.
    static let accent: UInt32 = 0x007AFF

    /// True when the focus ring is drawn on the row at `frame` ([x, y, w, h]): its left edge, 3 px in.
    func ringDrawn(_ image: Surface, on frame: [Double]) -> Bool {
        image.matches(Int(frame[0]) + 3, Int(frame[1] + frame[3] / 2), Self.accent, tolerance: 8)
    }

    func focus(_ state: [String: Any]) -> String? { state["focus"] as? String }

    func testArrowsDrawTheFocusAndDeleteDeletesTheFocusedItem() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    screenshot none.png
            at 100  key DOWN
            at 150  key DOWN
            at 200  key DOWN
            at 800  screenshot focused.png
            at 800  state focused.json
            at 900  key DELETE
            at 2200 screenshot deleted.png
            at 2200 state deleted.json
            at 2300 end
            """)
        let focused = try s.state("focused")
        let ids = focused.items.compactMap { $0["id"] as? String }
        XCTAssertEqual(focus(focused), ids[2], "three Downs focus the third item")
        let third = try XCTUnwrap(focused.rowFrame(ids[2])), second = try XCTUnwrap(focused.rowFrame(ids[1]))
        XCTAssertTrue(ringDrawn(try s.image("focused"), on: third), "the focus is drawn on the third row")
        XCTAssertFalse(ringDrawn(try s.image("none"), on: third), "and was not before a key")
        XCTAssertFalse(ringDrawn(try s.image("focused"), on: second), "only there")
        try s.checkGolden("focused")

        let deleted = try s.state("deleted")
        let log = try XCTUnwrap(deleted["log"] as? [[String: Any]])
        XCTAssertEqual(log.map { $0["action"] as? String }, ["delete"])
        XCTAssertEqual(log.first?["item"] as? String, ids[2], "Delete deleted the item it showed focused")
        XCTAssertFalse(deleted.items.contains { $0["id"] as? String == ids[2] })
        XCTAssertEqual(focus(deleted), ids[3], "the focus moved to the row that took its place")
        let next = try XCTUnwrap(deleted.rowFrame(ids[3]))
        XCTAssertEqual(next[1], third[1], accuracy: 0.5, "in the deleted row's place")
        XCTAssertTrue(ringDrawn(try s.image("deleted"), on: next), "and is drawn there")
    }

    func testTheRingIsDrawnInTheThemesAccent() throws {
        let s = try Scenario("size 1280x800\nat 0 key DOWN\nat 500 screenshot focused.png\nat 500 state focused.json\nat 600 end",
                             config: "[theme]\naccent = \"#FF00FF\"\n")
        let frame = try XCTUnwrap(try s.state("focused").rowFrame("inbox-1"))
        XCTAssertTrue(try s.image("focused").matches(Int(frame[0]) + 3, Int(frame[1] + frame[3] / 2), 0xFF00FF, tolerance: 8))
    }

    func testATouchAndTheIdleResetHideTheFocus() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 50   key DOWN
            at 500  state focused.json
            at 600  tap 640 32
            at 1100 state touched.json
            at 1100 screenshot touched.png
            at 1200 key DOWN
            at 1200 key DOWN
            at 1700 state again.json
            at 1800 key ENTER
            at 2600 state opened.json
            at 2700 key ESC
            at 5200 state idle.json
            at 5200 screenshot idle.png
            at 5300 end
            """, config: "[idle]\nreset_after_s = 2\n")
        let focused = try s.state("focused")
        let ids = focused.items.compactMap { $0["id"] as? String }
        XCTAssertEqual(focus(focused), ids[1])
        let touched = try s.state("touched")
        XCTAssertNil(focus(touched), "a touch hides the focus")
        XCTAssertFalse(ringDrawn(try s.image("touched"), on: try XCTUnwrap(touched.rowFrame(ids[1]))), "nothing is drawn")
        XCTAssertEqual(focus(try s.state("again")), ids[1], "the next arrows start again from the first row on screen")
        XCTAssertEqual(try s.state("opened").stack, ["inbox", "detail:\(ids[1])"], "Enter opens the focused item")
        let idle = try s.state("idle")
        XCTAssertEqual(idle.stack, ["inbox"])
        XCTAssertNil(focus(idle), "the idle reset hides the focus: the next person sees none")
        XCTAssertFalse(ringDrawn(try s.image("idle"), on: try XCTUnwrap(idle.rowFrame(ids[1]))))
    }

    func testEnterAndDeleteDoNothingWithoutAFocusShown() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 100  tap 640 32
            at 600  key DELETE
            at 650  key ENTER
            at 1500 state after.json
            at 1600 end
            """)
        let after = try s.state("after")
        XCTAssertEqual(after.logActions, [], "Delete with the focus hidden deletes nothing unseen")
        XCTAssertEqual(after.stack, ["inbox"], "Enter with the focus hidden opens nothing")
    }

    /// Another program inserts rows above the focused one, then deletes it: the focus stays on
    /// its item, then moves to the neighbour, drawn each time where the row is, and the
    /// damage-tracked panel equals a full redraw after every step.
    func testTheFocusStaysOnItsItemWhenAnotherProgramChangesTheList() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let harness = try AppStreamHarness(database: path, width: 1280, height: 800, styles: [:])
        func ids() -> [String] {
            let page = harness.app.pages[harness.app.currentListID ?? ""]!
            return (0..<page.data.count).map { page.data.item(at: $0).id }
        }
        func frame(_ id: String, _ state: SceneState) throws -> [Double] { try XCTUnwrap(state.rows.first { $0.id == id }?.frame) }

        var outcome = try harness.play("at 0 key DOWN\nat 50 key DOWN\nat 100 key DOWN", durationMs: 700)
        let focused = ids()[2], after = ids()[3]
        XCTAssertEqual(outcome.state.focus, focused)
        XCTAssertTrue(outcome.damageMatchesFull)
        let before = try frame(focused, outcome.state)

        let other = try ItemStore(path: path)
        try other.insert([-2, -1].map {
            ItemRecord(id: ItemID("outside\($0)"), listID: "inbox", title: "From outside", sortKey: $0, updatedAt: AppOptions.headlessEpoch + 1)
        })
        outcome = try harness.play("at 1400 end", durationMs: 1500)
        XCTAssertEqual(ids()[4], focused, "two rows arrived above it")
        XCTAssertEqual(outcome.state.focus, focused, "the focus stayed on its item, not on the third row")
        let moved = try frame(focused, outcome.state)
        XCTAssertEqual(moved[1] - before[1], 2 * before[3], accuracy: 0.5)
        XCTAssertTrue(ringDrawn(harness.replay.drawNow(), on: moved), "drawn where the item is now")
        XCTAssertFalse(ringDrawn(harness.replay.drawNow(), on: before), "not on the row now third")
        XCTAssertTrue(outcome.damageMatchesFull, "the partial redraws equal a full one")

        try other.apply(.delete, to: ItemID(focused), at: AppOptions.headlessEpoch + 2)
        outcome = try harness.play("at 1400 end", durationMs: 1500)
        XCTAssertFalse(ids().contains(focused))
        XCTAssertEqual(outcome.state.focus, after, "its item left: the focus went to the row that took its place")
        XCTAssertTrue(ringDrawn(harness.replay.drawNow(), on: try frame(after, outcome.state)))
        XCTAssertTrue(outcome.damageMatchesFull)

        outcome = try harness.play("at 0 key ENTER", durationMs: 800)
        XCTAssertEqual(outcome.state.stack, ["inbox", "detail:\(after)"], "Enter opens the item the focus is drawn on")
    }

    /// A pressed button and the focus moving are drawn by partial redraws equal to full ones.
    func testPressedButtonsAndMovingFocusRedrawLikeFullFrames() throws {
        let dir = try TemporaryDirectory()
        let harness = try AppStreamHarness(database: dir.file("items.sqlite3"), width: 1280, height: 800, styles: [:])
        // The row comes to rest open, so that only the press changes what is on screen.
        XCTAssertTrue(try harness.play("at 0 swipe 0 1100 254 800 254 200", durationMs: 3000).damageMatchesFull)
        let open = harness.app.scene.state(at: 3)
        let flag = try XCTUnwrap(open.rows.compactMap { $0.actions.first { $0.id == "flag" } }.first?.frame)
        let (x, y) = (Int(flag[0]) + 30, Int(flag[1] + flag[3] / 2))
        var outcome = try harness.play("at 0 down 1 \(x) \(y)", durationMs: 100)
        XCTAssertTrue(harness.replay.drawNow().matches(Int(flag[0]) + 4, Int(flag[1]) + 4, 0xE68600, tolerance: 2), "pressed")
        XCTAssertTrue(outcome.damageMatchesFull, "the pressed shade is in the damage")
        outcome = try harness.play("at 0 up 1", durationMs: 700)
        XCTAssertTrue(outcome.damageMatchesFull, "and so is its removal")
        for key in ["DOWN", "DOWN", "UP"] {
            XCTAssertTrue(try harness.play("at 0 key \(key)", durationMs: 300).damageMatchesFull, key)
        }
    }
}
