// Commands over MQTT, end to end (README.md, "Fleets": commands): a real broker, the real feed
// and a real headless app behind its control socket. `screenshot` publishes the very PNG that
// `swipe-kiosk ctl screenshot` writes; `screen off` switches the app's screen off; the fleet-wide
// topic reaches every feed; a retained command is not run; an unknown command and a missing app
// get `ok: false` (the latter with ctl's own message); `status` answers with the app's status and
// carries the caller's id back; commands beyond the waiting queue are answered `busy`.
import Foundation
import Glibc
import TestSupport
import XCTest
@testable import KioskFeed

final class FeedCommandTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var broker: MosquittoBroker!
    private var observer: TestMQTTClient!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        broker = try MosquittoBroker(directory: directory.path)
        observer = try TestMQTTClient(port: broker.port)
        observer.subscribe("swipe-kiosk/kiosks/+/responses")
        observer.subscribe("swipe-kiosk/kiosks/+/screenshot")
        observer.subscribe("swipe-kiosk/kiosks/+/status")
    }

    override func tearDown() {
        observer = nil
        broker = nil
        directory = nil
    }

    /// A feed for `kiosk` whose commands go to `socket`, once its status says it is online
    /// (it subscribed to the commands topics before it published that).
    private func startFeed(_ kiosk: String, socket: String) throws -> FeedProcess {
        let config = try writeFeedConfig(directory, name: kiosk, broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: kiosk,
                                         extra: ["control_socket = \"\(socket)\""])
        let feed = try FeedProcess(config: config, database: directory.file(kiosk + ".sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 30) { self.feedStatus(kiosk)?["state"] as? String == "online" }, feed.log)
        return feed
    }

    /// The last status `kiosk`'s feed published.
    private func feedStatus(_ kiosk: String) -> [String: Any]? {
        observer.received(on: "swipe-kiosk/kiosks/\(kiosk)/status").last
            .flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
    }

    /// The feed's command counters in its last status.
    private func commandCounters(_ kiosk: String) -> [String: Int]? {
        (feedStatus(kiosk)?["feed"] as? [String: Any])?["commands"] as? [String: Int]
    }

    /// The responses `kiosk`'s feed published so far, decoded.
    private func responses(_ kiosk: String) -> [[String: Any]] {
        observer.received(on: "swipe-kiosk/kiosks/\(kiosk)/responses")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
    }

    /// Publishes `command` (not retained) on `kiosk`'s commands topic and waits for one more response.
    private func send(_ command: String, to kiosk: String, feed: FeedProcess) throws -> [String: Any] {
        let before = responses(kiosk).count
        observer.publish("swipe-kiosk/kiosks/\(kiosk)/commands", Array(command.utf8), retain: false)
        XCTAssertTrue(waitUntil(timeout: 30) { self.responses(kiosk).count > before }, feed.log)
        return try XCTUnwrap(responses(kiosk).last)
    }

    func testScreenshotIsThePNGCtlWrites() throws {
        let app = try HeadlessApp()
        let feed = try startFeed("k1", socket: app.socket)
        let response = try send("screenshot", to: "k1", feed: feed)
        XCTAssertEqual(response["command"] as? String, "screenshot")
        XCTAssertEqual(response["ok"] as? Bool, true, "\(response)")
        let png = try XCTUnwrap(observer.received(on: "swipe-kiosk/kiosks/k1/screenshot").last).payload
        XCTAssertEqual(response["screenshot_bytes"] as? Int, png.count)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        let file = directory.file("ctl.png")
        let ctl = try app.ctl("screenshot", file)
        XCTAssertEqual(ctl.status, 0, ctl.standardError)
        XCTAssertTrue(png == Array(try Data(contentsOf: URL(fileURLWithPath: file))), "the PNG over MQTT is the one ctl writes")
        XCTAssertTrue(waitUntil(timeout: 10) { self.commandCounters("k1")?["done"] == 1 }, "counted: \(String(describing: commandCounters("k1")))")
        XCTAssertEqual(feed.terminate(), 0, feed.log)
    }

    func testScreenOffSwitchesTheScreenOffAndStatusCarriesTheID() throws {
        let app = try HeadlessApp()
        let feed = try startFeed("k1", socket: app.socket)
        XCTAssertEqual(try app.status()["screen"] as? String, "on")
        let off = try send("screen off", to: "k1", feed: feed)
        XCTAssertEqual(off["ok"] as? Bool, true, "\(off)")
        XCTAssertEqual(off["command"] as? String, "screen off")
        XCTAssertNil(off["id"], "no id given, none returned")
        XCTAssertEqual(try app.status()["screen"] as? String, "off")
        let status = try send(#"{"command": "status", "id": "req-7"}"#, to: "k1", feed: feed)
        XCTAssertEqual(status["id"] as? String, "req-7")
        XCTAssertEqual(status["ok"] as? Bool, true, "\(status)")
        XCTAssertEqual((status["status"] as? [String: Any])?["screen"] as? String, "off", "the app's status, as ctl status prints it")
        let on = try send(#"{"command": "screen on", "id": "req-8"}"#, to: "k1", feed: feed)
        XCTAssertEqual(on["id"] as? String, "req-8")
        XCTAssertEqual(try app.status()["screen"] as? String, "on")
    }

    /// The presence message carries the app's own status (asked through the control socket, not
    /// counted as a command): its screen, items and frame count.
    func testPresenceCarriesTheAppsStatus() throws {
        let app = try HeadlessApp()
        let feed = try startFeed("k1", socket: app.socket)
        XCTAssertTrue(waitUntil(timeout: 30) { self.feedStatus("k1")?["app"] != nil }, feed.log)
        let status = try XCTUnwrap(feedStatus("k1"))
        let own = try XCTUnwrap(status["app"] as? [String: Any])
        XCTAssertEqual(own["screen"] as? String, "on")
        XCTAssertEqual(own["frames"] as? Int, 0, "nothing drawn after the first frame: \(own)")
        XCTAssertEqual((own["items"] as? [String: Int])?["inbox"], 21, "the demo inbox")
        XCTAssertNil(status["app_error"])
        XCTAssertEqual(commandCounters("k1")?["received"], 0, "the feed's own question is not a command")
    }

    func testIdentifyIsDoneAndTheAppsRefusalIsReportedAsCtlWordsIt() throws {
        let app = try HeadlessApp()
        let feed = try startFeed("k1", socket: app.socket)
        XCTAssertEqual(try send("identify", to: "k1", feed: feed)["ok"] as? Bool, true)
        try "[[lists]]\nid = 3\n".write(toFile: app.config, atomically: true, encoding: .utf8)
        let reload = try send("reload", to: "k1", feed: feed)
        XCTAssertEqual(reload["ok"] as? Bool, false)
        let ctl = try app.ctl("reload")
        XCTAssertEqual(ctl.status, 65, ctl.standardError)
        XCTAssertEqual("ctl: " + (reload["error"] as? String ?? "") + "\n", ctl.standardError, "the message ctl gives")
    }

    func testFleetWideCommandReachesEveryFeed() throws {
        let first = try HeadlessApp()
        let second = try HeadlessApp()
        let feeds = [try startFeed("k1", socket: first.socket), try startFeed("k2", socket: second.socket)]
        observer.publish("swipe-kiosk/commands", Array("screen off".utf8), retain: false)
        for kiosk in ["k1", "k2"] {
            XCTAssertTrue(waitUntil(timeout: 30) { self.responses(kiosk).last?["ok"] as? Bool == true }, feeds.map(\.log).joined())
        }
        XCTAssertEqual(try first.status()["screen"] as? String, "off")
        XCTAssertEqual(try second.status()["screen"] as? String, "off")
    }

    func testRetainedCommandIsIgnoredAndCounted() throws {
        let app = try HeadlessApp()
        // Retained before the feed subscribes: the broker hands it over with the retain flag.
        observer.publish("swipe-kiosk/kiosks/k1/commands", Array("screen off".utf8), retain: true)
        observer.waitForAcknowledgements(1)
        let feed = try startFeed("k1", socket: app.socket)
        XCTAssertTrue(waitUntil(timeout: 10) { self.commandCounters("k1")?["retained"] == 1 },
                      "counted: \(String(describing: commandCounters("k1"))) \(feed.log)")
        XCTAssertTrue(responses("k1").isEmpty, "a retained command gets no response")
        XCTAssertEqual(try app.status()["screen"] as? String, "on", "and is not run")
        XCTAssertTrue(feed.log.contains("ignored a retained command"), feed.log)
    }

    func testUnknownOrMalformedCommandIsRefused() throws {
        let app = try HeadlessApp()
        let feed = try startFeed("k1", socket: app.socket)
        let unknown = try send("self destruct", to: "k1", feed: feed)
        XCTAssertEqual(unknown["ok"] as? Bool, false)
        XCTAssertEqual(unknown["command"] as? String, "self destruct")
        XCTAssertTrue((unknown["error"] as? String ?? "").hasPrefix("unknown command \"self destruct\"; expected one of: status, screenshot"), "\(unknown)")
        let badJSON = try send(#"{"command": 3, "id": "x"}"#, to: "k1", feed: feed)
        XCTAssertEqual(badJSON["ok"] as? Bool, false)
        XCTAssertEqual(badJSON["id"] as? String, "x")
        XCTAssertEqual(badJSON["error"] as? String, #""command" must be a string"#)
        XCTAssertTrue(waitUntil(timeout: 10) { self.commandCounters("k1")?["refused"] == 2 }, "\(String(describing: commandCounters("k1")))")
        XCTAssertEqual(try app.status()["screen"] as? String, "on")
        // A flood: every command is answered, the journal gets at most 10 lines a minute.
        for n in 0..<30 { observer.publish("swipe-kiosk/kiosks/k1/commands", Array("dance \(n)".utf8), retain: false) }
        XCTAssertTrue(waitUntil(timeout: 30) { self.responses("k1").count == 32 }, feed.log)
        let lines = feed.log.split(separator: "\n").filter { $0.contains("feed: refused a command") }
        XCTAssertEqual(lines.count, RefusalLog.linesPerMinute, feed.log)
    }

    func testNoAppAnswersNotOKWithCtlsMessage() throws {
        let socket = directory.file("nobody.sock")
        let feed = try startFeed("k1", socket: socket)
        let response = try send("screen off", to: "k1", feed: feed)
        XCTAssertEqual(response["ok"] as? Bool, false)
        let ctl = try HeadlessApp.kiosk(["ctl", "--socket", socket, "screen", "off"])
        XCTAssertEqual(ctl.status, 69)
        XCTAssertEqual("ctl: " + (response["error"] as? String ?? "") + "\n", ctl.standardError, "the message ctl gives")
        XCTAssertTrue(waitUntil(timeout: 10) { self.commandCounters("k1")?["failed"] == 1 }, "\(String(describing: commandCounters("k1")))")
        let status = try XCTUnwrap(feedStatus("k1"))
        XCTAssertNil(status["app"], "the app never answered")
        XCTAssertEqual("ctl: " + (status["app_error"] as? String ?? "") + "\n", ctl.standardError, "presence says why, in ctl's words")
    }

    func testCommandsBeyondTheQueueAreAnsweredBusy() throws {
        // A socket that takes connections and never answers: the first command holds the command
        // thread (ControlSocket.send waits for the reply), the next 8 wait, the rest are busy.
        let socket = directory.file("silent.sock")
        let listener = try listeningSocket(at: socket)
        let feed = try startFeed("k1", socket: socket)
        for n in 0..<12 {
            observer.publish("swipe-kiosk/kiosks/k1/commands", Array(#"{"command": "status", "id": "\#(n)"}"#.utf8), retain: false)
        }
        let isBusy = { (response: [String: Any]) in (response["error"] as? String ?? "").hasPrefix("busy: 8 commands are waiting") }
        // 9, 10 and 11 at least (8 too when the thread had not taken 0 yet), and nothing else while the app is silent.
        XCTAssertTrue(waitUntil(timeout: 30) { self.responses("k1").count >= 3 }, feed.log)
        XCTAssertTrue(responses("k1").allSatisfy(isBusy), "\(responses("k1"))")
        // Closing the listener resets the connection in its backlog: the rest fail fast.
        close(listener)
        XCTAssertTrue(waitUntil(timeout: 30) { self.responses("k1").count == 12 }, feed.log)
        let busy = responses("k1").filter(isBusy)
        XCTAssertTrue((3...4).contains(busy.count), "\(busy)")
        XCTAssertTrue(busy.allSatisfy { ($0["id"] as? String).flatMap(Int.init) ?? 0 >= 8 }, "the first 8 were taken: \(busy)")
        XCTAssertTrue(responses("k1").allSatisfy { $0["ok"] as? Bool == false })
        XCTAssertTrue(waitUntil(timeout: 10) {
            let counters = self.commandCounters("k1") ?? [:]
            return counters["busy"] == busy.count && counters["failed"] == 12 - busy.count
        }, "\(String(describing: commandCounters("k1")))")
    }

    /// What the network sends is quoted in the feed's journal with its controls spelt out (the
    /// log handler every process uses), a command's text and a topic alike.
    func testTerminalControlsFromTheNetworkReachTheJournalSpeltOut() throws {
        let feed = try startFeed("k1", socket: directory.file("nobody.sock"))
        let hostile = "\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{202E}evil"
        XCTAssertEqual(try send(hostile, to: "k1", feed: feed)["ok"] as? Bool, false)
        // libmosquitto refuses C0 controls in a topic; a bidirectional override goes through.
        observer.publish("swipe-kiosk/lists/inbox/items/x\u{202E}abc", Array("{".utf8))
        XCTAssertTrue(waitUntil(timeout: 30) { feed.log.contains("items/x\\u{202E}abc") }, feed.log)
        XCTAssertTrue(feed.log.contains("\\u{1B}]0;PWNED\\u{7}"), feed.log)
        let steering = feed.log.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
        XCTAssertEqual(steering.map(\.value), [], feed.log.debugDescription)
    }

    /// The retained presence stays small whatever answers on the control socket (a 1 MB page
    /// title), and says why the app's part is missing; an app from before `frames` was added
    /// (running while a newer feed starts, during an upgrade) is still read.
    func testPresenceStaysSmallAndReadsAnOlderAppsStatus() throws {
        let title = String(repeating: "\u{301}", count: 500_000)
        let huge = Array(#"{"version":"x","kiosk":"k1","page":{"id":"p","title":"\#(title)"},"items":{},"screen":"on","uptime_s":1,"frames":0}"#.utf8)
        let big = directory.file("big.sock")
        let bigServer = try listeningSocket(at: big)
        defer { close(bigServer) }
        answer(on: bigServer, with: Array("ok \(huge.count)\n".utf8) + huge)
        let older = Array(#"{"version":"0.9","kiosk":"k2","items":{"inbox":3},"screen":"on","uptime_s":5}"#.utf8)
        let old = directory.file("old.sock")
        let oldServer = try listeningSocket(at: old)
        defer { close(oldServer) }
        answer(on: oldServer, with: Array("ok \(older.count)\n".utf8) + older)
        let k1 = try startFeed("k1", socket: big)
        let k2 = try startFeed("k2", socket: old)
        XCTAssertTrue(waitUntil(timeout: 30) { (self.feedStatus("k1")?["app_error"] as? String)?.contains("more than the 16384") == true },
                      "\(String(describing: feedStatus("k1")?["app_error"]))\n\(k1.log)")
        let payload = try XCTUnwrap(observer.received(on: "swipe-kiosk/kiosks/k1/status").last?.payload)
        XCTAssertLessThan(payload.count, 4096, "the presence of a kiosk whose peer answered 1 MB")
        XCTAssertTrue(waitUntil(timeout: 30) { (self.feedStatus("k2")?["app"] as? [String: Any])?["version"] as? String == "0.9" },
                      "\(String(describing: feedStatus("k2")))\n\(k2.log)")
        XCTAssertNil(feedStatus("k2")?["app_error"])
        XCTAssertEqual((feedStatus("k2")?["app"] as? [String: Any])?["frames"] as? Int, 0)
    }

    /// The command path is bounded as the presence is: a peer that answers `reload` with a 2 MB
    /// error line makes a small response and journal line, and a 1 MB `ok` status is not
    /// republished whole as the `status` response.
    func testACommandsErrorAndStatusStayBoundedLikeThePresence() throws {
        let huge = Array("error \u{1B}[2J".utf8) + [UInt8](repeating: UInt8(ascii: "B"), count: 2 << 20) + [10]
        let errorSocket = directory.file("err.sock")
        let errorServer = try listeningSocket(at: errorSocket)
        defer { close(errorServer) }
        answer(on: errorServer, with: huge)
        let feed = try startFeed("k1", socket: errorSocket)
        observer.publish("swipe-kiosk/kiosks/k1/commands", Array(#"{"command":"reload","id":"r1"}"#.utf8), retain: false)
        XCTAssertTrue(waitUntil(timeout: 30) { !self.observer.received(on: "swipe-kiosk/kiosks/k1/responses").isEmpty }, feed.log)
        let response = try XCTUnwrap(observer.received(on: "swipe-kiosk/kiosks/k1/responses").last?.payload)
        XCTAssertLessThan(response.count, 4096, "the response to `reload` from a peer that answered a 2 MB error")
        XCTAssertTrue(waitUntil(timeout: 10) { feed.log.contains("command 'reload' failed") }, String(feed.log.prefix(2000)))
        let longest = feed.log.split(separator: "\n").map(\.utf8.count).max() ?? 0
        XCTAssertLessThan(longest, 4096, "the journal line for it")

        let status = Array(#"{"version":"\#(String(repeating: "V", count: 1 << 20))","kiosk":"k2","items":{},"screen":"on","uptime_s":1,"frames":0}"#.utf8)
        let statusSocket = directory.file("status.sock")
        let statusServer = try listeningSocket(at: statusSocket)
        defer { close(statusServer) }
        answer(on: statusServer, with: Array("ok \(status.count)\n".utf8) + status)
        let feed2 = try startFeed("k2", socket: statusSocket)
        observer.publish("swipe-kiosk/kiosks/k2/commands", Array(#"{"command":"status","id":"s1"}"#.utf8), retain: false)
        XCTAssertTrue(waitUntil(timeout: 30) { !self.observer.received(on: "swipe-kiosk/kiosks/k2/responses").isEmpty }, feed2.log)
        let statusResponse = try XCTUnwrap(observer.received(on: "swipe-kiosk/kiosks/k2/responses").last?.payload)
        XCTAssertLessThan(statusResponse.count, 16 << 10 + 4096, "the `status` response, like the presence's 16 KB")
    }

    /// Answers every connection on `listener` with `reply` after reading its request line, until
    /// the listener is closed.
    private func answer(on listener: Int32, with reply: [UInt8]) {
        Thread {
            while true {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return }
                var byte: UInt8 = 0
                while recv(fd, &byte, 1, 0) == 1 && byte != 10 {}
                var sent = 0
                while sent < reply.count {
                    let n = reply[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    guard n > 0 else { break }
                    sent += n
                }
                close(fd)
            }
        }.start()
    }

    /// A Unix socket listening at `path` that nobody accepts on.
    private func listeningSocket(at path: String) throws -> Int32 {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind \(path)")
        XCTAssertEqual(listen(fd, 16), 0)
        return fd
    }
}
