// Replaying a `libinput record` file: protocol-B multitouch decoded into touches and scaled
// from the recorded axis ranges; the recorded swipe opens a row exactly as a script would.
import KioskHardware
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskReplay

final class LibinputRecordingTests: XCTestCase {
    /// A recording of one finger on a 1280x800 panel, as `libinput record` writes it (axis range
    /// 0…4095, events every 8 ms): from (`x`, `y`) it moves `step` px left every 8 ms for 200 ms
    /// and lifts at 400 ms; by default a swipe left across the second row, with `step` 0 a tap.
    static func recording(x: Double = 1200, y: Double = 178, step: Double = 12) -> String {
        func units(_ px: Double, _ size: Double) -> Int { Int(px * 4096 / size) }
        var events = ["  - evdev:", "    - [  0,      0,   3,  47,     0] # EV_ABS / ABS_MT_SLOT",
                      "    - [  0,      0,   3,  57,   12] # EV_ABS / ABS_MT_TRACKING_ID",
                      "    - [  0,      0,   3,  53, \(units(x, 1280))] # EV_ABS / ABS_MT_POSITION_X",
                      "    - [  0,      0,   3,  54, \(units(y, 800))] # EV_ABS / ABS_MT_POSITION_Y",
                      "    - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms"]
        for i in 1...25 {
            let usec = i * 8000
            events += ["  - evdev:", "    - [  0, \(usec),   3,  53, \(units(x - Double(i) * step, 1280))] # EV_ABS / ABS_MT_POSITION_X",
                       "    - [  0, \(usec),   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +8ms"]
        }
        events += ["  - evdev:", "    - [  0, 400000,   3,  57,    -1] # EV_ABS / ABS_MT_TRACKING_ID",
                   "    - [  0, 400000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +200ms"]
        return """
            version: 1
            ndevices: 1
            libinput:
              version: "1.22.1"
              git: "unknown"
            devices:
            - node: /dev/input/event5
              evdev:
                # Name: vtouch virtual touchscreen
                name: "vtouch virtual touchscreen"
                id: [3, 4660, 22136, 0]
                codes:
                  0: [0, 1, 2] # EV_SYN
                  1: [330] # EV_KEY
                  3: [0, 1, 47, 53, 54, 57] # EV_ABS
                absinfo:
                  0: [0, 4095, 0, 0, 0]
                  1: [0, 4095, 0, 0, 0]
                  47: [0, 9, 0, 0, 0]
                  53: [0, 4095, 0, 0, 0]
                  54: [0, 4095, 0, 0, 0]
                  57: [0, 65535, 0, 0, 0]
                properties: [1]
              events:

            """ + events.joined(separator: "\n") + "\n"
    }

    func testARecordedSwipeDecodesIntoTouches() throws {
        let script = try LibinputRecording.script(from: Self.recording(), file: "r.yml", width: 1280, height: 800)
        let touches = script.steps.compactMap { step -> (SwipeCore.TouchPhase, Double)? in
            if case .touch(0, let phase, let x, _) = step.action { return (phase, x) }
            return nil
        }
        XCTAssertEqual(touches.first?.0, .began)
        XCTAssertEqual(touches.first?.1 ?? 0, 1200, accuracy: 0.5, "scaled from 0…4095 to 1280 px")
        XCTAssertEqual(touches.filter { $0.0 == .moved }.count, 25)
        XCTAssertEqual(touches.last?.0, .ended)
        XCTAssertEqual(script.steps.last?.action, .end)
    }

    func testReplayingARecordingOpensTheRow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("swipe.yml")
        try Self.recording().write(to: file, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json").path
        try ReplayCommand.parse([file.path, "--demo", "--size", "1280x800", "--state", state, "--screenshot", dir.appendingPathComponent("end.png").path]).run()
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any] ?? [:]
        XCTAssertEqual(dump.swipeState("inbox-2"), "open")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("end.png").path))
    }

    func testABrokenRecordingIsABadDataError() throws {
        XCTAssertThrowsError(try LibinputRecording.script(from: "devices:\n- evdev: [\n", file: "bad.yml", width: 10, height: 10)) {
            XCTAssertTrue("\($0)".hasPrefix("bad.yml: not a valid libinput recording"), "\($0)")
        }
    }
}
