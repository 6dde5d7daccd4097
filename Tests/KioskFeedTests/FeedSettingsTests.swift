// `[feed]` as `check-config` and `swipe-kiosk feed` read it: every key does what README.md
// ("Fleets") says, bad values are reported at their file:line:column, and the resolved settings
// (kiosk id from /etc/machine-id, the configured lists) are what the feed uses. Also the
// reconnect back-off's bounds.
import KioskConfig
import TestSupport
import XCTest
@testable import KioskFeed

final class FeedSettingsTests: XCTestCase {
    private func parse(_ text: String) -> Result<KioskConfiguration, ConfigurationError> {
        Result { () throws(ConfigurationError) in try KioskConfiguration.parse(text, file: "k.toml") }
    }

    private func problems(_ text: String) -> [String] {
        guard case .failure(let error) = parse(text) else { return [] }
        return error.lines
    }

    func testEveryKeyIsReadWithItsDefault() throws {
        let plain = try parse("[feed]\nbroker = \"mqtt://localhost\"\n").get()
        let feed = try XCTUnwrap(plain.feed)
        XCTAssertEqual(feed.broker, FeedBroker(host: "localhost", port: 1883, usesTLS: false))
        XCTAssertEqual(feed.prefix, "swipe-kiosk")
        XCTAssertNil(feed.kioskID)
        XCTAssertNil(feed.lists)
        XCTAssertFalse(feed.allowInsecure)
        XCTAssertEqual(feed.keepAlive, 60)
        XCTAssertEqual(feed.controlSocket, "/run/swipe-kiosk/control.sock", "the kiosk unit's RuntimeDirectory")
        XCTAssertNil(try parse("").get().feed, "no [feed], no feed")
        let full = try XCTUnwrap(try parse("""
            [feed]
            broker = "mqtts://[2001:db8::1]"
            prefix = "site-a/kiosks"
            kiosk_id = "lobby-1"
            lists = ["inbox", "news"]
            ca_file = "/etc/swipe-kiosk/ca.pem"
            cert_file = "/etc/swipe-kiosk/kiosk.pem"
            key_file = "/etc/swipe-kiosk/kiosk.key"
            credentials_file = "/etc/swipe-kiosk/mqtt"
            keepalive_s = 30
            control_socket = "/run/kiosk-b/control.sock"
            """).get().feed)
        XCTAssertEqual(full.broker, FeedBroker(host: "2001:db8::1", port: 8883, usesTLS: true))
        XCTAssertEqual(full.prefix, "site-a/kiosks")
        XCTAssertEqual(full.kioskID, "lobby-1")
        XCTAssertEqual(full.lists, ["inbox", "news"])
        XCTAssertEqual(full.caFile, "/etc/swipe-kiosk/ca.pem")
        XCTAssertEqual(full.certFile, "/etc/swipe-kiosk/kiosk.pem")
        XCTAssertEqual(full.keyFile, "/etc/swipe-kiosk/kiosk.key")
        XCTAssertEqual(full.credentialsFile, "/etc/swipe-kiosk/mqtt")
        XCTAssertEqual(full.keepAlive, 30)
        XCTAssertEqual(full.controlSocket, "/run/kiosk-b/control.sock")
    }

    func testBadValuesAreReportedAtTheirPlace() {
        XCTAssertEqual(problems("[feed]\nbroker = \"http://x\"\n"),
                       [#"k.toml:2:10: feed.broker must look like "mqtts://broker.example.com:8883" or "mqtt://127.0.0.1:1883", not "http://x""#])
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost:0\"\n").count, 1, "port 0")
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\nkeepalive_s = 2\n"),
                       ["k.toml:3:15: feed.keepalive_s must be between 5 and 3600, not 2"])
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\ncontrol_socket = \"run/control.sock\"\n"),
                       [#"k.toml:3:18: feed.control_socket must be an absolute path of at most 107 bytes (a Unix socket address), not "run/control.sock""#])
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\ncontrol_socket = \"/\(String(repeating: "s", count: 107))\"\n").count, 1,
                       "108 bytes do not fit a socket address")
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\nkiosk_id = \"a/b\"\n").first?.hasPrefix("k.toml:3:12: feed.kiosk_id"), true)
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\nprefix = \"a/+\"\n").first?.hasPrefix("k.toml:3:10: feed.prefix"), true)
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\nlists = [\"ok\", \"a#\"]\n").first?.hasPrefix("k.toml:3:16: feed.lists[1]"), true)
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtts://h\"\ncert_file = \"c.pem\"\n").first?.contains("go together"), true)
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\nca_file = \"ca.pem\"\n").first?.contains("need an mqtts:// broker"), true)
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://localhost\"\nbrokr = 1\n").first?.contains("unknown key \"brokr\""), true)
        XCTAssertEqual(problems("[feed]\nprefix = \"x\"\n"), ["k.toml:1:1: feed needs a broker"])
    }

    func testPlainMQTTIsOnlyForThisMachineUnlessAllowed() {
        for host in ["127.0.0.1", "localhost", "[::1]", "127.1.2.3"] {
            XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://\(host):1883\"\n"), [], host)
        }
        for host in ["192.168.1.10", "broker.example.com", "[2001:db8::1]", "127.example.com"] {
            XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://\(host):1883\"\n").first?.contains("is plain MQTT to another machine"), true, host)
            XCTAssertEqual(problems("[feed]\nbroker = \"mqtt://\(host):1883\"\nallow_insecure = true\n"), [], host)
        }
        XCTAssertEqual(problems("[feed]\nbroker = \"mqtts://broker.example.com\"\n"), [], "TLS goes anywhere")
    }

    func testKioskIDComesFromTheMachineIDAndListsFromTheConfiguredOnes() throws {
        let dir = try TemporaryDirectory()
        try "0123456789ABCDEF0123456789abcdef\n".write(toFile: dir.file("machine-id"), atomically: true, encoding: .utf8)
        let configuration = try parse("""
            [feed]
            broker = "mqtt://localhost"
            [[lists]]
            id = "inbox"
            [[lists]]
            id = "flagged"
            [lists.filter]
            source = "inbox"
            [[lists]]
            id = "news"
            """).get()
        let setup = try FeedSetup(configuration: configuration, version: "1", machineIDPath: dir.file("machine-id"), environment: { _ in nil })
        XCTAssertEqual(setup.kioskID, "0123456789ab")
        XCTAssertEqual(setup.lists, ["inbox", "news"], "a filtered list takes its items from its source")
        XCTAssertEqual(setup.statusTopic, "swipe-kiosk/kiosks/0123456789ab/status")
        XCTAssertThrowsError(try FeedSetup(configuration: configuration, version: "1", machineIDPath: dir.file("none"), environment: { _ in nil }))
    }

    func testSystemdCredentialIsUsedWhenNoFileIsConfigured() throws {
        let dir = try TemporaryDirectory()
        try "kiosk\nsecret".write(toFile: dir.file("mqtt"), atomically: true, encoding: .utf8)
        let configuration = try parse("[feed]\nbroker = \"mqtt://localhost\"\nkiosk_id = \"k\"\n").get()
        let setup = try FeedSetup(configuration: configuration, version: "1", environment: { $0 == "CREDENTIALS_DIRECTORY" ? dir.path : nil })
        XCTAssertEqual(setup.username, "kiosk")
        XCTAssertEqual(setup.password, "secret")
        let none = try FeedSetup(configuration: configuration, version: "1", environment: { _ in dir.file("empty") })
        XCTAssertNil(none.username, "no credential: no login")
    }

    func testBackoffDoublesWithJitterUpToTheCap() {
        var source = SplitMix64(state: 7)
        var backoff = ReconnectBackoff(random: { source.next() })
        var bound = ReconnectBackoff.firstMilliseconds
        for _ in 0..<12 {
            let delay = backoff.nextDelay()
            XCTAssertTrue((bound / 2)...bound ~= delay, "\(delay) within [\(bound / 2), \(bound)]")
            bound = min(ReconnectBackoff.capMilliseconds, bound * 2)
        }
        XCTAssertEqual(bound, ReconnectBackoff.capMilliseconds)
        backoff.reset()
        XCTAssertLessThanOrEqual(backoff.nextDelay(), ReconnectBackoff.firstMilliseconds)
    }
}
