// The control socket's line protocol (README "Control socket"): what a client sends and how a
// reply is framed. Other programs (the MQTT feed, scripts) speak it without our client, so the
// bytes are a contract.
import Foundation
import TestSupport
import XCTest
@testable import KioskHardware

final class ControlProtocolTests: XCTestCase {
    func testRequestLines() {
        XCTAssertEqual(ControlRequest(line: "status"), .status)
        XCTAssertEqual(ControlRequest(line: "  screen   off\r"), .screenOff, "blanks and a final CR are ignored")
        XCTAssertEqual(ControlRequest(line: "screen on"), .screenOn)
        XCTAssertNil(ControlRequest(line: "screen"))
        XCTAssertNil(ControlRequest(line: "STATUS"), "requests are lower case")
        XCTAssertNil(ControlRequest(line: "status now"))
        XCTAssertEqual(ControlRequest.allCases.map(\.line), ["status\n", "screenshot\n", "screen off\n", "screen on\n", "reload\n", "identify\n"])
    }

    func testReplyFraming() {
        XCTAssertEqual(ControlReply.ok([]).bytes, Array("ok 0\n".utf8))
        XCTAssertEqual(ControlReply.ok([1, 2, 10]).bytes, Array("ok 3\n".utf8) + [1, 2, 10])
        XCTAssertEqual(ControlReply.error("bad\nthing").bytes, Array("error bad thing\n".utf8), "an error is one line")
        XCTAssertEqual(ControlReply(bytes: Array("ok 3\n".utf8) + [1, 2, 10]), .ok([1, 2, 10]))
        XCTAssertEqual(ControlReply(bytes: Array("error busy\n".utf8)), .error("busy"))
        XCTAssertNil(ControlReply(bytes: Array("ok 4\n".utf8) + [1, 2, 10]), "a reply cut short is no reply")
        XCTAssertNil(ControlReply(bytes: Array("ok 3".utf8)))
        XCTAssertNil(ControlReply(bytes: Array("hello\n".utf8)))
    }

    /// A peer that answers one byte at a time, slower than the client's timeout in all but each
    /// single read, must not hold the client: the timeout is for the whole exchange (a per-read
    /// timeout was reset by every byte and held `ctl` and the feed's command thread for as long
    /// as the peer liked).
    func testATricklingPeerIsGivenUpOnAtTheWholeExchangesTimeout() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("trickle.sock")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(listener, 1), 0)
        // 12 bytes of a reply that never completes, 400 ms apart: 4.8 s in all, each gap far
        // below the 2 s timeout; then the peer closes (a client without a deadline reads it all
        // and finds no reply: a different error).
        let peer = Thread {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            for byte in Array("ok 999999\n..".utf8) {
                _ = withUnsafeBytes(of: byte) { send(fd, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
                usleep(400_000)
            }
            close(fd)
        }
        peer.start()
        do {
            _ = try ControlSocket.send(.status, to: path, timeoutSeconds: 2)
            XCTFail("a reply that never completes is no reply")
        } catch {
            guard case .system(let failure) = error.reason else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.errno, ETIMEDOUT, "\(error)")
        }
    }
}
