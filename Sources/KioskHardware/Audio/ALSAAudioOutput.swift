// Speech on a sound card through ALSA's PCM API (reference fleet-speech-lockdown.md §2.4), on a
// writer thread of its own: the speech thread fills a bounded buffer (waiting while it is
// full), the writer hands it to snd_pcm with non-blocking writes (waiting in snd_pcm_wait with a
// short timeout, so a stop is seen at once), recovers from underruns and suspends, and on a stop
// drops what the card holds (snd_pcm_drop, then snd_pcm_prepare for the next sound). The
// device is opened on the writer thread when the first sound comes; a device that cannot be
// opened or fails is reported once through `report`, its sound dropped, and tried again with
// the next sound. The UI loop only ever calls `stop`, which takes the lock for a moment.
import CALSA
import Glibc

/// An ALSA playback device (`default`, `plughw:1`, `default:CARD=PCH`…).
public final class ALSAAudioOutput: AudioOutput, @unchecked Sendable {
    public let sampleRate: Int
    public let device: String
    /// Samples buffered at most before the card (2 s): memory is bounded whatever is said.
    static let bufferLimit = 44_100
    /// Frames per write, and the latency asked of ALSA (µs).
    static let chunk = 1_024
    static let latencyMicroseconds: UInt32 = 100_000

    private let monitor = Monitor()
    private let report: @Sendable (String) -> Void
    // Guarded by `monitor`.
    private var buffer: [Int16] = []
    private var bufferSound = Int.min
    private var stoppedThrough = Int.min
    private var dropRequested = false
    private var reportedFailure = false
    // Writer thread only.
    private var pcm: OpaquePointer?

    /// Starts the writer thread; `report` receives a device failure (once until one works again).
    public init(device: String, sampleRate: Int, report: @escaping @Sendable (String) -> Void) throws(SystemError) {
        self.device = device
        self.sampleRate = sampleRate
        self.report = report
        swipekiosk_alsa_quiet()
        guard Monitor.detach({ [self] in writeLoop() }) else { throw SystemError(errno: EAGAIN, operation: "pthread_create(alsa)") }
    }

    public func play(_ samples: [Int16], sound id: Int) {
        var rest = samples[...]
        while !rest.isEmpty {
            let more = monitor.wait(until: { id <= stoppedThrough || buffer.count < Self.bufferLimit }) { () -> Bool in
                guard id > stoppedThrough else { return false }
                let n = min(rest.count, Self.bufferLimit - buffer.count)
                buffer += rest.prefix(n)
                bufferSound = id
                rest = rest.dropFirst(n)
                return true
            }
            monitor.broadcast()
            if !more { return }
        }
    }

    public func stop(through id: Int) {
        monitor.locked {
            stoppedThrough = max(stoppedThrough, id)
            if bufferSound <= id { buffer.removeAll(keepingCapacity: true) }
            dropRequested = true
        }
        monitor.broadcast()
    }

    // MARK: The writer thread

    private func writeLoop() {
        while true {
            let (chunk, drop) = monitor.wait(until: { !buffer.isEmpty || dropRequested }) { () -> ([Int16], Bool) in
                let drop = dropRequested
                dropRequested = false
                let n = min(buffer.count, Self.chunk)
                let chunk = Array(buffer.prefix(n))
                buffer.removeFirst(n)
                return (chunk, drop)
            }
            monitor.broadcast()
            if drop, let pcm {
                snd_pcm_drop(pcm)
                snd_pcm_prepare(pcm)
            }
            if !chunk.isEmpty { write(chunk) }
        }
    }

    /// Writes `chunk` to the card, opening it first if needed; gives up on a stop or a failure.
    private func write(_ chunk: [Int16]) {
        guard let pcm = pcm ?? open() else { return }
        var offset = 0
        while offset < chunk.count {
            if monitor.locked({ dropRequested }) { return }
            let written = chunk.withUnsafeBufferPointer {
                snd_pcm_writei(pcm, $0.baseAddress! + offset, snd_pcm_uframes_t(chunk.count - offset))
            }
            if written >= 0 {
                offset += Int(written)
            } else if written == -Int(EAGAIN) {
                _ = snd_pcm_wait(pcm, 20)
            } else if snd_pcm_recover(pcm, Int32(written), 1) < 0 {
                fail("snd_pcm_writei", Int32(written))
                snd_pcm_close(pcm)
                self.pcm = nil
                return
            }
        }
        monitor.locked { reportedFailure = false }
    }

    /// Opens and configures the device (S16_LE, mono, `sampleRate`, ALSA resampling allowed).
    private func open() -> OpaquePointer? {
        var handle: OpaquePointer?
        let opened = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard opened == 0, let handle else {
            fail("snd_pcm_open", opened)
            return nil
        }
        let set = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                     UInt32(sampleRate), 1, Self.latencyMicroseconds)
        guard set == 0 else {
            fail("snd_pcm_set_params", set)
            snd_pcm_close(handle)
            return nil
        }
        pcm = handle
        return handle
    }

    private func fail(_ operation: String, _ code: Int32) {
        let first = monitor.locked { () -> Bool in
            defer { reportedFailure = true }
            buffer.removeAll(keepingCapacity: true)
            return !reportedFailure
        }
        monitor.broadcast()
        if first { report("audio device '\(device)': \(operation): \(String(cString: snd_strerror(code)))") }
    }
}
