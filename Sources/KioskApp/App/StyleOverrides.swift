// The live "Styles" demo: a person at a bare kiosk switches expansion style, transition style,
// button animation, display mode, button style and navigation transition from a sheet, and the
// next swipe uses them. Each row shows the value in effect (the configured one, taken from the
// current list's trailing side, until the person chooses another) and cycles through every value.
// With several lists configured (demo.toml: one per style) a List row cycles through them too.
// Values are the swipe core's own enums (a `Choice`); their names appear only on the sheet.
import KioskConfig
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
        var values: [Choice] {
            switch self {
            case .expansion: return ExpansionName.allCases.map(Choice.expansion)
            case .transition: return SwipeTransitionStyle.allCases.map(Choice.transition)
            case .animation: return ButtonTransitionKind.allCases.map(Choice.animation)
            case .display: return ButtonDisplayMode.allCases.map(Choice.display)
            case .buttons: return ButtonStyle.allCases.map(Choice.buttons)
            case .navigation: return NavigationTransitionStyle.allCases.map(Choice.navigation)
            }
        }

        /// The value `side` is configured with (the first action's animation for `.animation`);
        /// nil for an expansion style no name stands for, and for the navigation (not per side).
        func configured(_ side: ListSideConfiguration) -> Choice? {
            let o = side.options
            switch self {
            case .expansion: return ExpansionName.allCases.first { $0.style == o.expansionStyle }.map(Choice.expansion)
            case .transition: return .transition(o.transitionStyle)
            case .animation: return .animation(side.swipeActions.first?.transition ?? .none)
            case .display: return .display(o.displayMode)
            case .buttons: return .buttons(o.buttonStyle)
            case .navigation: return nil
            }
        }
    }

    /// One value of one setting.
    enum Choice: Hashable {
        case expansion(ExpansionName)
        case transition(SwipeTransitionStyle)
        case animation(ButtonTransitionKind)
        case display(ButtonDisplayMode)
        case buttons(ButtonStyle)
        case navigation(NavigationTransitionStyle)

        /// The value's name on the sheet (as in the configuration file).
        var name: String {
            switch self {
            case .expansion(let v): return v.rawValue
            case .transition(let v): return v.rawValue
            case .animation(let v): return v.rawValue
            case .display(let v): return v.rawValue
            case .buttons(let v): return v.rawValue
            case .navigation(let v): return v.rawValue
            }
        }
    }

    /// The chosen values; a setting without one keeps each list's configured value.
    var choices: [Setting: Choice] = [:]

    init(navigation: NavigationTransitionStyle) {
        choices[.navigation] = .navigation(navigation)
    }

    /// The value in effect for `setting` on `list` (its trailing side shows the configured one).
    func value(_ setting: Setting, list: ListConfiguration) -> Choice? {
        choices[setting] ?? setting.configured(list.trailing)
    }

    /// Moves a setting to the value after the one in effect on `list`.
    func cycle(_ setting: Setting, list: ListConfiguration) {
        let values = setting.values
        let index = value(setting, list: list).flatMap { values.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        choices[setting] = values[index % values.count]
    }

    var navigation: NavigationTransitionStyle {
        if case .navigation(let style)? = choices[.navigation] { return style }
        return .push
    }

    /// The rows of the Styles sheet: every setting, List when there is more than one list to
    /// show (`listCount`), then Done.
    static func sheetRows(listCount: Int) -> [AppSheetRow] {
        Setting.allCases.map { .setting($0) } + (listCount > 1 ? [.list] : []) + [.done]
    }

    /// The sheet listing every setting with the value in effect on `list`, one of `listCount`.
    func sheet(for list: ListConfiguration, listCount: Int) -> SheetContent {
        SheetContent(
            id: AppSheet.styles.id, title: "Styles",
            rows: Self.sheetRows(listCount: listCount).map { row in
                switch row {
                case .setting(let setting): return row.view(title: setting.title, detail: value(setting, list: list)?.name ?? "custom")
                case .list: return row.view(title: "List", detail: list.title)
                default: return row.view(title: "Done")
                }
            })
    }

    /// Applies the overrides to one side's options and actions.
    func apply(options: SwipeOptions, actions: [SwipeAction]) -> (SwipeOptions, [SwipeAction]) {
        var o = options
        var a = actions
        for choice in choices.values {
            switch choice {
            case .expansion(let name): o.expansionStyle = name.style
            case .transition(let style): o.transitionStyle = style
            case .display(let mode): o.displayMode = mode
            case .buttons(let style): o.buttonStyle = style
            case .animation(let kind): a = a.map { var x = $0; x.transition = kind; return x }
            case .navigation: break
            }
        }
        return (o, a)
    }
}
