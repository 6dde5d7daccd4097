// One `[[lists]]` entry: which items a list shows and the swipe actions on each side of its
// rows. The per-side settings are SwipeCore's SwipeOptions and SwipeAction; what an action
// *does* (ActionEffect) is the app's business and lives here; a data effect is the store's
// ItemEffect, declared there once with its database change, undo and toast.
import KioskStore
import SwipeCore

/// What running an action does.
public enum ActionEffect: Hashable, Sendable, RawRepresentable, CaseIterable {
    /// Change the item's data (delete, archive, flag, read, …: KioskStore's `ItemEffect`).
    case data(ItemEffect)
    /// Open the item's action sheet.
    case sheet
    /// Open the item's detail page (or sheet, see `[sheet] detail_as_sheet`).
    case detail
    /// Run an external command (`command`, an argv array; item fields only where it has placeholders).
    case command

    public static let delete = ActionEffect.data(.delete)
    public static let archive = ActionEffect.data(.archive)
    public static let flag = ActionEffect.data(.flag)
    public static let read = ActionEffect.data(.read)

    /// Every effect a configuration may name: the data effects, then the others.
    public static var allCases: [ActionEffect] { ItemEffect.all.map(ActionEffect.data) + [.sheet, .detail, .command] }

    /// The name in configurations (`effect = "flag"`).
    public var rawValue: String {
        switch self {
        case .data(let effect): return effect.name
        case .sheet: return "sheet"
        case .detail: return "detail"
        case .command: return "command"
        }
    }

    public init?(rawValue: String) {
        guard let effect = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = effect
    }

    /// The data effect, nil for one that changes no data.
    public var dataEffect: ItemEffect? {
        if case .data(let effect) = self { return effect }
        return nil
    }

    /// Whether it changes the item's data (and so can be undone).
    public var changesData: Bool { dataEffect != nil }

    /// Whether it offers Undo when the action says nothing (`ItemEffect.undoByDefault`).
    public var undoByDefault: Bool { dataEffect?.undoByDefault ?? false }
}

/// A configured swipe action: the button (SwipeCore) plus what it does.
public struct ActionConfiguration: Hashable, Sendable {
    /// The button as the swipe core and renderer see it.
    public var action: SwipeAction
    public var effect: ActionEffect
    /// What runs when `effect == .command`.
    public var command: ActionCommand?
    /// Whether its data change is offered for Undo (`undo`); only data effects have one.
    public var undo: Bool
    /// Whether the file gave the button's `color` and `text_color` (the high-contrast preset
    /// recolours only what the file left to it: ActionConfiguration+HighContrast).
    public var fileColours: (background: Bool, text: Bool) {
        get { (fileBackground, fileText) }
        set { (fileBackground, fileText) = newValue }
    }
    private var fileBackground = false, fileText = false

    public init(action: SwipeAction, effect: ActionEffect, command: ActionCommand? = nil, undo: Bool? = nil) {
        self.action = action
        self.effect = effect
        self.command = command
        self.undo = effect.changesData && (undo ?? effect.undoByDefault)
    }

    public var id: String { action.id }
}

/// The buttons and options of one side (leading or trailing) of a list's rows.
public struct ListSideConfiguration: Hashable, Sendable {
    /// Transition, expansion, widths, display mode, button style, colours.
    public var options: SwipeOptions
    public var actions: [ActionConfiguration]

    public init(options: SwipeOptions = SwipeOptions(), actions: [ActionConfiguration] = []) {
        self.options = options
        self.actions = actions
    }

    /// The buttons in the order the swipe core expects (first = nearest the edge, expands).
    public var swipeActions: [SwipeAction] { actions.map(\.action) }

    /// Whether the expanding action (the first) takes the item out of the list: only an effect
    /// that removes its item (delete, archive) may let a full swipe slide the row off for good.
    public var expansionRemovesItem: Bool {
        actions.first?.effect.dataEffect?.removesItem ?? false
    }

    /// Whether `options` slide the row off and remove it on a full swipe (`destructive`,
    /// `destructiveAfterFill`) although the expanding action keeps the item.
    public func removesRowWithoutRemovingItem(_ options: SwipeOptions) -> Bool {
        guard !expansionRemovesItem, case .fill(.automatic(.delete, _))? = options.expansionStyle?.completionAnimation
        else { return false }
        return true
    }

    /// `options` with such a destructive expansion turned into a fill the app resets after the
    /// action (flag, read, sheet, detail, command): the row comes back, as its item stays.
    public func fitted(_ options: SwipeOptions) -> SwipeOptions {
        guard removesRowWithoutRemovingItem(options),
              case .fill(.automatic(_, let timing))? = options.expansionStyle?.completionAnimation else { return options }
        var fitted = options
        fitted.expansionStyle?.completionAnimation = .fill(.manual(timing: timing))
        return fitted
    }

    /// The configured action with `id` on this side.
    public func action(id: String) -> ActionConfiguration? {
        actions.first { $0.id == id }
    }
}

/// Which items a list shows (`[lists.filter]`); every condition must hold.
public struct ListFilter: Hashable, Sendable {
    /// The item list (the `list_id` column) to read; nil means the list's own id.
    public var source: String?
    /// Show archived items instead of the active ones.
    public var archived: Bool = false
    /// Only flagged (true) or only unflagged (false) items; nil shows both.
    public var flagged: Bool?
    /// Only unread (true) or only read (false) items; nil shows both.
    public var unread: Bool?

    public init(source: String? = nil, archived: Bool = false, flagged: Bool? = nil, unread: Bool? = nil) {
        self.source = source
        self.archived = archived
        self.flagged = flagged
        self.unread = unread
    }
}

/// A list page.
public struct ListConfiguration: Hashable, Sendable {
    /// Unique among the lists; used in the navigation stack and the state dump.
    public var id: String
    public var title: String
    public var filter = ListFilter()
    /// Nil inherits the top-level `direction`.
    public var direction: DirectionSetting?
    /// Whether items with a `section` are listed under a header per section (the pinned header
    /// follows the scroll); off, the sections' rows follow each other without headers.
    public var sectionHeaders = true
    public var leading = ListSideConfiguration()
    public var trailing = ListSideConfiguration()

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// This list's reading direction given the configuration-wide setting.
    public func layoutDirection(default setting: DirectionSetting) -> LayoutDirection {
        (direction ?? setting).resolved(title: title)
    }

    /// The sides' actions by logical edge.
    public func side(_ edge: SwipeEdge) -> ListSideConfiguration {
        edge == .leading ? leading : trailing
    }

    /// The default list of an empty configuration: the SwipeCellKit mail demo actions.
    public static var inbox: ListConfiguration {
        var list = ListConfiguration(id: "inbox", title: "Inbox")
        list.leading.options.expansionStyle = .selection
        list.leading.actions = [
            ActionConfiguration(
                action: SwipeAction(id: "read", title: "Read", icon: "email-open",
                                    backgroundColor: SwipeColor(rgb: 0x007AFF)),
                effect: .read),
        ]
        list.trailing.options.expansionStyle = .destructive
        list.trailing.actions = [
            ActionConfiguration(
                action: SwipeAction(id: "delete", title: "Delete", icon: "delete", style: .destructive),
                effect: .delete),
            ActionConfiguration(
                action: SwipeAction(id: "flag", title: "Flag", icon: "flag", backgroundColor: SwipeColor(rgb: 0xFF9500)),
                effect: .flag),
            ActionConfiguration(
                action: SwipeAction(id: "more", title: "More", icon: "dots-horizontal", hidesWhenSelected: true),
                effect: .sheet),
        ]
        return list
    }
}
