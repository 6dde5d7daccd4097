// Log lines with their syslog priority when stderr is connected to the journal. systemd gives a
// service's stderr to journald and says so in $JOURNAL_STREAM ("device:inode" of that stream);
// journald reads a leading "<N>" on each line as the priority (sd-daemon(3), SyslogLevelPrefix=),
// so `journalctl -u swipe-kiosk -p warning` shows exactly the app's warnings and errors.
// Anywhere else (a terminal, a test, a pipe) the app keeps swift-log's plain stderr format.
import Glibc
import Logging

/// A swift-log handler that writes `<priority>label: message key=value …` lines to stderr.
public struct JournalLogHandler: LogHandler {
    /// The handler for `LoggingSystem.bootstrap`: this one when stderr is the journal stream,
    /// swift-log's `StreamLogHandler.standardError` otherwise, either behind the
    /// ControlEscapingLogHandler.
    public static func bootstrap(label: String) -> any LogHandler {
        ControlEscapingLogHandler(wrapping: stderrIsJournal() ? JournalLogHandler(label: label) : StreamLogHandler.standardError(label: label))
    }

    /// True when `$JOURNAL_STREAM` names the device and inode of file descriptor 2.
    public static func stderrIsJournal() -> Bool {
        guard let value = getenv("JOURNAL_STREAM") else { return false }
        let parts = String(cString: value).split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
              fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// The logger's label, written before each message (`swipe-kiosk: display …`).
    public let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    /// A handler for loggers labelled `label`.
    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let fields = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let prefix = "<\(Self.priority(of: event.level))>"
        // journald splits the stream at newlines: every line of a multi-line message needs the prefix.
        let text = "\(label): \(event.message)\(fields)"
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { prefix + $0 + "\n" }.joined()
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // the journal went away: nothing left to tell it
            offset += written
        }
    }

    /// syslog(3) priorities as journald reads them: 2 crit … 7 debug.
    static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }
}
