// Display hotplug without hardware: uevents as the guest kernel of the VM tests sent them when
// QEMU's virtio-gpu connector was switched off and on (udevadm monitor --kernel --property), and
// the connector changes the output acts on. The VM test (test_drivers_vm.py,
// VirtioGPUHotplugVMTest) drives the same path on a real kernel.
import CDRM
import Glibc
import XCTest
@testable import KioskHardware

final class DisplayHotplugTests: XCTestCase {
    /// Recorded in the VM: SetDesktopSize 0x0 on QEMU's VNC server (virtio-vga, Linux 6.1).
    static let recorded: [String: String] = [
        "ACTION": "change", "DEVPATH": "/devices/pci0000:00/0000:00:03.0/drm/card0", "SUBSYSTEM": "drm",
        "HOTPLUG": "1", "DEVNAME": "/dev/dri/card0", "DEVTYPE": "drm_minor", "SEQNUM": "1126",
        "MAJOR": "226", "MINOR": "0",
    ]

    func testRecordedHotplugUeventAsksItsCardToReprobe() {
        let card0 = DRMUevent.deviceNumber(major: 226, minor: 0)
        XCTAssertTrue(DRMUevent(properties: Self.recorded).asksToReprobe(card: card0))
        XCTAssertFalse(DRMUevent(properties: Self.recorded).asksToReprobe(card: DRMUevent.deviceNumber(major: 226, minor: 1)), "another card")
        var noHotplug = Self.recorded
        noHotplug["HOTPLUG"] = nil
        XCTAssertFalse(DRMUevent(properties: noHotplug).asksToReprobe(card: card0), "a change without HOTPLUG=1")
        var added = Self.recorded
        added["ACTION"] = "add"
        XCTAssertFalse(DRMUevent(properties: added).asksToReprobe(card: card0))
        var connectorNode = Self.recorded  // card0-Virtual-1 has no MAJOR/MINOR
        connectorNode["MAJOR"] = nil
        connectorNode["MINOR"] = nil
        XCTAssertFalse(DRMUevent(properties: connectorNode).asksToReprobe(card: card0))
    }

    func testDeviceNumberIsWhatStatReports() throws {
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(DRMUevent.deviceNumber(major: 1, minor: 3), info.st_rdev, "/dev/null is 1:3")
    }

    func testConnectorChanges() {
        let big = Self.mode(1024, 768, preferred: true), small = Self.mode(800, 600, preferred: true)
        let on = ConnectorState(isConnected: true, modes: [big, Self.mode(800, 600)])
        let off = ConnectorState(isConnected: false, modes: [])
        XCTAssertEqual(ConnectorChange(from: on, to: off), .disconnected)
        XCTAssertEqual(ConnectorChange(from: off, to: off), .unchanged)
        XCTAssertEqual(ConnectorChange(from: off, to: on), .connected(preferred: big))
        XCTAssertEqual(ConnectorChange(from: on, to: on), .unchanged, "a uevent for another connector")
        let newPreferred = ConnectorState(isConnected: true, modes: [small, Self.mode(1024, 768)])
        XCTAssertEqual(ConnectorChange(from: on, to: newPreferred), .connected(preferred: small))
        XCTAssertEqual(ConnectorChange(from: on, to: ConnectorState(nil)), .disconnected, "an MST port that went away")
    }

    static func mode(_ width: Int, _ height: Int, preferred: Bool = false) -> DisplayMode {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width); info.vdisplay = UInt16(height); info.vrefresh = 75
        info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        return DisplayMode(info)
    }
}
