// Shared fixtures for the row and sheet tests: the worked example of docs/BEHAVIOUR.md "Rows" §1.6
// (W = 390, three trailing actions, m = 74, P = 222).
@testable import SwipeCore

enum Fixture {
    static let width = 390.0
    static let height = 64.0

    /// An 800 px sheet presented at 0 and at rest at 1 s (docs/BEHAVIOUR.md "Sheets" §4).
    static func presentedSheet(_ config: SwipeDownConfiguration = SwipeDownConfiguration()) -> SheetDismissController {
        var sheet = SheetDismissController(height: 800, configuration: config, time: 0)
        sheet.tick(time: 1)
        return sheet
    }

    static let trailing = [
        SwipeAction(id: "delete", title: "Delete", icon: "delete", style: .destructive),
        SwipeAction(id: "flag", title: "Flag", icon: "flag"),
        SwipeAction(id: "more", title: "More", icon: "dots-horizontal"),
    ]
    static let leading = [SwipeAction(id: "read", title: "Read", icon: "email-open")]

    static func options(
        _ expansion: SwipeExpansionStyle? = nil, transition: SwipeTransitionStyle = .border
    ) -> SwipeOptions {
        var o = SwipeOptions()
        o.expansionStyle = expansion
        o.transitionStyle = transition
        return o
    }

    static func row(
        _ expansion: SwipeExpansionStyle? = nil, transition: SwipeTransitionStyle = .border,
        direction: LayoutDirection = .leftToRight, leading: [SwipeAction] = leading, trailing: [SwipeAction] = trailing
    ) -> SwipeRowController {
        SwipeRowController(
            configuration: SwipeRowConfiguration(
                leading: leading, trailing: trailing, leadingOptions: options(expansion, transition: transition),
                trailingOptions: options(expansion, transition: transition), direction: direction),
            width: width, height: height)
    }
}

extension SwipeRowController {
    /// Drags from rest by `dx` in steps of 10 px, 8 ms apart, starting at `time`; returns the end time.
    @discardableResult
    func dragBy(_ dx: Double, startX: Double = 300, time: Instant = 0) -> Instant {
        _ = beginDrag(direction: dx, fingerX: startX, time: time)
        let steps = max(1, Int((abs(dx) / 10).rounded(.up)))
        var t = time
        for i in 1...steps {
            t += .milliseconds(8)
            let travel = dx * Double(i) / Double(steps)
            drag(translation: travel, fingerX: startX + travel, time: t)
        }
        return t
    }
}
