// The espeak-ng calls of the speech thread: start-up (data path, synchronous mode) and one
// synthesis (a part at a time, each in its voice), whose callback hands each chunk to `deliver` and returns 1 to abort when the job
// was cut. Only the speech thread runs this file's code; the C callback cannot capture, so it
// reaches the one synthesiser through `shared`.
import CEspeakNG
import KioskFiles

extension SpeechSynthesizer {
    /// The address space espeak-ng's start may take: the speech thread's malloc arena (glibc
    /// reserves 64 MB of address space for each new one), espeak-ng's own thread's stack (8 MB)
    /// and its data and buffers (its resident memory while speaking is about 6 MB, BENCHMARKS.md).
    /// Under `ulimit -v`, strace showed the arena and then the stack's mapping failing.
    static let engineBytes = 80 << 20

    /// Starts espeak-ng and lists its voices as one large block of `engineBytes`
    /// (MemoryHeadroom): espeak-ng checks neither its allocations nor its threads' creation, and
    /// with the address space nearly spent it crashes instead of failing.
    static func startEngineAndListVoices() -> (Result<EspeakNG, SpeechError>, Set<String>) {
        let started = MemoryHeadroom.allocate(engineBytes) { () -> (Result<EspeakNG, SpeechError>, Set<String>)? in
            let engine = startEngine()
            return (engine, (try? engine.get()).map(listVoiceNames) ?? [])
        }
        return started ?? (.failure(.memory(bytes: engineBytes)), [])
    }

    /// Opens espeak-ng and starts it in synchronous mode (PCM to the callback, never its own
    /// audio); the reason when it cannot.
    static func startEngine() -> Result<EspeakNG, SpeechError> {
        let espeak: EspeakNG
        switch EspeakNG.loaded {
        case .success(let loaded): espeak = loaded
        case .failure(let error): return .failure(.library(error))
        }
        espeak.initializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak.initialize(&context)
        defer { if context != nil { espeak.clearErrorContext(&context) } }
        guard status == ENS_OK else { return .failure(.initialization(espeak.message(status))) }
        let output = espeak.initializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
        guard output == ENS_OK else { return .failure(.initialization(espeak.message(output))) }
        guard espeak.getSampleRate() == Int32(sampleRate) else {
            return .failure(.initialization("sample rate \(espeak.getSampleRate()) Hz, not \(sampleRate)"))
        }
        espeak.setSynthCallback { wav, count, _ in
            guard let wav, count > 0 else { return 0 }
            let more = SpeechSynthesizer.shared.deliver(UnsafeBufferPointer(start: wav, count: Int(count)))
            return more ? 0 : 1
        }
        return .success(espeak)
    }

    /// Every name `espeak_ng_SetVoiceByName` takes for the installed voices: each voice's name,
    /// its file's name (the last part of its identifier, `gmw/en-GB-x-rp`) and the languages it
    /// speaks (`en-gb`, `en`), lowercased. espeak_ListVoices(NULL) leaves out variants and MBROLA
    /// voices.
    static func listVoiceNames(_ espeak: EspeakNG) -> Set<String> {
        guard let list = espeak.listVoices(nil) else { return [] }
        var names = Set<String>()
        var index = 0
        while let voice = list[index] {
            if let name = voice.pointee.name { names.insert(String(cString: name).lowercased()) }
            if let identifier = voice.pointee.identifier,
               let file = String(cString: identifier).split(separator: "/").last {
                names.insert(file.lowercased())
            }
            if let languages = voice.pointee.languages { names.formUnion(Self.languages(languages)) }
            index += 1
        }
        return names
    }

    /// espeak_VOICE.languages: a priority byte, a NUL-terminated language name, again, until a
    /// zero priority byte.
    static func languages(_ packed: UnsafePointer<CChar>) -> [String] {
        var result: [String] = []
        var cursor = packed
        while cursor.pointee != 0, result.count < 64 {
            let name = String(cString: cursor + 1)
            result.append(name.lowercased())
            cursor += 1 + name.utf8.count + 1
        }
        return result
    }

    /// Says `job`'s utterance into its sink, part by part in each part's voice, chunk by chunk,
    /// until it ends or is cut. A voice espeak-ng lacks falls back to English (the text is still
    /// said, in the wrong accent).
    func synthesize(_ job: Job, with espeak: EspeakNG) {
        let u = job.utterance
        for part in u.parts {
            guard !currentJobStopped else { return }
            if espeak.setVoiceByName(part.voice) != ENS_OK { _ = espeak.setVoiceByName(SpeechVoice.fallback) }
            // A voice brings its own rate and volume: set ours after it.
            _ = espeak.setParameter(espeakRATE, Int32(u.rate), 0)
            _ = espeak.setParameter(espeakVOLUME, Int32(u.volume), 0)
            // Plain UTF-8, never SSML: an item's title is text, not markup.
            var bytes = Array(part.text.utf8CString)
            _ = espeak.synthesize(&bytes, bytes.count, 0, POS_CHARACTER, 0,
                                  UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), nil, nil)
        }
    }
}
