// Whether espeak-ng has the `[accessibility] voice` a configuration names: asked of the speech
// thread (the only one that may call espeak-ng), for check-config, which refuses a voice it
// lacks, and for the announcer, which then chooses each text's voice by script.
import KioskConfig
import KioskSpeech

extension AccessibilitySettings {
    /// True when a voice is configured, speech is not off, and espeak-ng started but has no
    /// voice of that name (MBROLA voices included: they need the mbrola program).
    public var namesAMissingVoice: Bool {
        guard let voice, speech != .off else { return false }
        return SpeechSynthesizer.shared.knowsVoice(voice) == false
    }
}
