// The display scale (`[display] scale`) applied to the swipe options: their lengths are points
// as configured (SwipeCellKit's numbers), the UI lays out in pixels, so a HiDPI panel multiplies
// every length once, here, before the core measures buttons or tests thresholds; the sheet's
// dismiss velocity likewise. Fractions, durations and elasticities are ratios and stay as they are.

extension SwipeOptions {
    /// These options with every length multiplied by `factor` (pixels per point).
    public func scaled(by factor: Double) -> SwipeOptions {
        guard factor != 1, factor.isFinite, factor > 0 else { return self }
        var o = self
        o.lengthScale *= factor
        o.maximumButtonWidth = maximumButtonWidth.map { $0 * factor }
        o.minimumButtonWidth = minimumButtonWidth.map { $0 * factor }
        o.buttonPadding *= factor
        o.buttonSpacing *= factor
        o.circleDiameter *= factor
        o.safeAreaMargin *= factor
        o.expansionStyle = expansionStyle?.scaled(by: factor)
        return o
    }
}

extension SwipeExpansionStyle {
    /// This style with its lengths (edge inset, overscroll trigger, minimum overscroll and
    /// translation) multiplied by `factor`.
    public func scaled(by factor: Double) -> SwipeExpansionStyle {
        var s = self
        if case .edgeInset(let inset) = target { s.target = .edgeInset(inset * factor) }
        s.additionalTriggers = additionalTriggers.map {
            if case .overscroll(let distance) = $0 { return .overscroll(distance * factor) }
            return $0
        }
        s.minimumTargetOverscroll *= factor
        s.minimumExpansionTranslation *= factor
        return s
    }
}

extension SwipeRowConfiguration {
    /// This configuration with both sides' options scaled by `factor`.
    public func scaled(by factor: Double) -> SwipeRowConfiguration {
        var c = self
        c.leadingOptions = leadingOptions.scaled(by: factor)
        c.trailingOptions = trailingOptions.scaled(by: factor)
        return c
    }
}

extension SwipeDownConfiguration {
    /// This configuration with its velocity (points per second) in pixels per second.
    public func scaled(by factor: Double) -> SwipeDownConfiguration {
        guard factor.isFinite, factor > 0 else { return self }
        var c = self
        c.minimumVelocityToDismiss *= factor
        return c
    }
}
