// The scroll indicator stays put while the rows move under it: a moved frame puts back the
// pixels it covered and draws it again alone (KioskScene+ScrollMove, SaveUnder). These are the
// gestures that move it, hide it, cover it or change what lies under it, each checked frame by
// frame against a full redraw (checkScrollFrames). Written by an attack on the save-under.
import Foundation
import KioskHardware
import SwipeCore
import XCTest
@testable import KioskApp

extension DamageTrackingTests {
    /// A finger (slot 0, x 240) moving `by` pixels a frame for `frames` frames, from `y` at `at` ms.
    func drag(at start: Int, y: Int, by step: Int, frames: Int) -> String {
        (1...frames).map { "at \(start + 16 * $0) move 0 240 \(y + step * $0)\n" }.joined()
    }

    /// The finger put down at `y` at `at` ms, then dragged as `drag` drags it (it stays down).
    func press(at start: Int, y: Int, by step: Int, frames: Int) -> String {
        "at \(start) down 0 240 \(y)\n" + drag(at: start, y: y, by: step, frames: frames)
    }

    /// A flick up, caught by a finger at `at` ms that then drags 30 pixels up and stays down.
    func flickCaught(at start: Int) -> String {
        "at 100 swipe 0 240 600 240 100 80\n" + press(at: start, y: 400, by: -3, frames: 10)
    }

    /// The key `name` pressed `count` times, 40 ms apart, from `at` ms.
    func keys(_ name: String, at start: Int, count: Int) -> String {
        (0..<count).map { "at \(start + 40 * $0) key \(name)\n" }.joined()
    }

    /// `script` on 480x640 at scale 1, at 1.3 right to left and at 2 without sections: every
    /// frame must equal a full redraw (checkScrollFrames).
    func checkIndicatorScript(_ name: String, _ script: String) throws {
        let setups = [
            ScrollSetup(width: 480, height: 640, rotation: .none, scale: 1, rtl: false, sections: true),
            ScrollSetup(width: 480, height: 640, rotation: .none, scale: 1.3, rtl: true, sections: true),
            ScrollSetup(width: 480, height: 640, rotation: .none, scale: 2, rtl: false, sections: false),
        ]
        for setup in setups {
            let before = testRun?.failureCount ?? 0
            _ = try checkScrollFrames(setup, seed: 0, script: script)
            if (testRun?.failureCount ?? 0) > before { return XCTFail("\(name): \(setup)") }
        }
    }

    func testTheScreenGoingOffAndOnMidDragAndMidFling() throws {
        var s = press(at: 100, y: 500, by: -7, frames: 20)
        s += "at 450 screen off\nat 700 screen on\n"
        s += drag(at: 720, y: 360, by: -5, frames: 20)
        s += "at 1100 up 0\nat 1200 swipe 0 240 600 240 100 80\nat 1400 screen off\nat 1500 screen on\nat 4000 end\n"
        try checkIndicatorScript("screen", s)
    }

    func testRubberBandsHeldAtBothEnds() throws {
        // Pull down past the top and hold, release; fling to the end, pull up past it and hold.
        var s = press(at: 100, y: 200, by: 9, frames: 30)
        s += "at 700 move 0 240 470\nat 900 up 0\n"
        for r in 0..<6 { s += "at \(1500 + 300 * r) swipe 0 240 600 240 60 60\n" }
        s += press(at: 4000, y: 500, by: -11, frames: 30)
        s += "at 4600 move 0 240 170\nat 4800 up 0\nat 8000 end\n"
        try checkIndicatorScript("rubber", s)
    }

    func testASecondFingerAndARowSwipedOpenBesideTheIndicator() throws {
        var s = "at 100 swipe 0 240 600 240 100 80\n" + press(at: 500, y: 400, by: -3, frames: 10)
        s += "at 680 down 1 100 300\n"
        for k in 1...10 { s += "at \(680 + 16 * k) move 0 240 \(370 - 4 * k)\nat \(680 + 16 * k) move 1 \(100 + 20 * k) 300\n" }
        s += "at 900 up 1\n"
        s += drag(at: 900, y: 330, by: -4, frames: 10)
        s += "at 1100 up 0\n"
        // A row swiped open next to the indicator while it shows, then a drag closes it.
        s += "at 1200 swipe 0 470 300 150 300 200\n" + press(at: 1500, y: 300, by: 2, frames: 15)
        s += "at 1800 up 0\nat 4000 end\n"
        try checkIndicatorScript("fingers", s)
    }

    func testArrowKeysWhileAFingerDrags() throws {
        var s = "at 100 swipe 0 240 600 240 100 80\nat 400 down 0 240 400\n"
        var t = 400
        for k in 1...60 {
            t += 16
            s += "at \(t) move 0 240 \(400 - (k % 20) * 2 - k)\n"
            if k % 4 == 0 { s += "at \(t) key \(k % 8 == 0 ? "UP" : "DOWN")\n" }
        }
        s += "at \(t + 16) up 0\n"
        for k in 0..<25 { s += "at \(t + 100 + 40 * k) key DOWN\n" }
        s += "at \(t + 3000) end\n"
        try checkIndicatorScript("keys", s)
    }

    func testAPushAndAPopMidScroll() throws {
        var s = flickCaught(at: 400)
        s += "at 600 up 0\nat 700 tap 200 300\nat 1500 key ESCAPE\n"
        s += press(at: 2000, y: 400, by: -3, frames: 20)
        s += "at 2400 up 0\nat 2450 key ENTER\nat 3200 key ESCAPE\n" + press(at: 3300, y: 300, by: 3, frames: 20)
        s += "at 3700 up 0\nat 6000 end\n"
        try checkIndicatorScript("push", s)
    }
}

extension DamageTrackingTests {
    /// A finger holds the list (indicator at full alpha, still) while the keyboard deletes the
    /// focused row: the row collapses and the content gets shorter, so the indicator grows and
    /// moves while nothing global changes between frames; then the finger drags on.
    func testRowsDeletedFromTheKeyboardUnderAHeldList() throws {
        var s = flickCaught(at: 600) + keys("DOWN", at: 900, count: 3)
        s += "at 1100 key DELETE\n"
        s += "at 1200 key DOWN\nat 1300 key DELETE\n"
        s += drag(at: 4000, y: 370, by: -3, frames: 10)
        s += "at 4300 up 0\nat 4400 down 0 240 300\n" + keys("DOWN", at: 4500, count: 3)
        s += "at 4700 key DELETE\n"
        s += drag(at: 4700, y: 300, by: 3, frames: 20)
        s += "at 5200 up 0\nat 9000 end\n"
        try checkIndicatorScript("delete", s)
    }
}

extension DamageTrackingTests {
    /// Tiny screens: the indicator's minimum length is most of the list's height (or more), so its
    /// rectangle is clipped by the list area.
    func testTinyScreensWhereTheListAreaClipsTheIndicator() throws {
        let setups = [
            ScrollSetup(width: 240, height: 200, rotation: .none, scale: 2, rtl: false, sections: true),
            ScrollSetup(width: 180, height: 260, rotation: .clockwise90, scale: 2, rtl: true, sections: false),
            ScrollSetup(width: 300, height: 220, rotation: .none, scale: 1.5, rtl: false, sections: true),
            ScrollSetup(width: 320, height: 240, rotation: .upsideDown, scale: 1, rtl: true, sections: true),
        ]
        for seed in UInt64(500)..<UInt64(504) {
            for setup in setups {
                let before = testRun?.failureCount ?? 0
                _ = try checkScrollFrames(setup, seed: seed)
                if (testRun?.failureCount ?? 0) > before { return XCTFail("seed \(seed): \(setup)") }
            }
        }
    }
}
