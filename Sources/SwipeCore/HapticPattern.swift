// How a haptic event feels (its length and strength): a plain value the configuration reads
// and the hardware's backends play, so it sits with the events themselves (HapticEvent).

/// How one event feels: how long and how strong.
public struct HapticPattern: Hashable, Sendable {
    /// Duration in milliseconds (> 0).
    public var durationMilliseconds: Int
    /// Strength 0…1 (clamped).
    public var strength: Double

    public init(durationMilliseconds: Int, strength: Double) {
        self.durationMilliseconds = max(1, durationMilliseconds)
        self.strength = min(max(strength, 0), 1)
    }

    /// Parses `"<ms> <strength>"` or `"<ms>ms <strength>"`, e.g. `"20 0.6"`.
    public init?(parsing text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let ms = Int(parts[0].hasSuffix("ms") ? parts[0].dropLast(2) : parts[0]),
              ms > 0, let strength = Double(parts[1]), (0...1).contains(strength)
        else { return nil }
        self.init(durationMilliseconds: ms, strength: strength)
    }

    /// Every event's pattern unless the configuration says otherwise.
    public static let defaults: [HapticEvent: HapticPattern] = [
        .expansionEnter: HapticPattern(durationMilliseconds: 20, strength: 0.6),
        .expansionExit: HapticPattern(durationMilliseconds: 12, strength: 0.3),
        .action: HapticPattern(durationMilliseconds: 30, strength: 0.8),
        .sheetDismiss: HapticPattern(durationMilliseconds: 15, strength: 0.4),
        .navigationCommit: HapticPattern(durationMilliseconds: 15, strength: 0.4),
        .longPress: HapticPattern(durationMilliseconds: 40, strength: 1.0),
    ]
}
