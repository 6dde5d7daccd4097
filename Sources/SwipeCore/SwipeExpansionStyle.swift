// Full-swipe expansion: where it triggers and what happens on release. The threshold math
// lives here on plain numbers, not on a gesture object (docs/BEHAVIOUR.md "Rows" §1.6, §2.3).

/// Where the expansion target lies.
public enum ExpansionTarget: Hashable, Sendable {
    /// A fraction of the row width.
    case percentage(Double)
    /// The row width minus an inset from the far edge.
    case edgeInset(Double)
}

/// Extra conditions that expand before the target is reached.
public enum ExpansionTrigger: Hashable, Sendable {
    /// The finger is more than this fraction of the width away from the side opposite the actions.
    case touchThreshold(Double)
    /// The opening passes the fully-open width by this many pixels.
    case overscroll(Double)
}

/// When the action's handler runs relative to the fill slide.
public enum HandlerTiming: String, Hashable, Sendable {
    case with
    case after
}

/// What fulfilling a filled action does to the row.
public enum ExpansionFulfillment: String, Hashable, Sendable {
    case delete
    case reset
}

/// How a fill completes: automatically with a fulfilment, or when the app calls `fulfill`.
public enum FillOptions: Hashable, Sendable {
    case automatic(ExpansionFulfillment, timing: HandlerTiming)
    case manual(timing: HandlerTiming)

    public var timing: HandlerTiming {
        switch self {
        case .automatic(_, let timing), .manual(let timing): return timing
        }
    }
}

/// What the row does when released expanded.
public enum CompletionAnimation: Hashable, Sendable {
    /// Snap back to centre and run the action.
    case bounce
    /// Slide off toward the action side, then fulfil.
    case fill(FillOptions)
    /// MGU: keep the destructive thresholds but snap back (e.g. confirm prompts).
    case fillReverse
}

/// A complete expansion behaviour.
public struct SwipeExpansionStyle: Hashable, Sendable {
    public var target: ExpansionTarget
    public var additionalTriggers: [ExpansionTrigger]
    public var elasticOverscroll: Bool
    public var completionAnimation: CompletionAnimation
    public var minimumTargetOverscroll: Double = 20
    public var targetOverscrollElasticity: Double = 0.2
    /// Finger travel before expansion may trigger (2.3.0 fix for #194).
    public var minimumExpansionTranslation: Double = 8

    public init(
        target: ExpansionTarget, additionalTriggers: [ExpansionTrigger] = [], elasticOverscroll: Bool = false,
        completionAnimation: CompletionAnimation = .bounce
    ) {
        self.target = target
        self.additionalTriggers = additionalTriggers
        self.elasticOverscroll = elasticOverscroll
        self.completionAnimation = completionAnimation
    }

    /// Half the width, elastic, bounce.
    public static let selection = SwipeExpansionStyle(
        target: .percentage(0.5), elasticOverscroll: true, completionAnimation: .bounce)
    /// Mail: fill and delete, handler with the slide.
    public static let destructive = destructive(automaticallyDelete: true, timing: .with)
    /// Mailbox: fill and delete, handler after the slide.
    public static let destructiveAfterFill = destructive(automaticallyDelete: true, timing: .after)
    /// Fill, app fulfils; triggered by 30 px of overscroll.
    public static let fill = SwipeExpansionStyle(
        target: .edgeInset(30), additionalTriggers: [.overscroll(30)],
        completionAnimation: .fill(.manual(timing: .after)))
    /// MGU's fillReverse: destructive thresholds, snaps back.
    public static let fillReverse = SwipeExpansionStyle(
        target: .edgeInset(30), additionalTriggers: [.touchThreshold(0.8)], completionAnimation: .fillReverse)

    public static func destructive(automaticallyDelete: Bool, timing: HandlerTiming) -> SwipeExpansionStyle {
        SwipeExpansionStyle(
            target: .edgeInset(30), additionalTriggers: [.touchThreshold(0.8)],
            completionAnimation: .fill(automaticallyDelete ? .automatic(.delete, timing: timing) : .manual(timing: timing)))
    }

    /// The opening amount T at which the row expands: max(P + minimumTargetOverscroll, raw).
    public func targetOffset(rowWidth: Double, openWidth: Double) -> Double {
        let raw: Double
        switch target {
        case .percentage(let p): raw = rowWidth * p
        case .edgeInset(let e): raw = rowWidth - e
        }
        return max(openWidth + minimumTargetOverscroll, raw)
    }

    /// The should-expand test of §1.6 on plain numbers.
    /// - Parameters:
    ///   - opening: displayed opening amount |u| in pixels.
    ///   - translation: finger travel in this gesture.
    ///   - fingerX: finger x relative to the row's left edge.
    public func shouldExpand(
        opening: Double, translation: Double, fingerX: Double, side: SwipeSide, rowWidth: Double, openWidth: Double
    ) -> Bool {
        guard abs(translation) > minimumExpansionTranslation else { return false }
        let x = opening.rounded(.down)
        guard x > openWidth else { return false }
        if x > targetOffset(rowWidth: rowWidth, openWidth: openWidth) { return true }
        for trigger in additionalTriggers {
            switch trigger {
            case .touchThreshold(let f):
                let distance = side == .right ? rowWidth - fingerX : fingerX
                if rowWidth > 0, distance / rowWidth > f { return true }
            case .overscroll(let d):
                if opening > openWidth + d { return true }
            }
        }
        return false
    }
}
