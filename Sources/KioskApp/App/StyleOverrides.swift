// The live "Styles" demo: a person at a bare kiosk switches expansion style, transition style,
// button animation, display mode, button style and navigation transition from a sheet, and the
// next swipe uses them. Each row shows the value in effect (the configured one, taken from the
// current list's trailing side, until the person chooses another) and cycles through every value.
import KioskUI
import SwipeCore

/// Style choices layered over the configured list options.
final class StyleOverrides {
    enum Setting: String, CaseIterable {
        case expansion, transition, animation, display, buttons, navigation

        var title: String {
            switch self {
            case .expansion: return "Expansion"
            case .transition: return "Transition"
            case .animation: return "Button animation"
            case .display: return "Display mode"
            case .buttons: return "Button style"
            case .navigation: return "Navigation"
            }
        }

        /// The values cycled through, in order.
        var values: [String] {
            switch self {
            case .expansion: return ExpansionName.allCases.map(\.rawValue)
            case .transition: return SwipeTransitionStyle.allCases.map(\.rawValue)
            case .animation: return ButtonTransitionKind.allCases.map(\.rawValue)
            case .display: return ButtonDisplayMode.allCases.map(\.rawValue)
            case .buttons: return ButtonStyle.allCases.map(\.rawValue)
            case .navigation: return NavigationTransitionStyle.allCases.map(\.rawValue)
            }
        }

        /// The value `side` is configured with (the first action's animation for `.animation`).
        func configured(_ side: ListSideConfiguration) -> String {
            let o = side.options
            switch self {
            case .expansion:
                return ExpansionName.allCases.first { $0.style == o.expansionStyle }?.rawValue ?? "custom"
            case .transition: return o.transitionStyle.rawValue
            case .animation: return (side.swipeActions.first?.transition ?? .none).rawValue
            case .display: return o.displayMode.rawValue
            case .buttons: return o.buttonStyle.rawValue
            case .navigation: return ""
            }
        }
    }

    /// The chosen values; a setting without one keeps each list's configured value.
    var choices: [Setting: String] = [:]

    init(navigation: NavigationTransitionStyle) {
        choices[.navigation] = navigation.rawValue
    }

    /// The value in effect for `setting` on `list` (its trailing side shows the configured one).
    func value(_ setting: Setting, list: ListConfiguration) -> String {
        choices[setting] ?? setting.configured(list.trailing)
    }

    /// Moves a setting to the value after the one in effect on `list`.
    func cycle(_ setting: Setting, list: ListConfiguration) {
        let values = setting.values
        let index = values.firstIndex(of: value(setting, list: list)).map { $0 + 1 } ?? 0
        choices[setting] = values[index % values.count]
    }

    var navigation: NavigationTransitionStyle {
        NavigationTransitionStyle(rawValue: choices[.navigation] ?? "") ?? .push
    }

    /// The sheet listing every setting with the value in effect on `list`.
    func sheet(for list: ListConfiguration) -> SheetContent {
        SheetContent(
            id: AppSheet.styles.id, title: "Styles",
            rows: Setting.allCases.map { SheetRow(id: $0.rawValue, title: $0.title, detail: value($0, list: list)) }
                + [SheetRow(id: "close", title: "Done")])
    }

    /// Applies the overrides to one side's options and actions.
    func apply(options: SwipeOptions, actions: [SwipeAction]) -> (SwipeOptions, [SwipeAction]) {
        var o = options
        var a = actions
        if let chosen = choices[.expansion].flatMap(ExpansionName.init(rawValue:)) { o.expansionStyle = chosen.style }
        if let t = choices[.transition].flatMap(SwipeTransitionStyle.init(rawValue:)) { o.transitionStyle = t }
        if let d = choices[.display].flatMap(ButtonDisplayMode.init(rawValue:)) { o.displayMode = d }
        if let b = choices[.buttons].flatMap(ButtonStyle.init(rawValue:)) { o.buttonStyle = b }
        if let kind = choices[.animation].flatMap(ButtonTransitionKind.init(rawValue:)) {
            a = a.map { var x = $0; x.transition = kind; return x }
        }
        return (o, a)
    }
}
