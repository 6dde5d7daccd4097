// Names and strings operators type: mode requests, connector names, fourcc codes.
import CDRM
import SwipeCore
import XCTest
@testable import KioskHardware

final class DisplayNamingTests: XCTestCase {
    func testModeParsing() {
        XCTAssertEqual(ModeRequest(parsing: "preferred"), .preferred)
        XCTAssertEqual(ModeRequest(parsing: "1280x800"), .size(width: 1280, height: 800, refresh: nil))
        XCTAssertEqual(ModeRequest(parsing: "800x480@60"), .size(width: 800, height: 480, refresh: 60))
        for bad in ["1280", "x800", "1280x", "1280x800@", "0x10", "12x34@x", "1x2@3@4", "-1x5"] {
            XCTAssertNil(ModeRequest(parsing: bad), bad)
        }
    }

    func testModeSelection() {
        func mode(_ w: Int, _ h: Int, _ hz: Int, preferred: Bool = false) -> DisplayMode {
            var info = drmModeModeInfo()
            info.hdisplay = UInt16(w); info.vdisplay = UInt16(h); info.vrefresh = UInt32(hz)
            info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
            return DisplayMode(info)
        }
        let modes = [mode(1920, 1080, 60), mode(1280, 800, 75, preferred: true), mode(1280, 800, 60), mode(1280, 800, 50)]
        XCTAssertEqual(ModeRequest.preferred.select(from: modes), 1)
        XCTAssertEqual(ModeRequest(parsing: "1280x800")!.select(from: modes), 1)
        XCTAssertEqual(ModeRequest(parsing: "1280x800@59")!.select(from: modes), 2)
        XCTAssertNil(ModeRequest(parsing: "640x480")!.select(from: modes))
        XCTAssertEqual(ModeRequest.preferred.select(from: [mode(640, 480, 60)]), 0)
    }

    func testConnectorNames() {
        XCTAssertEqual(ConnectorName.make(type: 11, typeID: 1), "HDMI-A-1")
        XCTAssertEqual(ConnectorName.make(type: 15, typeID: 1), "Virtual-1")
        XCTAssertEqual(ConnectorName.make(type: 14, typeID: 2), "eDP-2")
        XCTAssertEqual(ConnectorName.make(type: 99, typeID: 1), "Unknown99-1")
    }

    func testFourCCMatchesTheKernelValue() {
        XCTAssertEqual(DRMFourCC.xrgb8888.rawValue, 0x3432_5258)
        XCTAssertEqual(DRMFourCC.xrgb8888.description, "XR24")
    }

    func testKeyNames() {
        XCTAssertEqual(Key(code: 1).name, "ESC")
        XCTAssertEqual(Key(code: 28).name, "ENTER")
        XCTAssertEqual(Key(name: "esc"), .escape)
        XCTAssertEqual(Key(code: 0x2ff).name, "KEY_767")
    }
}
