// Reading `[[lists]]` entries: the filter, both sides' SwipeOptions and their
// `[[lists.<side>.actions]]`, with the checks that span keys (duplicate ids, an effect
// "command" without a command (its argv: ActionCommand), minimum wider than maximum).
import KioskStore
import SwipeCore

/// The expansion names accepted in a side's `expansion` key.
public enum ExpansionName: String, CaseIterable, Sendable {
    case none, selection, destructive, destructiveAfterFill, fill, fillReverse

    public var style: SwipeExpansionStyle? {
        switch self {
        case .none: return nil
        case .selection: return .selection
        case .destructive: return .destructive
        case .destructiveAfterFill: return .destructiveAfterFill
        case .fill: return .fill
        case .fillReverse: return .fillReverse
        }
    }
}

extension ListConfiguration {
    init(reading r: ConfigReader) {
        let id = r.requiredString("id")
        self.init(id: id ?? r.path.description, title: r.string("title") ?? id ?? "")
        direction = r.choice("direction")
        sectionHeaders = r.bool("section_headers", default: sectionHeaders)
        if let f = r.table("filter") {
            filter = ListFilter(source: f.string("source"), archived: f.bool("archived", default: false),
                                flagged: f.optionalBool("flagged"), unread: f.optionalBool("unread"))
            f.finish()
        }
        if let side = r.table("leading") { leading = ListSideConfiguration(reading: side) }
        if let side = r.table("trailing") { trailing = ListSideConfiguration(reading: side) }
        r.finish()
    }

    /// Reports every list whose id was already used by an earlier list.
    static func reportDuplicateIDs(_ lists: [ListConfiguration], readers: [ConfigReader]) {
        var first: [String: ConfigPath] = [:]
        for (list, reader) in zip(lists, readers) {
            let path = reader.path.appending("id")
            if let earlier = first[list.id] {
                let line = reader.diagnostics.sourceMap.valuePosition(earlier).line
                reader.diagnostics.report("duplicate list id \"\(list.id)\" (first used on line \(line))", at: path)
            } else {
                first[list.id] = path
            }
        }
    }
}

extension ListSideConfiguration {
    init(reading r: ConfigReader) {
        self.init()
        options.transitionStyle = r.choice("transition") ?? options.transitionStyle
        if let expansion = r.choice("expansion", as: ExpansionName.self) { options.expansionStyle = expansion.style }
        options.displayMode = r.choice("display_mode") ?? options.displayMode
        options.buttonStyle = r.choice("button_style") ?? options.buttonStyle
        let animation: ButtonTransitionKind = r.choice("button_animation") ?? .none
        if r.contains("maximum_button_width") {
            options.maximumButtonWidth = r.number("maximum_button_width", default: 0, in: 0...4096)
        }
        if r.contains("minimum_button_width") {
            options.minimumButtonWidth = r.number("minimum_button_width", default: 0, in: 0...4096)
        }
        if let low = options.minimumButtonWidth, let high = options.maximumButtonWidth, high > 0, low > high {
            r.report("\(r.name("minimum_button_width")) (\(low)) is wider than maximum_button_width (\(high))",
                     key: "minimum_button_width")
        }
        options.buttonPadding = r.number("padding", default: options.buttonPadding, in: 0...200)
        options.buttonSpacing = r.number("spacing", default: options.buttonSpacing, in: 0...200)
        options.circleDiameter = r.number("circle_diameter", default: options.circleDiameter, in: 8...400)
        options.verticalAlignment = r.choice("vertical_alignment", among: [.centerFirstBaseline, .center])
            ?? options.verticalAlignment
        options.backgroundColor = r.color("background") ?? options.backgroundColor
        let actionReaders = r.tables("actions")
        actions = actionReaders.map { ActionConfiguration(reading: $0, animation: animation) }
        var seen: Set<String> = []
        for (action, reader) in zip(actions, actionReaders) where !seen.insert(action.id).inserted {
            reader.report("duplicate action id \"\(action.id)\" in [\(r.path)]", key: "id")
        }
        r.finish()
    }
}

extension ActionConfiguration {
    init(reading r: ConfigReader, animation: ButtonTransitionKind) {
        let id = r.requiredString("id")
        let actionID = id ?? r.path.description
        let effect: ActionEffect? = r.choice("effect") ?? ActionEffect(rawValue: actionID)
        if effect == nil, !r.contains("effect") {
            r.diagnostics.report(
                "action \"\(actionID)\" needs an effect (one of: \(ActionEffect.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: r.path, atKey: true)
        }
        let action = SwipeAction(
            id: actionID, title: r.string("title"), icon: r.string("icon"),
            style: r.choice("style") ?? .default, backgroundColor: r.color("color"),
            textColor: r.color("text_color") ?? .white,
            hidesWhenSelected: r.bool("hides_when_selected", default: false), transition: animation)
        let elements = r.strings("command")
        var command: ActionCommand?
        if effect == .command, !r.contains("command") || elements?.isEmpty == true {
            r.report("action \"\(actionID)\" has effect = \"command\" but no command (an argv array)", key: "effect")
        } else if let elements, let effect, effect != .command {
            r.report("\(r.name("command")) is only used with effect = \"command\" (\(elements.count) arguments ignored)",
                     key: "command")
        } else if let elements, effect == .command {
            command = ActionCommand(reading: r, elements: elements)
        }
        let undo = r.contains("undo") ? r.bool("undo", default: false) : nil
        if undo != nil, let effect, !effect.changesData {
            r.report("\(r.name("undo")) is only used with an effect that changes data ("
                     + ItemEffect.all.map(\.name).joined(separator: ", ") + "), not \"\(effect.rawValue)\"", key: "undo")
        }
        self.init(action: action, effect: effect ?? .sheet, command: command, undo: undo)
        fileColours = (r.contains("color"), r.contains("text_color"))
        r.finish()
    }
}
