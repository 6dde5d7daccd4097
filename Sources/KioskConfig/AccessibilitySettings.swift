// `[accessibility]`: speech output (issue 25). Off, on, or on demand (the default: silent until
// someone presses a key of a keypad or keyboard, silent again after the idle reset); the
// espeak-ng voice (default: chosen from each text's script), its rate and volume, and the ALSA
// device it plays on, and the keypad's map (KeypadMap). Plain values: the app hands them to
// KioskSpeech and KioskHardware. Also the time-out warning before the idle reset,
// and the smallest text height in millimetres on a panel that reports its size.

/// `[accessibility]`.
public struct AccessibilitySettings: Hashable, Sendable {
    /// When the kiosk speaks.
    public enum Speech: String, Hashable, Sendable, CaseIterable {
        case off
        case on
        /// From the first key press of a session until the idle reset.
        case onDemand = "on-demand"
    }

    /// Words per minute espeak-ng accepts (its espeakRATE_MINIMUM…MAXIMUM).
    public static let rates = 80...450
    public static let volumes = 0...100
    /// The longest voice name or device name taken.
    static let nameLimit = 200

    public var speech: Speech = .onDemand
    /// An espeak-ng voice name (`en`, `de`, `en-GB-x-rp`); nil: from the text's script.
    public var voice: String?
    /// Words per minute.
    public var rate = 175
    /// Percent of espeak-ng's normal loudness.
    public var volume = 100
    /// The ALSA PCM speech plays on.
    public var audioDevice = "default"
    /// What each keypad key does (`[accessibility] keypad`, KeypadMap).
    public var keypad = KeypadMap.standard
    /// Seconds before the idle reset that a banner (and speech, when on) warns of it; 0: no
    /// warning; nil: not configured, `defaultTimeoutWarning` where the idle time is longer.
    public var timeoutWarning: Double?
    public static let defaultTimeoutWarning = 20.0
    /// The smallest capital-letter height of the rows' text in millimetres on a panel that reports
    /// its physical size (EDID); 0: off. Section 508 402.4 / ADA 707.7.2 ask 4.8 (3/16 in).
    public var minTextMillimetres = 0.0

    /// How many seconds before an idle reset after `idle` seconds the warning shows; nil: none.
    /// The default is left out where it does not fit (an idle time of 20 s or less).
    public func timeoutWarningLead(idle: Double?) -> Double? {
        guard let idle else { return nil }
        let lead = timeoutWarning ?? Self.defaultTimeoutWarning
        return lead > 0 && lead < idle ? lead : nil
    }

    public init() {}
}

extension AccessibilitySettings {
    init(reading r: ConfigReader) {
        self.init()
        speech = r.choice("speech") ?? speech
        if let name = r.string("voice") {
            if Self.isVoiceName(name) {
                voice = name
            } else {
                r.report("accessibility.voice must be an espeak-ng voice name such as \"en\" or \"en-GB-x-rp\" "
                         + "(letters, digits and hyphens), not \"\(name)\"", key: "voice")
            }
        }
        if r.toml["timeout_warning"] != nil {
            timeoutWarning = r.number("timeout_warning", default: Self.defaultTimeoutWarning, in: 0...86_400)
        }
        minTextMillimetres = r.number("min_text_mm", default: minTextMillimetres, in: 0...100)
        rate = r.integer("rate", default: rate, in: Self.rates)
        volume = r.integer("volume", default: volume, in: Self.volumes)
        if let device = r.string("audio_device") {
            if device.isEmpty || device.utf8.count > Self.nameLimit || device.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                r.report("accessibility.audio_device must be an ALSA device name such as \"default\" or \"plughw:1\"", key: "audio_device")
            } else {
                audioDevice = device
            }
        }
        if let t = r.table("keypad") { keypad = KeypadMap(reading: t, over: keypad) }
        r.finish()
    }

    static func isVoiceName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 40
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
