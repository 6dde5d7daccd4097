// Where speech goes (docs/ARCHITECTURE.md: KioskHardware owns the audio protocol and its ALSA and
// virtual implementations). Sounds are mono 16-bit PCM, numbered; the producer (the speech
// thread) calls `play` with chunks and may be made to wait while the output's buffer is full —
// never the UI loop, which only calls `stop`. `stop` silences what is queued and playing at
// once, and chunks of the sounds it stopped that arrive later are ignored, so barge-in leaves
// no tail of the old sentence.

/// A mono 16-bit PCM output.
public protocol AudioOutput: AnyObject, Sendable {
    /// Samples per second of what `play` receives.
    var sampleRate: Int { get }
    /// Queues the next samples of sound `id` (ids increase). Any thread but the loop's.
    func play(_ samples: [Int16], sound id: Int)
    /// Silences every sound up to `id` at once; their later chunks are ignored.
    func stop(through id: Int)
}

/// What `replay` plays into: every sound's samples kept (up to a cap), for a WAV file.
public final class VirtualAudioOutput: AudioOutput, @unchecked Sendable {
    public let sampleRate: Int
    /// Samples kept at most over all sounds (10 minutes at 22,050 Hz, 26 MB); beyond it a
    /// sound's samples are dropped and `overflowed` says so.
    public static let sampleLimit = 22_050 * 600
    private let monitor = Monitor()
    private var sounds: [Int: [Int16]] = [:]
    private var total = 0
    private var dropped = false

    public init(sampleRate: Int) { self.sampleRate = sampleRate }

    public func play(_ samples: [Int16], sound id: Int) {
        monitor.locked {
            let room = max(0, Self.sampleLimit - total)
            if samples.count > room { dropped = true }
            sounds[id, default: []] += samples.prefix(room)
            total += min(room, samples.count)
        }
    }

    /// Keeps every chunk: replay cuts a stopped sound in the recording, at the virtual time it
    /// was stopped, which is the same on every run (a cut at "now" would depend on how far the
    /// speech thread had got).
    public func stop(through id: Int) {}

    /// The samples sound `id` produced ([] for none).
    public func samples(of id: Int) -> [Int16] { monitor.locked { sounds[id] ?? [] } }

    /// Whether samples were dropped at `sampleLimit`.
    public var overflowed: Bool { monitor.locked { dropped } }
}
