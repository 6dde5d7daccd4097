// Replaying `libinput record` files of pointer devices and keyboards (issue 10): a recorded
// tablet click (QEMU's USB tablet, which a VNC client's pointer drives) or mouse click takes the
// path libinput's pointer events take on the device, so `[input] pointer_as_touch` decides
// whether it acts as a finger; a recorded key is a key press and release.
import XCTest

final class PointerRecordingTests: XCTestCase {
    /// One recorded frame: `(ms, [(type, code, value)])`, closed by a SYN_REPORT.
    typealias Frame = (ms: Int, events: [(Int, Int, Int)])

    /// A `libinput record` file of one or more devices, as the tool writes them.
    static func recording(_ devices: [(name: String, codes: String, absinfo: String?, frames: [Frame])]) -> String {
        var text = "version: 1\nndevices: \(devices.count)\nlibinput:\n  version: \"1.22.1\"\ndevices:\n"
        for (index, device) in devices.enumerated() {
            text += "- node: /dev/input/event\(index)\n  evdev:\n    name: \"\(device.name)\"\n    id: [3, 1575, 1, 0]\n"
            text += "    codes:\n" + device.codes + "\n"
            if let absinfo = device.absinfo { text += "    absinfo:\n" + absinfo + "\n" }
            text += "    properties: []\n  events:\n"
            for frame in device.frames {
                text += "  - evdev:\n"
                for (type, code, value) in frame.events + [(0, 0, 0)] {
                    text += "    - [ \(frame.ms / 1000), \(frame.ms % 1000 * 1000), \(type), \(code), \(value)]\n"
                }
            }
        }
        return text
    }

    /// QEMU's USB tablet: ABS_X/ABS_Y over 0…32767, BTN_LEFT, no BTN_TOUCH (libinput: a pointer).
    static func tablet(_ frames: [Frame]) -> (name: String, codes: String, absinfo: String?, frames: [Frame]) {
        ("QEMU QEMU USB Tablet", "      0: [0, 1, 2, 4]\n      1: [272, 273, 274]\n      2: [8]\n      3: [0, 1]",
         "      0: [0, 32767, 0, 0, 0]\n      1: [0, 32767, 0, 0, 0]", frames)
    }

    /// Tablet units for a screen position on 1280x800.
    static func at(_ x: Double, _ y: Double) -> [(Int, Int, Int)] {
        [(3, 0, Int(x * 32768 / 1280)), (3, 1, Int(y * 32768 / 800))]
    }

    static let press = (1, 272, 1), release = (1, 272, 0)

    /// A click on the second row (y 178 on 1280x800): move there, press, release 80 ms later.
    static let click: [Frame] = [(0, at(600, 178)), (16, [press]), (96, [release])]

    private func replay(_ recording: String, config: String? = nil) throws -> [String: Any] {
        try Scenario(recording, config: config, arguments: ["--size", "1280x800"]).state("final")
    }

    func testARecordedTabletClickOnARowPushesItsPage() throws {
        let state = try replay(Self.recording([Self.tablet(Self.click)]))
        XCTAssertEqual(state.stack, ["inbox", "detail:inbox-2"], "the click acts as a tap on the row")
    }

    func testWithPointerAsTouchOffTheSameClickDoesNothing() throws {
        let state = try replay(Self.recording([Self.tablet(Self.click)]), config: "[input]\npointer_as_touch = false\n")
        XCTAssertEqual(state.stack, ["inbox"])
        XCTAssertEqual(state.swipeState("inbox-2"), "idle")
    }

    func testARecordedTabletDragOpensTheRow() throws {
        var frames: [Frame] = [(0, Self.at(1200, 178)), (8, [Self.press])]
        for i in 1...25 { frames.append((8 + i * 8, Self.at(1200 - Double(i) * 12, 178))) }
        frames.append((220, [Self.release]))
        let state = try replay(Self.recording([Self.tablet(frames)]))
        XCTAssertEqual(state.swipeState("inbox-2"), "open", "dragged 300 px left with the button down")
        XCTAssertEqual(state.stack, ["inbox"])
    }

    func testARecordedMouseMovesByItsDeltasAndClicks() throws {
        // REL_X/REL_Y from the pointer's start at the top-left corner, 10 moves to (600, 178).
        var frames: [Frame] = (1...10).map { ($0 * 8, [(2, 0, 60), (2, 1, 17)]) }
        frames.append((88, [(2, 1, 8)]))
        frames += [(100, [Self.press]), (180, [Self.release])]
        let mouse = (name: "Logitech USB Optical Mouse", codes: "      0: [0, 1, 2, 4]\n      1: [272, 273, 274]\n      2: [0, 1, 8]",
                     absinfo: String?.none, frames: frames)
        let state = try replay(Self.recording([mouse]))
        XCTAssertEqual(state.stack, ["inbox", "detail:inbox-2"])
    }

    func testARecordedKeyboardBesideTheTabletGoesBack() throws {
        // The tablet's click pushes the page; KEY_ESC pressed and released on a keyboard pops it.
        let keyboard = (name: "AT Translated Set 2 keyboard", codes: "      0: [0, 1, 4, 17, 20]\n      1: [1, 28, 103, 108]",
                        absinfo: String?.none, frames: [Frame(ms: 1500, events: [(1, 1, 1)]), Frame(ms: 1580, events: [(1, 1, 0)])])
        let recording = Self.recording([Self.tablet(Self.click), keyboard])
        let pushed = try replay(Self.recording([Self.tablet(Self.click)]))
        XCTAssertEqual(pushed.stack.count, 2)
        let state = try replay(recording)
        XCTAssertEqual(state.stack, ["inbox"], "ESC went back")
    }
}
