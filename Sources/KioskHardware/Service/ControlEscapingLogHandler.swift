// Every log line spells out terminal controls and bidirectional overrides (String.escapingControls):
// log messages quote values from the network (a fleet command, an MQTT topic, the app's error
// text), databases and files, and a terminal showing stderr, or `journalctl` in one, would obey
// an ESC in them. One wrapper around whichever handler writes the line, so no call site has to
// remember to escape.
import KioskFiles
import Logging

/// A swift-log handler that escapes each event's message and metadata, then hands it to `inner`.
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

    public func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: event.message.description.escapingControls)
        event.metadata = event.metadata?.mapValues(Self.escaped)
        inner.log(event: event)
    }

    private static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(text.escapingControls)
        case .stringConvertible(let item): .string(item.description.escapingControls)
        case .array(let items): .array(items.map(escaped))
        case .dictionary(let entries): .dictionary(entries.mapValues(escaped))
        }
    }
}
