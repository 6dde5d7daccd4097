// Every numeric command-line option outside its range exits 64 with the accepted range, before
// anything starts (issue 22). Before: bench clamped --frames and --items with max() (a negative
// count ran silently, a huge one ran for hours), touch-test passed --blank-after on unchecked (a
// negative idle time, or an overflow trap once multiplied to milliseconds) and accepted a
// calibration of NaNs or a singular one that sends every touch to one line.
import XCTest

final class CommandLineRangeTests: XCTestCase {
    /// Runs `arguments`; checks exit 64 and that the first line of stderr is `Error: message`.
    func assertRefused(_ arguments: [String], _ message: String, line: UInt = #line) throws {
        let run = try KioskProcess(arguments)
        XCTAssertEqual(run.status, 64, "\(arguments): \(run.standardError)", line: line)
        XCTAssertEqual(run.standardError.split(separator: "\n").first.map(String.init), "Error: \(message)",
                       "\(arguments)", line: line)
    }

    func testBenchCountsAreRefusedOutsideTheirRange() throws {
        try assertRefused(["bench", "--frames=-5"], "--frames must be 10 to 1000000, not -5")
        try assertRefused(["bench", "--frames", "9"], "--frames must be 10 to 1000000, not 9")
        try assertRefused(["bench", "--frames", "1000001", "--scenario", "none"], "--frames must be 10 to 1000000, not 1000001")
        try assertRefused(["bench", "--items", "0", "--frames", "10"], "--items must be 1 to 100000, not 0")
        try assertRefused(["bench", "--items", "100001", "--scenario", "none"], "--items must be 1 to 100000, not 100001")
    }

    func testTouchTestRefusesAnIdleTimeAndACalibrationThatCannotWork() throws {
        try assertRefused(["touch-test", "--blank-after=-1"], "--blank-after must be 0 to 86400 seconds (0 = never), not -1")
        try assertRefused(["touch-test", "--blank-after", "9223372036854775807"],
                          "--blank-after must be 0 to 86400 seconds (0 = never), not 9223372036854775807")
        try assertRefused(["touch-test", "--calibration", "nan 0 0 0 1 0"],
                          "--calibration must hold finite numbers within ±100, not nan 0 0 0 1 0")
        try assertRefused(["touch-test", "--calibration", "1 0 0 1e300 1 0"],
                          "--calibration must hold finite numbers within ±100, not 1 0 0 1e300 1 0")
        try assertRefused(["touch-test", "--calibration", "1 2 0 2 4 0"],
                          "--calibration maps every touch onto a line or a point (a·e − b·d is 0); the identity is \"1 0 0 0 1 0\"")
        try assertRefused(["touch-test", "--calibration", "1 0 0"], "--calibration needs six numbers \"a b c d e f\", e.g. \"1 0 0 0 1 0\"")
    }

    /// touch-test speaks the configuration's words (issue 27: `atomic = on|off` was
    /// `--modesetting atomic|legacy`, `forcefeedback` was `--haptic ff`): the config's values are
    /// taken (the run then stops at the missing DRM card, exit 69, not at the parser) and the old
    /// words are refused with the new ones named.
    func testTouchTestTakesTheConfigurationsWordsForAtomicAndHaptics() throws {
        try assertRefused(["touch-test", "--atomic", "legacy"], "--atomic must be auto, on or off")
        for value in ["ff", "command: ", "forcefeedback:", "led:vibrator", "command:relative/prog"] {
            try assertRefused(["touch-test", "--haptic", value],
                              "--haptic: none, forcefeedback, forcefeedback:DEVICE, led:/sys/class/leds/NAME or command:CMD "
                              + "(DEVICE, the LED and CMD's program absolute paths)")
        }
        for arguments in [["--atomic", "off"], ["--atomic", "on", "--haptic", "forcefeedback:/dev/input/event3"],
                          ["--haptic", "led:/sys/class/leds/vibrator"], ["--haptic", "command:/bin/echo buzz"]] {
            let run = try KioskProcess(["touch-test", "--device", "/nonexistent/card0"] + arguments)
            XCTAssertEqual(run.status, 69, "\(arguments) reach the device: \(run.standardError)")
        }
    }
}
