// `replay --audio-out FILE.wav` (docs/ARCHITECTURE.md "Accessibility"): what the kiosk would
// have played, as a 16-bit mono PCM WAV. Each utterance is placed at the virtual time it began;
// one that was interrupted ends where the next began (the synthesiser cut it after exactly the
// samples that time allowed), so two runs of a script give the same bytes. Silence fills the
// time between utterances. The file covers at most `durationLimit` of virtual time.
import KioskHardware

/// The replay's speech as one track.
struct SpeechRecording {
    /// The longest track written (30 minutes: 79 MB at 22,050 Hz); later speech is left out.
    static let durationLimit = 1_800.0
    let sampleRate: Int
    private(set) var samples: [Int16] = []
    /// Utterances that began after `durationLimit` (left out).
    private(set) var leftOut = 0

    /// The entries of `announcer` placed on one track from what `output` recorded.
    init(_ announcer: SpeechAnnouncer, output: VirtualAudioOutput) {
        sampleRate = output.sampleRate
        let limit = Int(Self.durationLimit * Double(sampleRate))
        for entry in announcer.entries {
            let start = Int((Double(entry.timeMs) / 1000 * Double(sampleRate)).rounded())
            guard start < limit else {
                leftOut += 1
                continue
            }
            var sound = output.samples(of: entry.id)[...]
            if let cut = entry.cutAfter { sound = sound.prefix(cut) }
            sound = sound.prefix(limit - start)
            if samples.count < start + sound.count { samples += repeatElement(0, count: start + sound.count - samples.count) }
            samples.replaceSubrange(start..<(start + sound.count), with: sound)
        }
    }

    /// The RIFF/WAVE file: PCM, mono, 16-bit little-endian.
    var wav: [UInt8] {
        let dataBytes = samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataBytes)
        func text(_ s: String) { bytes += Array(s.utf8) }
        func u32(_ v: Int) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: UInt32(v) >> (8 * $0)) } }
        func u16(_ v: Int) { bytes += (0..<2).map { UInt8(truncatingIfNeeded: UInt16(v) >> (8 * $0)) } }
        text("RIFF"); u32(36 + dataBytes); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        text("data"); u32(dataBytes)
        for sample in samples { u16(Int(UInt16(bitPattern: sample))) }
        return bytes
    }
}
