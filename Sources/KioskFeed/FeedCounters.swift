// The feed's own health figures (published in the retained status) and the journal's guard
// against a flood: a broker full of broken items (or commands) must not write a line per
// message. Refusals, ignored and failed commands share the budget: one line each up to
// `linesPerMinute` a minute; the rest of that minute is counted
// and summed up in one line when the next minute starts. Every refusal is counted either way.
import Logging

/// Counts of what the feed received, applied, refused and published since it started.
struct FeedCounters: Encodable, Equatable {
    var received = 0
    /// Item rows changed in the database (a message that changes nothing is not counted).
    var applied = 0
    var refused: [String: Int] = [:]
    /// actions_log rows published and acknowledged by the broker.
    var published = 0
    var acked = 0
    /// Connections accepted after the first one.
    var reconnects = 0
    /// Database commits of item batches.
    var commits = 0
    var commands = CommandCounters()

    mutating func refuse(_ reason: RefusalReason) { refused[reason.rawValue, default: 0] += 1 }
}

/// What became of the messages on the commands topics.
struct CommandCounters: Encodable, Equatable {
    /// Every message on a commands topic.
    var received = 0
    /// Answered `ok: true`.
    var done = 0
    /// Run and failed: the app refused it, or no app answered on the socket.
    var failed = 0
    /// Not a command (unknown, too long, bad JSON): answered `ok: false`, not run.
    var refused = 0
    /// The queue was full: answered `busy`, not run.
    var busy = 0
    /// Retained: ignored, not answered.
    var retained = 0
}

/// At most `linesPerMinute` refusal lines a minute.
struct RefusalLog {
    static let linesPerMinute = 10
    private var minuteStart: Int64?
    private var lines = 0
    private var suppressed = 0

    /// Logs `refusal` unless this minute's lines are used up; `nowMilliseconds` is the loop's clock.
    mutating func log(_ refusal: Refusal, topicShown: String, nowMilliseconds: Int64, logger: Logger) {
        log(line: "feed: refused \(topicShown): \(refusal.reason.rawValue): \(refusal.detail)", nowMilliseconds: nowMilliseconds, logger: logger)
    }

    /// Logs `line` (a warning) unless this minute's lines are used up.
    mutating func log(line: String, nowMilliseconds: Int64, logger: Logger) {
        if minuteStart.map({ nowMilliseconds - $0 >= 60_000 }) ?? true {
            if suppressed > 0 { logger.warning("feed: \(suppressed) more refused messages in the last minute were not logged") }
            minuteStart = nowMilliseconds
            lines = 0
            suppressed = 0
        }
        guard lines < Self.linesPerMinute else { suppressed += 1; return }
        lines += 1
        logger.warning("\(line)")
    }
}
