// The keys whose effect is on hardware (a DRM card, input devices, a vibrator) reach the
// hardware layer's configuration exactly: what `run` hands to KioskSession.device. Their effect
// on a real kernel is shown by the VM tests (Tests/e2e).
import ArgumentParser
import Foundation
import KioskHardware
import XCTest
@testable import KioskApp
@testable import KioskConfig
import SwipeCore

final class ConfigurationMappingTests: XCTestCase {
    private func load(_ toml: String) throws -> KioskConfiguration {
        try KioskConfiguration.parse(toml, file: "test.toml")
    }

    func testDisplayKeysReachTheOutputConfiguration() throws {
        let configuration = try load("""
            [display]
            device = "/dev/dri/card1"
            connector = "HDMI-A-2"
            mode = "1024x768@75"
            rotation = 90
            atomic = "off"
            """)
        let display = configuration.display.hardware()
        XCTAssertEqual(display.devicePath, "/dev/dri/card1")
        XCTAssertEqual(display.connector, "HDMI-A-2")
        XCTAssertEqual(display.mode, .size(width: 1024, height: 768, refresh: 75), "the @Hz part is kept")
        XCTAssertEqual(display.rotation, .clockwise90)
        XCTAssertEqual(display.modesetting, .legacy)
        XCTAssertEqual(try load("[display]\natomic = \"on\"").display.hardware().modesetting, .atomic)
        XCTAssertEqual(try load("").display.hardware().modesetting, .auto)
        XCTAssertEqual(try load("").display.hardware().mode, .preferred)
        let overridden = configuration.display.hardware(device: "/dev/dri/card0", rotation: 180)
        XCTAssertEqual(overridden.devicePath, "/dev/dri/card0", "--device wins")
        XCTAssertEqual(overridden.rotation, .upsideDown, "--rotation wins")
    }

    func testInputDevicesChooseTheBackend() throws {
        guard case .udev(let seat) = try load("").input.backend else { return XCTFail("no devices: udev") }
        XCTAssertEqual(seat, "seat0")
        guard case .paths(let paths) = try load("[input]\ndevices = [\"/dev/input/event2\"]").input.backend else {
            return XCTFail("listed devices: exactly those")
        }
        XCTAssertEqual(paths, ["/dev/input/event2"])
    }

    func testLockDownKeysReachTheInputLayer() throws {
        let defaults = try load("").input
        XCTAssertFalse(defaults.vtSwitching, "Ctrl+Alt+Fn switches nothing unless an operator turns it on")
        XCTAssertEqual(defaults.keyboardPolicy, .all)
        let locked = try load("[input]\nkeyboard = false\nkeyboard_allow = [\"Accessibility Keypad\", \"1d6b:0104\"]\nvt_switching = true").input
        XCTAssertTrue(locked.vtSwitching)
        XCTAssertEqual(locked.keyboardPolicy, KeyboardPolicy(admitsEveryKeyboard: false, allowed: ["Accessibility Keypad", "1d6b:0104"]))
        XCTAssertFalse(locked.keyboardPolicy.admits(name: "USB Keyboard", vendor: 0x046d, product: 0xc31c))
        XCTAssertThrowsError(try load("[input]\nkeyboard_allow = [\"\"]"), "an empty name is refused")
    }

    func testHapticKeysReachTheBackend() throws {
        let rumble = try load("[haptics]\nbackend = \"forcefeedback\"\ndevice = \"/dev/input/event3\"").haptics.hardware
        XCTAssertEqual(rumble.backend, .forceFeedback(device: "/dev/input/event3"))
        let led = try load("[haptics]\nbackend = \"led\"\nled = \"/sys/class/leds/buzzer\"").haptics.hardware
        XCTAssertEqual(led.backend, .led(name: "buzzer", transient: false))
        let command = try load("[haptics]\nbackend = \"command\"\ncommand = [\"/usr/bin/buzz\", \"it's\"]\nrate_limit_ms = 250").haptics.hardware
        XCTAssertEqual(command.backend, .command("'/usr/bin/buzz' 'it'\\''s'", minimumIntervalMilliseconds: 250))
    }

    func testHeadlessBackendKeyRunsTheAppOnAVirtualPanel() throws {
        // `backend = "headless"` (no --backend, no --size): the app runs on a 1280x800 virtual panel.
        let kiosk = try RunningKiosk(config: "[display]\nbackend = \"headless\"\n", backend: [])
        let shot = try kiosk.screenshot()
        XCTAssertEqual([shot.width, shot.height], [1280, 800])
        XCTAssertEqual(kiosk.stop(), 0, "SIGTERM ends it cleanly")
    }
}
