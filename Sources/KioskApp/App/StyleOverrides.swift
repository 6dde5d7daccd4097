// The live "Styles" demo: a person at a bare kiosk switches expansion style, transition style,
// button animation, display mode, button style and navigation transition from a sheet, and the
// next swipe uses them. Each setting cycles through "as configured" and every value.
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

        /// The values cycled through; "configured" means no override.
        var values: [String] {
            switch self {
            case .expansion: return ["configured", "none", "selection", "destructive", "destructiveAfterFill", "fill", "fillReverse"]
            case .transition: return ["configured"] + SwipeTransitionStyle.allCases.map(\.rawValue)
            case .animation: return ["configured"] + ButtonTransitionKind.allCases.map(\.rawValue)
            case .display: return ["configured"] + ButtonDisplayMode.allCases.map(\.rawValue)
            case .buttons: return ["configured"] + ButtonStyle.allCases.map(\.rawValue)
            case .navigation: return NavigationTransitionStyle.allCases.map(\.rawValue)
            }
        }
    }

    var choices: [Setting: String] = [:]
    static let sheetID = "styles"

    init(navigation: NavigationTransitionStyle) {
        choices[.navigation] = navigation.rawValue
    }

    func value(_ setting: Setting) -> String { choices[setting] ?? "configured" }

    /// Moves a setting to its next value.
    func cycle(_ setting: Setting) {
        let values = setting.values
        let index = values.firstIndex(of: value(setting)) ?? 0
        choices[setting] = values[(index + 1) % values.count]
    }

    var navigation: NavigationTransitionStyle { NavigationTransitionStyle(rawValue: value(.navigation)) ?? .push }

    /// The sheet listing every setting with its current value.
    var sheet: SheetContent {
        SheetContent(
            id: Self.sheetID, title: "Styles",
            rows: Setting.allCases.map { SheetRow(id: $0.rawValue, title: $0.title, detail: value($0)) } + [SheetRow(id: "close", title: "Done")])
    }

    /// Applies the overrides to one side's options and actions.
    func apply(options: SwipeOptions, actions: [SwipeAction]) -> (SwipeOptions, [SwipeAction]) {
        var o = options
        var a = actions
        switch value(.expansion) {
        case "configured": break
        case "none": o.expansionStyle = nil
        case "selection": o.expansionStyle = .selection
        case "destructive": o.expansionStyle = .destructive
        case "destructiveAfterFill": o.expansionStyle = .destructiveAfterFill
        case "fill": o.expansionStyle = .fill
        default: o.expansionStyle = .fillReverse
        }
        if let t = SwipeTransitionStyle(rawValue: value(.transition)) { o.transitionStyle = t }
        if let d = ButtonDisplayMode(rawValue: value(.display)) { o.displayMode = d }
        if let b = ButtonStyle(rawValue: value(.buttons)) { o.buttonStyle = b }
        if let kind = ButtonTransitionKind(rawValue: value(.animation)) {
            a = a.map { var x = $0; x.transition = kind; return x }
        }
        return (o, a)
    }
}
