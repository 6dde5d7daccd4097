// Speech on a sound card through ALSA's PCM API (reference fleet-speech-lockdown.md §2.4), on a
// writer thread of its own: the speech thread fills a bounded buffer (waiting while it is
// full), the writer hands it to snd_pcm with non-blocking writes (waiting in snd_pcm_wait with a
// short timeout, so a stop is seen at once), recovers from underruns and suspends, and on a stop
// drops what the card holds (snd_pcm_drop, then snd_pcm_prepare for the next sound). The
// device is opened on the writer thread when the first sound comes, and libasound with it (ALSA:
// a kiosk that never speaks never maps it); a device that cannot be opened or fails is reported
// once through `report`, its sound dropped, and tried again with the next sound. A library that
// cannot be opened is reported the same way; the process keeps that answer (ALSA.loaded), so a
// libasound2 installed afterwards is used from the next start.
// The UI loop only ever calls `stop`, which takes the lock for a moment.
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
    // Writer thread only: the device, and the library that opened it.
    private var pcm: (handle: OpaquePointer, alsa: ALSA)?

    /// Starts the writer thread; `report` receives a library or device failure (once until one
    /// works again).
    public init(device: String, sampleRate: Int, report: @escaping @Sendable (String) -> Void) throws(SystemError) {
        self.device = device
        self.sampleRate = sampleRate
        self.report = report
        guard Monitor.detach({ [self] in writeLoop() }) else { throw SystemError(errno: EAGAIN, operation: "pthread_create(alsa)") }
    }

    /// Why libasound cannot be opened (opening it now, once per process), or nil: what
    /// `doctor` says for speech, which a kiosk otherwise learns from its first sound.
    public static func libraryFailure() -> SharedLibraryError? {
        if case .failure(let error) = ALSA.loaded { return error }
        return nil
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
                _ = pcm.alsa.pcmDrop(pcm.handle)
                _ = pcm.alsa.pcmPrepare(pcm.handle)
            }
            if !chunk.isEmpty { write(chunk) }
        }
    }

    /// Writes `chunk` to the card, opening it first if needed; gives up on a stop or a failure.
    private func write(_ chunk: [Int16]) {
        guard let opened = pcm ?? open() else { return }
        let (handle, alsa) = opened
        var offset = 0
        while offset < chunk.count {
            if monitor.locked({ dropRequested }) { return }
            let written = chunk.withUnsafeBufferPointer {
                alsa.pcmWritei(handle, $0.baseAddress! + offset, snd_pcm_uframes_t(chunk.count - offset))
            }
            if written >= 0 {
                offset += Int(written)
            } else if written == -Int(EAGAIN) {
                _ = alsa.pcmWait(handle, 20)
            } else if alsa.pcmRecover(handle, Int32(written), 1) < 0 {
                fail("snd_pcm_writei", Int32(written), alsa)
                _ = alsa.pcmClose(handle)
                pcm = nil
                return
            }
        }
        monitor.locked { reportedFailure = false }
    }

    /// Opens libasound (once per process) and the device, and configures it (S16_LE, mono,
    /// `sampleRate`, ALSA resampling allowed).
    private func open() -> (handle: OpaquePointer, alsa: ALSA)? {
        let alsa: ALSA
        switch ALSA.loaded {
        case .success(let loaded): alsa = loaded
        case .failure(let error):
            fail("\(error)")
            return nil
        }
        var opened: OpaquePointer?
        let result = alsa.pcmOpen(&opened, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard result == 0, let handle = opened else {
            fail("snd_pcm_open", result, alsa)
            return nil
        }
        let set = alsa.pcmSetParams(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                    UInt32(sampleRate), 1, Self.latencyMicroseconds)
        guard set == 0 else {
            fail("snd_pcm_set_params", set, alsa)
            _ = alsa.pcmClose(handle)
            return nil
        }
        pcm = (handle, alsa)
        return pcm
    }

    /// The device's `operation` failed with alsa-lib's error `code`.
    private func fail(_ operation: String, _ code: Int32, _ alsa: ALSA) {
        fail("audio device '\(device)': \(operation): \(alsa.message(code))")
    }

    /// Drops what is buffered and reports `message` unless a failure was reported since the
    /// last sound that played.
    private func fail(_ message: String) {
        let first = monitor.locked { () -> Bool in
            defer { reportedFailure = true }
            buffer.removeAll(keepingCapacity: true)
            return !reportedFailure
        }
        monitor.broadcast()
        if first { report(message) }
    }
}
