// `check-config` asks espeak-ng whether it has the `[accessibility] voice` a configuration names,
// as the app would when it first speaks, so a misspelt voice (or an MBROLA voice, which needs the
// mbrola program and its data) fails the check at its value instead of a kiosk that quietly
// speaks in another voice. The app itself logs the same and chooses the voice by script.
import KioskConfig

extension CheckConfigCommand {
    /// A diagnostic at `accessibility.voice` when espeak-ng has no such voice.
    static func voiceProblems(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        guard configuration.accessibility.namesAMissingVoice, let voice = configuration.accessibility.voice else { return [] }
        let at = ConfigSourceMap(source: source).valuePosition(ConfigPath().appending("accessibility").appending("voice"))
        return [ConfigDiagnostic(file: file, position: at, message: "accessibility.voice: espeak-ng has no voice \"\(voice)\" "
                                 + "(`espeak-ng --voices` lists them; MBROLA voices are not supported)")]
    }
}
