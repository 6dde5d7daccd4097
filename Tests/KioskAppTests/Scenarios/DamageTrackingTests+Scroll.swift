// Damage tracking while a list scrolls by whole pixels: the pixels that stay are moved and
// only the rest is drawn (KioskScene+ScrollMove.swift). Random drags (whole-pixel moves),
// flings (fractional offsets: drawn in full), rubber bands, row swipes left open and closed by a
// scroll, pictures decoding, with and without sections (a pinned header) and the indicator fading, at every
// rotation, odd sizes, display scales 1, 1.3 and 2 and right to left, played on the device's
// runtime: every frame presented must be, byte for byte, a full redraw of the same state, on
// the shadow buffer and (rotated) on the panel.
import Canvas
import Foundation
import KioskHardware
import KioskUI
import SwipeCore
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskReplay
@testable import KioskStore

extension DamageTrackingTests {
    struct ScrollSetup {
        let width: Int, height: Int, rotation: DisplayRotation, scale: Double, rtl: Bool, sections: Bool
        /// The section headers' fill: translucent ones show the rows under them, so they are drawn again.
        var headerFill = SwipeColor(rgb: 0xE8E8ED)
        /// The rows' fill: translucent ones show the list's background.
        var rowFill = SwipeColor(rgb: 0xFFFFFF)
    }

    /// What `checkScrollFrames` counted: frames drawn by moving the list, those where only the
    /// indicator faded, and the scene's counts of indicators taken off and pinned headers kept.
    struct ScrollCounts {
        let moved: Int, faded: Int, restores: Int, headersKept: Int
    }

    func testScrollFramesDrawnByMovingEqualFullFrames() throws {
        let setups = [
            ScrollSetup(width: 480, height: 640, rotation: .none, scale: 1, rtl: false, sections: false),
            ScrollSetup(width: 641, height: 397, rotation: .clockwise90, scale: 1.3, rtl: false, sections: true),
            ScrollSetup(width: 501, height: 703, rotation: .upsideDown, scale: 1, rtl: true, sections: true),
            ScrollSetup(width: 403, height: 611, rotation: .clockwise270, scale: 2, rtl: false, sections: true),
            ScrollSetup(width: 517, height: 629, rotation: .none, scale: 1.3, rtl: true, sections: true),
        ]
        var moved = 0, faded = 0
        for (n, setup) in setups.enumerated() {
            let counts = try checkScrollFrames(setup, seed: UInt64(26 + n))
            moved += counts.moved
            faded += counts.faded
        }
        XCTAssertGreaterThan(moved, 100, "drags by whole pixels move the list's pixels")
        XCTAssertGreaterThan(faded, 500, "the indicator fades without the list being drawn again")
    }

    func testAFlingIsDrawnByMovingTheLastFrameByWholePixels() throws {
        // A quick flick: the deceleration's offsets are fractional, and the list is drawn at them
        // rounded to whole pixels, so a frame of the fling is the last one moved, plus the rows
        // that came in (and still equals a full redraw).
        let setup = ScrollSetup(width: 480, height: 640, rotation: .none, scale: 1, rtl: false, sections: true)
        let counts = try checkScrollFrames(setup, seed: 0, script: "at 100 swipe 0 240 600 240 100 80\nat 4000 end\n")
        XCTAssertGreaterThan(counts.moved, 60, "the fling's frames move the list")
        // The indicator stays put while the rows move: each frame after the first takes it off by
        // putting back what it covered, as does each frame of its fade.
        XCTAssertGreaterThanOrEqual(counts.restores, counts.moved + counts.faded - 1, "the rows under the indicator are drawn again")
        // The pinned header stays while the rows scroll under it, but for the frames where the
        // next one pushes it off.
        XCTAssertGreaterThan(counts.headersKept, counts.moved / 2, "the pinned header is drawn again each frame")
    }

    func testAPinnedHeaderPushedOffPixelByPixelEqualsFullFrames() throws {
        // One or two pixels a frame, stroke after stroke, across the first sections' ends (a
        // section is 7 rows of 76 and a header of 28), up and then back down: the frames where the
        // next header starts and stops pushing the pinned one. On a tall screen and on screens
        // whose list is a few pixels taller than the header.
        for height in [640, 100, 130] {
            let setup = ScrollSetup(width: 480, height: height, rotation: .none, scale: 1, rtl: false, sections: true)
            var script = "", time = 100
            for up in [true, false] {
                for _ in 0..<(700 / (height - 4) + 1) {
                    var y = up ? height - 2 : 2, k = 0
                    script += "at \(time) down 0 240 \(y)\n"
                    while up ? y > 3 : y < height - 3 {
                        k += 1
                        y += (up ? -1 : 1) * (k % 2 + 1)
                        script += "at \(time + 16 * k) move 0 240 \(y)\n"
                    }
                    script += "at \(time + 16 * k + 16) up 0\n"
                    time += 16 * k + 600
                }
            }
            let counts = try checkScrollFrames(setup, seed: 0, script: script + "at \(time + 1000) end\n", untilMs: Double(time + 1000))
            XCTAssertGreaterThan(counts.headersKept, 0, "height \(height): the pinned header is drawn again each frame")
        }
    }

    func testTranslucentHeadersAndRowsShowWhatIsUnderThemNotTheLastFrame() throws {
        // Rows show through a header at half opacity (its pixels change as they scroll, so they
        // are never kept), and the list's background through rows at half opacity.
        for (header, row): (UInt32, UInt32) in [(0xE8E8ED80, 0xFFFFFFFF), (0xE8E8EDFF, 0xFFFFFF80)] {
            var setup = ScrollSetup(width: 480, height: 640, rotation: .none, scale: 1, rtl: false, sections: true)
            setup.headerFill = SwipeColor(rgba: header)
            setup.rowFill = SwipeColor(rgba: row)
            let counts = try checkScrollFrames(setup, seed: 0, script: "at 100 swipe 0 240 600 240 100 80\nat 4000 end\n")
            XCTAssertGreaterThan(counts.moved, 60, "the fling's frames move the list")
            if header & 0xFF != 0xFF { XCTAssertEqual(counts.headersKept, 0, "a translucent header's pixels were kept") }
        }
    }

    func testRowsDrawnAgainUnderTheHeldIndicatorAreNotCoveredByWhatWasUnderItBefore() throws {
        // A flick, caught by a finger that holds the list still, the indicator showing; the
        // keyboard moves the focus ring down three rows, to the one under the indicator (those
        // rows are drawn again, the indicator over them); then the finger drags on. What the
        // indicator covered before the ring came is no longer what is under it.
        let setup = ScrollSetup(width: 480, height: 640, rotation: .none, scale: 1, rtl: false, sections: true)
        var script = "at 100 swipe 0 240 600 240 100 80\nat 700 down 0 240 300\nat 720 move 0 240 280\nat 740 move 0 240 260\n"
        for k in 0..<3 { script += "at \(800 + 50 * k) key DOWN\n" }
        script += "at 1250 move 0 240 250\nat 1270 move 0 240 230\nat 1300 up 0\nat 3000 end\n"
        let counts = try checkScrollFrames(setup, seed: 0, script: script)
        XCTAssertGreaterThan(counts.restores, 1, "the drag's frames take the indicator off")
    }

    /// A random touch script of drags, flings, rubber bands and row swipes on a `width`x`height`
    /// screen (logical) mounted at `rotation`: the script's points are the panel's.
    func randomScrollScript(width w: Int, height h: Int, rotation: DisplayRotation, using rng: inout SplitMix64) -> String {
        var lines: [String] = [], t = 100
        let x = w / 2
        func at(_ x: Int, _ y: Int) -> String {
            let p = rotation.physicalPoint(Point(x: Double(x), y: Double(y)), logical: PixelSize(width: w, height: h))
            return "\(Int(p.x)) \(Int(p.y))"
        }
        // A drag by whole pixels (down the screen for a positive `direction`), ending still or with a fling.
        func drag(direction: Int) {
            var y = Int.random(in: h / 3...(h - 20), using: &rng)
            lines.append("at \(t) down 0 \(at(x, y))")
            let step = direction * Int.random(in: 1...45, using: &rng)
            for _ in 0..<Int.random(in: 5...30, using: &rng) {
                t += 16
                y = min(h - 1, max(1, y + step + Int.random(in: -6...6, using: &rng)))
                lines.append("at \(t) move 0 \(at(x, y))")
            }
            if Bool.random(using: &rng) { t += 120; lines.append("at \(t) move 0 \(at(x, y))") }  // held still
            t += 16
            lines.append("at \(t) up 0")
        }
        for _ in 0..<14 {
            switch Int.random(in: 0..<7, using: &rng) {
            case 0, 1, 2:
                drag(direction: Bool.random(using: &rng) ? 1 : -1)
            case 3:  // a fling: the moves are interpolated, so the offsets are fractional
                let from = Int.random(in: h / 3...(h - 20), using: &rng), to = Int.random(in: 80...(h - 20), using: &rng)
                lines.append("at \(t) swipe 0 \(at(x, from)) \(at(x, to)) \(Int.random(in: 60...250, using: &rng))")
                t += 250
            case 4:  // a row swiped open (closed again by the next scroll)
                let y = Int.random(in: h / 3...(h - 20), using: &rng)
                lines.append("at \(t) swipe 0 \(at(w - 30, y)) \(at(w / 3, y)) 200")
                t += 200
            default:  // to the top or the end, where the offset comes to rest on a whole pixel, then a drag from there
                let down = Bool.random(using: &rng)
                for _ in 0..<2 {
                    lines.append("at \(t) swipe 0 \(at(x, down ? 80 : h - 5)) \(at(x, down ? h - 5 : 80)) 60")
                    t += 1500
                }
                drag(direction: down ? -1 : 1)  // away from the end it rests at
            }
            t += Int.random(in: 16...900, using: &rng)  // pauses: the indicator fades
        }
        lines.append("at \(t + 1500) end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plays `script` (a random one when nil) on `setup`, comparing every presented frame with a full redraw.
    /// Returns how many frames moved the list and how many only faded its indicator.
    func checkScrollFrames(_ setup: ScrollSetup, seed: UInt64, script given: String? = nil, untilMs: Double = 20_000) throws -> ScrollCounts {
        let f = try PictureFixtures()
        defer { f.remove() }
        try f.writeGoodPictures()
        let images = ["photo.jpg", "logo.png", "picture.webp", "", ""]
        let store = try ItemStore(path: f.database)
        // One statement per value: Swift 6.0.3 (Debian 13) gives up type-checking them as one expression.
        var items: [ItemRecord] = []
        for i in 0..<90 {
            let image: String? = images[i % images.count].isEmpty ? nil : images[i % images.count]
            let section: String = setup.sections ? "Day \(i / 7 + 1)" : ""
            items.append(ItemRecord(id: ItemID("s\(i)"), listID: "inbox", title: "Person \(i)", subtitle: "Subject \(i)",
                                    badge: i % 4, unread: i % 3 == 0, flagged: i % 5 == 0, section: section,
                                    sortKey: Int64(i), updatedAt: 0, image: image))
        }
        try store.insert(items)
        var configuration = KioskConfiguration()
        configuration.data.demoData = false
        configuration.data.imageDirectory = f.pictures
        configuration.display.scale = setup.scale
        configuration.theme.sectionHeader = setup.headerFill
        configuration.theme.row = setup.rowFill
        configuration.direction = setup.rtl ? .rightToLeft : .leftToRight
        var rng = SplitMix64(state: seed)
        let script = given ?? randomScrollScript(width: setup.width, height: setup.height, rotation: setup.rotation, using: &rng)
        let physical = setup.rotation.swapsAxes ? (setup.height, setup.width) : (setup.width, setup.height)
        let app = try AppOptions.parse([]).makeApplication(configuration: configuration, databasePath: f.database,
                                                           size: (setup.width, setup.height))
        let replay = try ReplaySession(app: app, width: setup.width, height: setup.height, rotation: setup.rotation,
                                       steps: try TouchScript(parsing: script).steps)
        let full = try Surface(width: setup.width, height: setup.height, format: .xrgb8888)
        let turned = try Surface(width: physical.0, height: physical.1, format: .xrgb8888)
        let painter = Painter(target: full)
        let list = app.scene.contentFrame.snappedPixels
        var moved = 0, faded = 0, frames = 0, failure: String?
        replay.session.onFrameDrawn = { _, damage in
            guard failure == nil else { return }
            frames += 1
            // A move changes the whole list but a header pinned at its top (kept) and the indicator's old place.
            if damage.count == 1, damage[0].width == list.width, damage[0].maxY == list.maxY, damage[0].height > list.height / 2 {
                moved += 1
            } else if damage.count == 1, damage[0].width < 20 {
                faded += 1
            }
            let time = replay.session.loop.now
            painter.reset()
            // From magenta each time: a pixel a full redraw leaves as it was shows up.
            full.fill(Color(rgba: 0xFF00FFFF))
            app.scene.render(painter, time: time)
            let shadow = replay.session.shadow
            let fullBuffer = PixelBuffer(base: full.baseAddress, size: PixelSize(width: full.width, height: full.height), stride: full.stride)
            let turnedBuffer = PixelBuffer(base: turned.baseAddress, size: PixelSize(width: turned.width, height: turned.height), stride: turned.stride)
            turnedBuffer.copyRotated(from: fullBuffer, rect: PixelRect(size: fullBuffer.size), rotation: setup.rotation)
            let scanout = replay.display.scanout
            if memcmp(shadow.base, full.baseAddress, full.stride * full.height) != 0 {
                let rows = (0..<full.height).filter { memcmp(shadow.base + $0 * shadow.stride, full.baseAddress + $0 * full.stride, full.width * 4) != 0 }
                failure = "shadow buffer (rows \(rows.first!)...\(rows.last!))"
            } else if memcmp(scanout.base, turned.baseAddress, turned.stride * turned.height) != 0 {
                failure = "panel"
            }
            if let failure {
                XCTFail("\(setup), seed \(seed): frame \(frames) at \(time) s (damage \(damage)): the \(failure) differs from a full redraw")
                try? PNG.write(try! Surface(wrapping: shadow.base, width: full.width, height: full.height, stride: shadow.stride,
                                            format: .xrgb8888), to: "/tmp/scroll-moved.png")
                try? PNG.write(full, to: "/tmp/scroll-full.png")
            }
        }
        var ms = 0.0
        while ms < untilMs, failure == nil {
            ms += 1000.0 / 60
            try replay.run(untilMs: ms)
        }
        XCTAssertGreaterThan(frames, 50, "\(setup)")
        return ScrollCounts(moved: moved, faded: faded, restores: app.scene.indicatorRestores, headersKept: app.scene.pinnedHeadersKept)
    }
}
