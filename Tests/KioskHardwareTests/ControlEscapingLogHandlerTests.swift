// Every log line of the app and the feed goes through ControlEscapingLogHandler: what a message
// or its metadata quotes from outside (an MQTT command, a topic, a database value) reaches the
// journal or a terminal with its controls spelt out, whichever handler writes the line.
import Foundation
import Logging
import XCTest
@testable import KioskHardware

final class ControlEscapingLogHandlerTests: XCTestCase {
    /// The handler under the wrapper: keeps what it was given.
    private final class Capture: @unchecked Sendable {
        let lock = NSLock()
        var events: [LogEvent] = []
    }

    private struct CapturingHandler: LogHandler {
        let capture: Capture
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { capture.lock.withLock { capture.events.append(event) } }
    }

    func testMessagesAndMetadataAreSpeltOutAndLevelsPassThrough() throws {
        let capture = Capture()
        var logger = Logger(label: "test") { _ in ControlEscapingLogHandler(wrapping: CapturingHandler(capture: capture)) }
        logger.logLevel = .notice
        let hostile = "\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{202E}evil"
        logger.info("below the level: \(hostile)")
        logger.warning("feed: refused a command: \(hostile)", metadata: ["topic": "\(hostile)", "list": ["a\u{9B}", ["k": "\u{2066}"]]])
        let events = capture.lock.withLock { capture.events }
        XCTAssertEqual(events.count, 1, "the wrapper keeps the inner handler's level")
        let event = try XCTUnwrap(events.first)
        XCTAssertEqual(event.level, .warning)
        XCTAssertEqual(event.message.description, "feed: refused a command: \\u{1B}]0;PWNED\\u{7}\\u{1B}[2J\\u{202E}evil")
        XCTAssertEqual(event.metadata?["topic"], .string("\\u{1B}]0;PWNED\\u{7}\\u{1B}[2J\\u{202E}evil"))
        XCTAssertEqual(event.metadata?["list"], .array([.string("a\\u{9B}"), .dictionary(["k": .string("\\u{2066}")])]))
    }

    /// A log entry is one line of bounded length: a newline in a quoted value (a picture path
    /// from the database) would start what looks like another entry of ours.
    func testAnEntryIsOneBoundedLine() throws {
        let capture = Capture()
        let logger = Logger(label: "test") { _ in ControlEscapingLogHandler(wrapping: CapturingHandler(capture: capture)) }
        logger.warning("picture not shown: /p.png\nswipe-kiosk: FORGED")
        logger.warning("picture not shown: \(String(repeating: "x", count: 200_000))")
        let events = capture.lock.withLock { capture.events }
        XCTAssertEqual(events.first?.message.description, "picture not shown: /p.png\\nswipe-kiosk: FORGED")
        XCTAssertEqual(events.last?.message.description.unicodeScalars.count, ControlEscapingLogHandler.messageScalars + 1)
    }
}
