// What the kiosk says, and when (issue 25; docs/ARCHITECTURE.md "Accessibility"). After every
// input and tick the app hands over the scene's AccessibleFocus and toast; what changed since
// the last look becomes one utterance (SpeechAnnouncer+Phrases has the words): the page when
// it appears, the row the keys moved to, a sheet and its rows, a toast or an action's result.
// Each utterance interrupts the one before. `[accessibility] speech`: off says nothing, on
// speaks from the start, on-demand from the first key press until the idle reset.
// The record (the state dump's `speech`) is bounded like the haptics; the audio goes through
// KioskSpeech's synthesiser to an AudioOutput: ALSA on the device, a recording in replay, where
// cuts are placed at virtual times so the same script gives the same audio.
import KioskConfig
import KioskHardware
import KioskSpeech
import KioskUI

/// Decides what to say and says it.
final class SpeechAnnouncer {
    /// One utterance, as the state dump reports it.
    struct Entry {
        let id: Int
        let timeMs: Int
        let text: String
        let voice: String
        /// Samples it had when the next utterance (or a stop) cut it; nil: never cut.
        var cutAfter: Int?
    }

    /// Utterances kept (the dump's `speech` and replay's WAV): the newest ones only.
    static let historyLimit = 1_000
    let settings: AccessibilitySettings
    /// Where the PCM goes; nil: nothing is synthesised (`screenshot`, `bench`).
    var output: AudioOutput?
    /// Virtual time (replay): nothing is cut in the synthesiser; the recording keeps of each
    /// utterance the samples the time until the next one allows.
    var deterministic = false
    /// Where a synthesiser that cannot start is reported (once).
    var reportFailure: (String) -> Void = { printError("swipe-kiosk: \($0)") }
    private(set) var entries: [Entry] = []
    /// Speaking now: always with `on`, after a key press with `on-demand`.
    private(set) var active: Bool
    private var last: AccessibleFocus?
    private var lastToast: ToastView?
    /// Results of actions, said with the next update (before what the screen then shows).
    private var results: [String] = []
    /// The most results kept for one update (a burst of retried writes landing together).
    static let resultLimit = 8
    private var nextID = 1
    private var reportedFailure = false
    let lengths = SpeechLengths()

    init(settings: AccessibilitySettings) {
        self.settings = settings
        active = settings.speech == .on
    }

    /// A key was pressed: on-demand speech starts, and the page is said as if it had just appeared.
    func keyPressed() {
        guard settings.speech == .onDemand, !active else { return }
        active = true
        last = nil
        lastToast = nil
    }

    /// Whether a plug is in the headphone jack: on-demand speech stays on through idle resets.
    private(set) var headphones = false

    /// The headphone jack: a plug starts on-demand speech as a key does; pulling it out keeps
    /// speech on until the idle reset.
    func headphonesChanged(plugged: Bool) {
        headphones = plugged
        if plugged { keyPressed() }
    }

    /// The idle reset: silence now; on-demand speech waits for the next person's key (or
    /// stays on while headphones are plugged in).
    func sessionEnded(focus: AccessibleFocus, toast: ToastView?, time: Double) {
        stop(time: time)
        if settings.speech == .onDemand { active = headphones }
        last = focus
        lastToast = toast
    }

    /// Says what changed since the last call. `byKey`: this follows a key press, so a focus that
    /// moved is said; a focus moved by a data change is not (the next arrow says where it is).
    func update(_ focus: AccessibleFocus, toast: ToastView?, byKey: Bool, time: Double) {
        defer {
            last = focus
            lastToast = toast
        }
        guard active else { return }
        var parts = results
        results.removeAll()
        let newToast = toast.flatMap { t in
            t.id != lastToast?.id || t.message != lastToast?.message || t.shownAt != lastToast?.shownAt ? t : nil
        }
        if let newToast { parts.append(Self.phrase(newToast)) }
        parts += Self.changes(from: last, to: focus, byKey: byKey, toastSaid: newToast != nil)
        if !parts.isEmpty { say(parts.joined(separator: " "), time: time) }
    }

    /// An action's result ("Flag: done."), said first in the next update: said at once, the
    /// focused row it changed would cut it in the same instant.
    func actionDone(_ title: String) {
        if active { results.append(Self.sentence(title + ": done"), keepingLast: Self.resultLimit) }
    }

    /// Starts `text` at `time`, cutting what is being said.
    func say(_ text: String, time: Double) {
        let id = nextID
        nextID += 1
        cutLast(at: time)
        let voice = settings.voice ?? SpeechVoice.voice(for: String(text.unicodeScalars.prefix(Utterance.textLimit)))
        let utterance = Utterance(id: id, text: text, voice: voice, rate: settings.rate, volume: settings.volume)
        entries.append(Entry(id: id, timeMs: Int((time * 1000).rounded()), text: utterance.text, voice: voice), keepingLast: Self.historyLimit)
        guard let output else { return }
        let synth = SpeechSynthesizer.shared
        if let failure = synth.failure, !reportedFailure {
            reportedFailure = true
            reportFailure("\(failure)")
        }
        if !deterministic { output.stop(through: id - 1) }
        let lengths = lengths
        // Replay synthesises every utterance whole and cuts the recording (SpeechRecording).
        synth.speak(utterance, interrupting: !deterministic, sink: { audio in
            switch audio {
            case .samples(let id, let samples):
                lengths.add(samples.count, to: id)
                output.play(samples, sound: id)
            case .finished(let id):
                lengths.finish(id)
            }
        })
    }

    /// Silences what is being said.
    func stop(time: Double) {
        guard let previous = entries.last, previous.cutAfter == nil else { return }
        cutLast(at: time)
        guard let output, !deterministic else { return }
        SpeechSynthesizer.shared.stop()
        output.stop(through: previous.id)
    }

    /// Records the samples the last utterance had by `time`, where it is cut.
    private func cutLast(at time: Double) {
        guard let index = entries.indices.last, entries[index].cutAfter == nil else { return }
        let elapsed = max(0, time - Double(entries[index].timeMs) / 1000)
        entries[index].cutAfter = Int((elapsed * Double(SpeechSynthesizer.sampleRate)).rounded())
    }

    /// Replay: waits until everything asked for is synthesised, so lengths (and the
    /// `interrupted` flags and the WAV) are final.
    func settle() {
        if output != nil { SpeechSynthesizer.shared.waitUntilIdle() }
    }

    /// Whether `entry` was cut while it was still being said.
    func interrupted(_ entry: Entry) -> Bool {
        guard let cut = entry.cutAfter else { return false }
        return lengths.interrupted(entry.id, cutAfter: cut)
    }
}
