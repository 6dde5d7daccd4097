// The running app's control socket through the real binaries (README "Control socket"): a
// `run --backend headless` child and `swipe-kiosk ctl`. What the panel shows, screen off and on,
// identify, reload, the socket's mode, and the exit codes of `ctl`.
import Canvas
import Foundation
import TestSupport
import XCTest

final class ControlSocketTests: XCTestCase {
    func testScreenshotIsWhatAReplayOfTheSameDatabaseShows() throws {
        let kiosk = try RunningKiosk()
        let shot = try kiosk.screenshot()
        let reference = try kiosk.referenceScreenshot()
        XCTAssertEqual(shot.width, 480)
        XCTAssertEqual(shot.height, 320)
        XCTAssertTrue(shot.pixelWords == reference.pixelWords, "ctl screenshot differs from swipe-kiosk screenshot of the same state")
    }

    func testScreenOffBlanksUntilScreenOn() throws {
        let kiosk = try RunningKiosk()
        let reference = try kiosk.referenceScreenshot()
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on")

        XCTAssertEqual(try kiosk.ctl("screen", "off").status, 0)
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "off")
        let dark = try kiosk.screenshot()
        XCTAssertTrue(dark.pixelWords.allSatisfy { $0 & 0x00FF_FFFF == 0 }, "a screen switched off shows black")

        XCTAssertEqual(try kiosk.ctl("screen", "on").status, 0)
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on")
        let back = try kiosk.screenshot { $0.pixelWords == reference.pixelWords }
        XCTAssertTrue(back.pixelWords == reference.pixelWords, "screen on shows the list again")
    }

    func testIdentifyShowsTheKioskNameInABanner() throws {
        let kiosk = try RunningKiosk()
        let reference = try kiosk.referenceScreenshot()
        let kioskName = try XCTUnwrap(kiosk.status()["kiosk"] as? String)
        XCTAssertFalse(kioskName.isEmpty)
        XCTAssertEqual(try kiosk.ctl("identify").status, 0)
        // The banner is the accent colour (0x007AFF) across the top; the list's bar below it is not.
        let accent: UInt32 = 0x007AFF
        let shot = try kiosk.screenshot { $0.pixel(x: 2, y: 2) & 0x00FF_FFFF == accent }
        XCTAssertEqual(shot.pixel(x: 2, y: 2) & 0x00FF_FFFF, accent, "the banner is drawn at the top")
        XCTAssertNotEqual(reference.pixel(x: 2, y: 2) & 0x00FF_FFFF, accent, "…where the list shows something else")
        let textPixels = (0..<shot.width).filter { shot.pixel(x: $0, y: 48) & 0x00FF_FFFF == 0xFFFFFF }
        XCTAssertFalse(textPixels.isEmpty, "the banner's white text 'kiosk \(kioskName)' crosses its middle")
    }

    func testReloadReadsTheConfigurationAgainAndRefusesABadOne() throws {
        let kiosk = try RunningKiosk(config: "[[lists]]\nid = \"inbox\"\ntitle = \"Inbox\"\n")
        try "[[lists]]\nid = \"inbox\"\ntitle = \"Front desk\"\n".write(toFile: kiosk.config, atomically: true, encoding: .utf8)
        XCTAssertEqual(try kiosk.ctl("reload").status, 0)
        let page = try XCTUnwrap(kiosk.status()["page"] as? [String: Any])
        XCTAssertEqual(page["title"] as? String, "Front desk")

        try "[[lists]]\nid = 3\n".write(toFile: kiosk.config, atomically: true, encoding: .utf8)
        let refused = try kiosk.ctl("reload")
        XCTAssertEqual(refused.status, 65, "a reload the app refuses exits 65")
        XCTAssertTrue(refused.standardError.contains("reload failed"), refused.standardError)
        XCTAssertEqual((try kiosk.status()["page"] as? [String: Any])?["title"] as? String, "Front desk", "the running configuration stays")
    }

    func testSocketIsMode0660AndGoneAfterStop() throws {
        let kiosk = try RunningKiosk()
        var info = stat()
        XCTAssertEqual(lstat(kiosk.socket, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o660)
        XCTAssertEqual(kiosk.stop(), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: kiosk.socket), "the socket is removed at exit")
    }

    func testCtlWithoutARunningAppExits69() throws {
        let directory = try TemporaryDirectory()
        let missing = try KioskProcess(["ctl", "--socket", directory.file("control.sock"), "status"])
        XCTAssertEqual(missing.status, 69)
        XCTAssertTrue(missing.standardError.contains("no swipe-kiosk is running"), missing.standardError)

        // A socket nobody listens on (a crashed app's) is the same.
        let stale = directory.file("stale.sock")
        let fd = try boundSocket(at: stale)
        close(fd)
        let refused = try KioskProcess(["ctl", "--socket", stale, "status"])
        XCTAssertEqual(refused.status, 69, refused.standardError)
    }

    func testCtlScreenshotIntoADirectoryExits73AndUsageErrorsExit64() throws {
        let kiosk = try RunningKiosk()
        let directory = kiosk.directory.file("a-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let run = try kiosk.ctl("screenshot", directory)
        XCTAssertEqual(run.status, 73, run.standardError)
        XCTAssertEqual(try kiosk.ctl("screenshot").status, 64, "screenshot needs FILE")
        XCTAssertEqual(try kiosk.ctl("screen", "sideways").status, 64)
    }

    func testRunWithoutInputWaitsIdle() throws {
        let kiosk = try RunningKiosk()
        let status = try kiosk.status()
        XCTAssertEqual(status["version"] as? String, "0.1.0")
        XCTAssertEqual((status["items"] as? [String: Int])?["inbox"], 21, "the demo inbox")
        XCTAssertNil(status["last_touch_age_s"], "no touch yet")
        // The first frame is start-up (logged apart): frame times count the frames after it.
        XCTAssertEqual(status["frames"] as? Int, 0, "an idle app draws nothing after its first frame")
        XCTAssertNil(status["frame_p99_ms"])
        XCTAssertEqual(try kiosk.ctl("identify").status, 0, "a banner: frames to draw")
        XCTAssertTrue(waitUntil(timeout: 10) { ((try? kiosk.status())?["frames"] as? Int ?? 0) >= 1 })
        let shown = try kiosk.status()
        let p99 = try XCTUnwrap(shown["frame_p99_ms"] as? Double)
        let largest = try XCTUnwrap(shown["frame_max_ms"] as? Double)
        XCTAssertGreaterThan(p99, 0)
        XCTAssertGreaterThanOrEqual(largest, p99 - 0.1, "the p99 is a bucket's upper edge, at most 0.1 ms above the maximum")
        XCTAssertTrue(kiosk.child.isRunning)
    }
}

/// A Unix socket bound at `path` (not listening): what a crashed app leaves behind.
func boundSocket(at path: String) throws -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    XCTAssertEqual(bound, 0, "bind \(path)")
    return fd
}
