// How long the feed waits before it tries the broker again, and what kind of failure it was.
// libmosquitto's own back-off (`reconnect_delay_set`) grows as delay·n² with no jitter, so a
// broker restart makes a whole fleet reconnect in lock step; this one doubles from 1 s up to
// 60 s and picks each wait at random within its upper half ("equal jitter"), which spreads a
// fleet's attempts while keeping each kiosk's wait within a factor of two of the schedule.
// The failure class decides the journal: one line each time the class changes, never one per try.

/// Why the feed is not connected, in the terms an operator acts on.
public enum ConnectFailure: Hashable, Sendable, CustomStringConvertible {
    /// The broker's name does not resolve (DNS down or wrong name).
    case nameLookup(String)
    /// TCP: refused, unreachable, timed out.
    case network(String)
    /// TLS: the broker's certificate does not verify, the handshake failed.
    case tls(String)
    /// CONNACK refused the login (wrong user name or password, not authorised).
    case refused(String)
    /// The connection was up and dropped (broker restart, keep-alive timeout).
    case lost(String)

    /// The class alone: a change of class is logged, a repeat is not.
    public var kind: String {
        switch self {
        case .nameLookup: return "dns"
        case .network: return "network"
        case .tls: return "tls"
        case .refused: return "refused"
        case .lost: return "lost"
        }
    }

    public var description: String {
        switch self {
        case .nameLookup(let detail): return "the broker's name does not resolve (\(detail))"
        case .network(let detail): return "cannot reach the broker (\(detail))"
        case .tls(let detail): return "TLS failed: \(detail) (check feed.ca_file and the broker's certificate)"
        case .refused(let detail): return "the broker refused the login: \(detail) (check the credentials file)"
        case .lost(let detail): return "connection lost (\(detail))"
        }
    }
}

/// Exponential back-off with equal jitter, capped.
struct ReconnectBackoff {
    /// The first wait's upper bound and the cap, in milliseconds.
    static let firstMilliseconds = 1000
    static let capMilliseconds = 60_000
    private var failures = 0
    private var random: () -> UInt64

    /// `random` yields uniformly distributed bits (tests pass a seeded generator).
    init(random: @escaping () -> UInt64 = { UInt64.random(in: .min ... .max) }) {
        self.random = random
    }

    /// The wait before the next attempt, in milliseconds: within [bound/2, bound] where bound
    /// doubles with every failure from `firstMilliseconds` up to `capMilliseconds`.
    mutating func nextDelay() -> Int {
        let bound = min(Self.capMilliseconds, Self.firstMilliseconds << min(failures, 16))
        failures += 1
        let half = bound / 2
        return half + Int(random() % UInt64(half + 1))
    }

    /// A connection was accepted: the next failure starts from the first wait again.
    mutating func reset() { failures = 0 }
}
