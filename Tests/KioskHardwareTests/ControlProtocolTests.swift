// The control socket's line protocol (README "Control socket"): what a client sends and how a
// reply is framed. Other programs (the MQTT feed, scripts) speak it without our client, so the
// bytes are a contract.
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
}
