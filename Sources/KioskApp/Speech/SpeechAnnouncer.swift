// What the kiosk says, and when (issue 25; docs/ARCHITECTURE.md "Accessibility"). After every
// input and tick the app hands over the scene's AccessibleFocus and toast; what changed since
// the last look becomes one utterance (SpeechAnnouncer+Phrases has the words): the page when
// it appears, the row the keys moved to, a sheet and its rows, a toast or an action's result.
// Each utterance interrupts the one before. `[accessibility] speech`: off says nothing, on
// speaks from the start, on-demand from the first key press until the idle reset.
// The record (the state dump's `speech`) is bounded like the haptics; the audio goes through
// KioskSpeech's synthesiser to an AudioOutput: ALSA on the device, a recording in replay, where
// cuts are placed at virtual times so the same script gives the same audio. The keypad's volume
// and the utterance its repeat key says again belong to the session: the idle reset drops them.
import KioskConfig
import KioskHardware
import KioskSpeech
import KioskUI
import SwipeCore

/// Decides what to say and says it.
final class SpeechAnnouncer {
    /// One utterance, as the state dump reports it.
    struct Entry {
        let id: Int
        let timeMs: Int
        let text: String
        /// The voice it starts in.
        let voice: String
        /// Its stretches and their voices (the text's script chooses each: SpokenText).
        let parts: [Utterance.Part]
        /// Samples it had when the next utterance (or a stop) cut it; nil: never cut.
        var cutAfter: Int?
    }

    /// Utterances kept (the dump's `speech` and replay's WAV): the newest ones only.
    static let historyLimit = 1_000
    let settings: AccessibilitySettings
    /// Where the PCM goes; nil: nothing is synthesised (`screenshot`, `bench`).
    var output: AudioOutput? {
        didSet { startSynthesizer() }
    }
    /// Whether this announcer has started the synthesiser (`startSynthesizer`).
    private var synthesizerStarted = false
    /// Virtual time (replay): nothing is cut in the synthesiser; the recording keeps of each
    /// utterance the samples the time until the next one allows.
    var deterministic = false
    /// Where a configured voice espeak-ng lacks is reported (once).
    var reportFailure: (String) -> Void = { printError("swipe-kiosk: \($0)") }
    private(set) var entries: [Entry] = []
    /// Speaking now: always with `on`, after a key press with `on-demand`.
    private(set) var active: Bool
    private var last: AccessibleFocus?
    private var lastToast: ToastView?
    /// Results of actions, said with the next update (before what the screen then shows).
    private var results: [SpokenText] = []
    /// The most results kept for one update (a burst of retried writes landing together).
    static let resultLimit = 8
    private var nextID = 1
    /// The loudness said utterances get: `settings.volume` until the keypad's volume keys change
    /// it, and again from the idle reset on (the next person starts at the default).
    private(set) var volume: Int
    /// Percent a volume key changes it by.
    static let volumeStep = 10
    /// The last utterance of this session (the keypad's repeat), nil after the idle reset.
    private(set) var lastSaid: SpokenText?
    /// "Press 5 for help." is still to be said this session (with its first keypad key).
    private var helpHintDue = true
    /// Whether espeak-ng has `settings.voice` (nil: not asked yet).
    private var voiceKnown: Bool?
    let lengths = SpeechLengths()

    init(settings: AccessibilitySettings) {
        self.settings = settings
        active = settings.speech == .on
        volume = settings.volume
    }

    /// A key was pressed: on-demand speech starts, and the page is said as if it had just appeared.
    func keyPressed() { start() }

    /// On-demand speech starts (a key, or the start gesture).
    func start() {
        guard settings.speech == .onDemand, !active else { return }
        active = true
        last = nil
        lastToast = nil
        startSynthesizer()
    }

    /// Starts the synthesiser once speech is active and has somewhere to go: at once with `on`,
    /// at the first key with `on-demand`, never with `off`, so a kiosk that does not speak never
    /// opens espeak-ng and what it brings (about 4 MB). A failure to start is logged when it
    /// happens, not with the first thing said (nothing may be said for hours).
    private func startSynthesizer() {
        guard active, output != nil, !synthesizerStarted else { return }
        synthesizerStarted = true
        SpeechSynthesizer.shared.whenStartFails { printError("swipe-kiosk: \($0)") }
    }

    /// Whether a plug is in the headphone jack: on-demand speech stays on through idle resets.
    private(set) var headphones = false

    /// The headphone jack: a plug starts on-demand speech as a key does; pulling it out keeps
    /// speech on until the idle reset.
    func headphonesChanged(plugged: Bool) {
        headphones = plugged
        if plugged { start() }
    }

    /// The idle reset: silence now; on-demand speech waits for the next person's key (or
    /// stays on while headphones are plugged in).
    func sessionEnded(focus: AccessibleFocus, toast: ToastView?, time: Instant) {
        stop(time: time)
        if settings.speech == .onDemand { active = headphones }
        volume = settings.volume
        lastSaid = nil
        helpHintDue = true
        last = focus
        lastToast = toast
    }

    /// Says what changed since the last call. `byKey`: this follows a key press, so a focus that
    /// moved is said; a focus moved by a data change is not (the next arrow says where it is).
    /// `extra` (a keypad's answer: the help, a volume) is said after what changed.
    func update(_ focus: AccessibleFocus, toast: ToastView?, byKey: Bool, time: Instant, then extra: SpokenText? = nil) {
        defer {
            last = focus
            lastToast = toast
        }
        guard active else { return }
        var parts = results.reduce(SpokenText(), +)
        results.removeAll()
        let newToast = toast.flatMap { t in
            t.id != lastToast?.id || t.message != lastToast?.message || t.shownAt != lastToast?.shownAt ? t : nil
        }
        if let newToast { parts += Self.phrase(newToast) }
        parts += Self.changes(from: last, to: focus, byKey: byKey, toastSaid: newToast != nil)
        if let extra { parts += extra }
        if !parts.isEmpty { say(parts, time: time) }
    }

    /// An action's result ("Flag: done."), said first in the next update: said at once, the
    /// focused row it changed would cut it in the same instant.
    func actionDone(_ title: String) {
        sayFirst(SpokenText([Self.sentence(title + ":"), "done."]))
    }

    /// Says `text` first in the next update ("Actions." before the sheet they are listed on).
    func sayFirst(_ text: SpokenText) {
        if active { results.append(text, keepingLast: Self.resultLimit) }
    }

    /// True the first time in a session (then false until the idle reset): whether a keypad key
    /// should say where help is.
    func takeHelpHint() -> Bool {
        defer { helpHintDue = false }
        return helpHintDue
    }

    /// Changes the volume by `steps` volume steps within 0…100. - Returns: what to say ("Volume 60 percent.").
    func changeVolume(by steps: Int) -> SpokenText {
        let range = AccessibilitySettings.volumes
        volume = min(range.upperBound, max(range.lowerBound, volume + steps * Self.volumeStep))
        return SpokenText("Volume \(volume) percent.")
    }

    /// `[accessibility] voice` if espeak-ng has it (asked once); otherwise nil, and the failure
    /// says so once: each text's voice then comes from its script (check-config refuses it).
    private func configuredVoice() -> String? {
        guard let name = settings.voice else { return nil }
        if let known = voiceKnown { return known ? name : nil }
        let known = !settings.namesAMissingVoice
        voiceKnown = known
        if !known { reportFailure("espeak-ng has no voice \"\(name)\" ([accessibility] voice): each text's voice comes from its script") }
        return known ? name : nil
    }

    /// Starts `text` at `time`, cutting what is being said.
    func say(_ text: SpokenText, time: Instant) {
        let id = nextID
        nextID += 1
        cutLast(at: time)
        let configured = configuredVoice()
        let utterance = Utterance(id: id, parts: text.parts(configured: configured), rate: settings.rate, volume: volume,
                                  noteVoice: configured ?? SpeechVoice.fallback)
        lastSaid = text
        entries.append(Entry(id: id, timeMs: time.wholeMilliseconds, text: utterance.text, voice: utterance.voice,
                             parts: utterance.parts), keepingLast: Self.historyLimit)
        guard let output else { return }
        let synth = SpeechSynthesizer.shared
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
    func stop(time: Instant) {
        guard let previous = entries.last, previous.cutAfter == nil else { return }
        cutLast(at: time)
        guard let output, !deterministic else { return }
        SpeechSynthesizer.shared.stop()
        output.stop(through: previous.id)
    }

    /// Records the samples the last utterance had by `time`, where it is cut.
    private func cutLast(at time: Instant) {
        guard let index = entries.indices.last, entries[index].cutAfter == nil else { return }
        let elapsed = max(0, (time - Instant(milliseconds: entries[index].timeMs)).inSeconds)
        entries[index].cutAfter = Int((elapsed * Double(SpeechSynthesizer.sampleRate)).rounded())
    }

    /// Replay: waits until everything asked for is synthesised, so lengths (and the
    /// `interrupted` flags and the WAV) are final.
    func settle() {
        // Nothing was asked of a synthesiser not started: not even opening espeak-ng to wait for it.
        if synthesizerStarted { SpeechSynthesizer.shared.waitUntilIdle() }
    }

    /// Whether `entry` was cut while it was still being said.
    func interrupted(_ entry: Entry) -> Bool {
        guard let cut = entry.cutAfter else { return false }
        return lengths.interrupted(entry.id, cutAfter: cut)
    }
}
