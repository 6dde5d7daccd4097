// Every log line is one bounded line with terminal controls and bidirectional overrides spelt out
// (String.shown): log messages quote values from the network (a fleet command, an MQTT topic, the
// app's error text), databases (a picture's path) and files. A terminal showing stderr, or
// `journalctl` in one, would obey an ESC in them; a newline would start what looks like another
// entry of ours; a 200 KB path would make a 200 KB line. One wrapper around whichever handler
// writes the line, installed for every command (main.swift), so no call site has to remember.
import KioskFiles
import Logging

/// A swift-log handler that escapes and clips each event's message and metadata, then hands it to `inner`.
public struct ControlEscapingLogHandler: LogHandler {
    /// The handler that writes the line (JournalLogHandler or swift-log's stream handler).
    public var inner: any LogHandler

    public init(wrapping inner: any LogHandler) {
        self.inner = inner
    }

    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    /// The longest message or metadata value, in Unicode scalars.
    public static let messageScalars = 2000

    public func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: event.message.description.shown(atMost: Self.messageScalars))
        event.metadata = event.metadata?.mapValues(Self.escaped)
        inner.log(event: event)
    }

    private static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(text.shown(atMost: messageScalars))
        case .stringConvertible(let item): .string(item.description.shown(atMost: messageScalars))
        case .array(let items): .array(items.map(escaped))
        case .dictionary(let entries): .dictionary(entries.mapValues(escaped))
        }
    }
}
