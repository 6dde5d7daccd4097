// The expansion delegate SwipeCellKit applies to clear (circular) buttons: when the row
// expands, the other buttons shrink and fade one after another (docs/BEHAVIOUR.md "Rows" §1.10).

/// Staggered scale/alpha of the non-expanding buttons, as a pure function of time.
public struct ScaleAndAlphaExpansion: Hashable, Sendable {
    public var duration: Duration = .milliseconds(150)
    public var scale: Double = 0.8
    public var interButtonDelay: Duration = .milliseconds(100)

    public init(duration: Duration = .milliseconds(150), scale: Double = 0.8, interButtonDelay: Duration = .milliseconds(100)) {
        self.duration = duration
        self.scale = scale
        self.interButtonDelay = interButtonDelay
    }

    public static let `default` = ScaleAndAlphaExpansion()

    /// The delay the expansion layout animation waits before moving the outermost button.
    public func layoutDelay(expanding: Bool) -> Duration { expanding ? interButtonDelay : .zero }

    /// Hide-progress animations (0 shown, 1 hidden) for the buttons other than the outermost
    /// after an expansion flip at `time`, starting from their `current` progress.
    /// Index 0 is the innermost button; the outermost (n−1) is not animated.
    public func animations(expanding: Bool, current: [Double], time: Instant) -> [ScalarAnimation] {
        let n = current.count
        var result = current.map { ScalarAnimation(from: $0, to: $0, start: time, timing: .curve(.linear, duration: .zero)) }
        guard n > 1 else { return result }
        // Expanding visits the button next to the outermost first, moving inward; collapsing
        // goes innermost first and waits one step more.
        let order: [Int] = expanding ? Array((0..<(n - 1)).reversed()) : Array(0..<(n - 1))
        for (k, index) in order.enumerated() {
            let delay = expanding ? interButtonDelay * k : interButtonDelay * (k + 1)
            result[index] = ScalarAnimation(
                from: current[index], to: expanding ? 1 : 0, start: time, delay: delay,
                timing: .curve(.easeInOut, duration: duration))
        }
        return result
    }

    /// Scale and alpha for a hide progress.
    public func look(progress p: Double) -> (scale: Double, alpha: Double) {
        (1 - (1 - scale) * p, 1 - p)
    }
}
