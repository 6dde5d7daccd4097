// Hostile and careless clients of the control socket, and a hostile runtime directory: none of
// them may crash the app, block its loop or keep it from answering the next `status`; the socket
// is only created where nobody else can replace it and never over something that is not ours.
import Foundation
import XCTest

final class ControlSocketHostileTests: XCTestCase {
    /// A connected client descriptor (blocking, 20 s receive timeout so a bug fails instead of hanging).
    private func connect(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(result, 0, "connect: errno \(errno)")
        return fd
    }

    /// Everything the server sends until it closes (a reset after the data, as when it closes
    /// with some of an overlong line unread, ends it too); nil when it does not close within
    /// the receive timeout.
    private func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 { return bytes }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? nil : bytes }
            bytes += chunk[..<count]
        }
    }

    func testOverlongLineIsRefusedAndTheAppAnswersOn() throws {
        let kiosk = try RunningKiosk()
        let fd = try connect(kiosk.socket)
        defer { close(fd) }
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)
        _ = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let reply = String(decoding: readAll(fd) ?? [], as: UTF8.self)
        XCTAssertEqual(reply, "error request line over 4096 bytes\n")
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on")
    }

    func testUnknownRequestGetsAnErrorLine() throws {
        let kiosk = try RunningKiosk()
        let fd = try connect(kiosk.socket)
        defer { close(fd) }
        _ = send(fd, "format disk\n", 12, Int32(MSG_NOSIGNAL))
        let reply = String(decoding: readAll(fd) ?? [], as: UTF8.self)
        XCTAssertTrue(reply.hasPrefix("error unknown request"), reply)
    }

    func testSilentClientIsDroppedAndDoesNotBlockOthers() throws {
        let kiosk = try RunningKiosk()
        let silent = try connect(kiosk.socket)
        defer { close(silent) }
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on", "answered while a client says nothing")
        XCTAssertEqual(readAll(silent), [], "the silent client is closed by the server (its timeout), without a reply")
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on")
    }

    func testHundredClientsAtOnceThenStatus() throws {
        let kiosk = try RunningKiosk()
        let crowd = try (0..<100).map { _ in try connect(kiosk.socket) }
        // Some are served (and wait for their line), the rest are told they are too many.
        var busy = 0
        for fd in crowd.suffix(50) where String(decoding: readAll(fd) ?? [], as: UTF8.self) == "error busy\n" { busy += 1 }
        XCTAssertEqual(busy, 50, "past the client limit, a client is told 'busy' and closed")
        crowd.forEach { close($0) }
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on", "the crowd gone, the app answers")
    }

    func testClientThatLeavesMidReplyDoesNotHurtTheApp() throws {
        let kiosk = try RunningKiosk()
        for _ in 0..<20 {
            let fd = try connect(kiosk.socket)
            _ = send(fd, "screenshot\n", 11, Int32(MSG_NOSIGNAL))
            var linger = linger(l_onoff: 1, l_linger: 0)  // close with a reset: the reply's writes fail
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            close(fd)
        }
        XCTAssertEqual(try kiosk.status()["screen"] as? String, "on")
        XCTAssertTrue(kiosk.child.isRunning)
    }

    func testScreenshotsAskedForAtOnceAllGetThePicture() throws {
        let kiosk = try RunningKiosk()
        let clients = try (0..<8).map { _ in try connect(kiosk.socket) }
        for fd in clients { _ = send(fd, "screenshot\n", 11, Int32(MSG_NOSIGNAL)) }
        let replies = clients.map { readAll($0) }
        clients.forEach { close($0) }
        let first = try XCTUnwrap(replies[0])
        XCTAssertTrue(first.starts(with: Array("ok ".utf8)), String(decoding: first.prefix(40), as: UTF8.self))
        XCTAssertTrue(first.count > 1000, "a PNG follows")
        for (index, reply) in replies.enumerated() { XCTAssertTrue(reply == first, "client \(index) gets the same frame (\(reply?.count ?? -1) bytes)") }
    }

    func testForeignFileAtTheSocketPathIsNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("control.sock")
        try "not a socket".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["run", "--backend", "headless", "--size", "64x64", "--database", directory.file("a.sqlite3"), "--control-socket", path])
        XCTAssertEqual(run.status, 73, run.standardError)
        XCTAssertTrue(run.standardError.contains("refusing to replace it"), run.standardError)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "not a socket")

        let link = directory.file("link.sock")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.file("elsewhere"))
        let linked = try KioskProcess(["run", "--backend", "headless", "--size", "64x64", "--database", directory.file("b.sqlite3"), "--control-socket", link])
        XCTAssertEqual(linked.status, 73, "a symlink is not followed: " + linked.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("elsewhere")))
    }

    func testWorldWritableDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.path, 0o777)
        let run = try KioskProcess(["run", "--backend", "headless", "--size", "64x64", "--database", directory.file("c.sqlite3"), "--control-socket", directory.file("control.sock")])
        XCTAssertEqual(run.status, 73, run.standardError)
        XCTAssertTrue(run.standardError.contains("world-writable"), run.standardError)
    }

    func testStaleSocketOfACrashedRunIsReplaced() throws {
        let directory = try TemporaryDirectory()
        let runtime = directory.file("run")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        close(try boundSocket(at: runtime + "/control.sock"))
        let child = Process()
        child.executableURL = try ItemStoreDurabilityTests.kioskExecutable()
        child.arguments = ["run", "--backend", "headless", "--size", "64x64", "--database", directory.file("items.sqlite3")]
        child.environment = ProcessInfo.processInfo.environment.merging(["RUNTIME_DIRECTORY": runtime]) { $1 }
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { child.terminate(); child.waitUntilExit() }
        var answered = false
        for _ in 0..<200 where !answered && child.isRunning {
            answered = try KioskProcess(["ctl", "--socket", runtime + "/control.sock", "status"]).status == 0
            if !answered { usleep(100_000) }
        }
        XCTAssertTrue(answered, "the stale socket was replaced by a live one")
    }
}
