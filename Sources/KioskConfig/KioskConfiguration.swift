// The kiosk's configuration as typed Swift values: one TOML file (see Examples/example.toml)
// decoded into these structs. Every field has a default, so an empty file is a valid
// configuration; the swipe-related parts are SwipeCore values the UI uses directly.
import Glibc
import SwipeCore

/// The whole configuration of one kiosk.
public struct KioskConfiguration: Hashable, Sendable {
    /// `[display]`: where and how the picture is shown.
    public var display = DisplaySettings()
    /// `[input]`: touch devices and their calibration.
    public var input = InputSettings()
    /// `[theme]`: colours, fonts and sizes.
    public var theme = ThemeSettings()
    /// `[haptics]`: how haptic events are felt.
    public var haptics = HapticsSettings()
    /// `[idle]`: what happens when nobody touches the screen.
    public var idle = IdleSettings()
    /// `[data]`: the item database.
    public var data = DataSettings()
    /// `[navigation]`: page transitions.
    public var navigation = NavigationSettings()
    /// `[sheet]`: modal sheets dismissed by swiping down.
    public var sheet = SheetSettings()
    /// `[ui]`: which of the app's own controls a person at the panel gets.
    public var ui = UISettings()
    /// `[accessibility]`: speech output.
    public var accessibility = AccessibilitySettings()
    /// `[feed]`: the fleet feed's MQTT broker (`swipe-kiosk feed`); nil: no feed.
    public var feed: FeedSettings?
    /// Top-level `direction`: the reading direction of lists that do not set their own.
    public var direction: DirectionSetting = .leftToRight
    /// `[[lists]]`: the lists the kiosk shows, first one at start. Never empty.
    public var lists: [ListConfiguration] = [.inbox]

    /// All defaults: one "inbox" list with the demo actions.
    public init() {}

    /// Number of swipe actions over all lists and sides.
    public var actionCount: Int {
        lists.reduce(0) { $0 + $1.leading.actions.count + $1.trailing.actions.count }
    }

    /// The list with `id`, if configured.
    public func list(id: String) -> ListConfiguration? {
        lists.first { $0.id == id }
    }
}

/// Which display backend to use.
public enum DisplayBackend: String, Hashable, Sendable, CaseIterable {
    /// DRM when a usable card exists, headless otherwise.
    case auto
    case drm
    case headless
}

/// Whether to use the atomic KMS API.
public enum AtomicSetting: String, Hashable, Sendable, CaseIterable {
    /// Atomic when the driver supports it, legacy otherwise.
    case auto
    case on
    case off
}

/// `[display]`.
public struct DisplaySettings: Hashable, Sendable {
    public var backend: DisplayBackend = .auto
    /// DRM card, e.g. `/dev/dri/card0`; nil picks the first usable one.
    public var device: String?
    /// Connector name, e.g. `HDMI-A-1`; nil picks the first connected one.
    public var connector: String?
    /// Nil uses the connector's preferred mode.
    public var mode: ModeRequest?
    /// Clockwise rotation of the picture: 0, 90, 180 or 270.
    public var rotation: Int = 0
    public var atomic: AtomicSetting = .auto
    /// Pixels per point: every UI length (metrics, fonts, hit areas, gesture distances) is
    /// multiplied by it, for HiDPI panels (a 10-inch 1920x1200 panel wants 1.5).
    public var scale: Double = 1
    /// The accepted `scale` values.
    public static let scaleRange: ClosedRange<Double> = 0.5...4
    /// `panel_mm = "154x86"`: the panel's physical size, for one whose connector reports none
    /// (or a wrong one) and for the headless backend; nil: what the connector's EDID says.
    public var panelMillimetres: PixelSize?
    /// `on_hours` / `on_days`: when the panel is on (nil: always, apart from idle blanking).
    public var schedule: ScreenSchedule?

    public init() {}
}

/// `[input]`.
public struct InputSettings: Hashable, Sendable {
    /// Device nodes to open; empty means every input device of udev seat `seat0`.
    public var devices: [String] = []
    /// libinput calibration matrix (6 numbers, row-major 2×3) overriding the udev one.
    public var calibration: [Double]?
    /// Treat a mouse's left button as a finger (for development and mouse kiosks).
    public var pointerAsTouch: Bool = true
    /// Ctrl+Alt+F1…F12 switch VTs. Off by default: on a public kiosk another VT is a login
    /// prompt; an operator turns it on for maintenance.
    public var vtSwitching: Bool = false
    /// Keys of every keyboard reach the app; false: only those of `keyboardAllow` (the
    /// shipped production configuration: touch and pointer only).
    public var keyboard: Bool = true
    /// With `keyboard` false, the keyboards still listened to: device names or USB ids `vvvv:pppp`.
    public var keyboardAllow: [String] = []

    public init() {}
}

/// `[idle]`.
public struct IdleSettings: Hashable, Sendable {
    /// Seconds without touch before the app returns to the first list; 0 = never.
    public var resetAfter: Double = 120
    /// Seconds without touch before the display is blanked; 0 = never.
    public var blankAfter: Double = 0

    public init() {}

    /// Seconds without input before the idle reset: `reset_after_s`, or `blank_after_s` when the
    /// panel blanks sooner (whoever wakes a dark panel is the next person); nil: never. 0 turns
    /// either off; a panel that blanks resets then even when the reset itself is off.
    public var resetAfterSeconds: Double? {
        // Asked on every tick (the time-out warning's lead): no array for two numbers.
        switch (resetAfter > 0, blankAfter > 0) {
        case (true, true): return min(resetAfter, blankAfter)
        case (true, false): return resetAfter
        case (false, true): return blankAfter
        case (false, false): return nil
        }
    }
}

/// `[data]`.
public struct DataSettings: Hashable, Sendable {
    /// SQLite database file; its directory must exist.
    public var database: String = "/var/lib/swipe-kiosk/items.sqlite3"
    /// Fill an empty database with demo items on first run. Off unless asked for (`--demo`,
    /// `make run`): a production panel shows only the integrator's items.
    public var demoData: Bool = false
    /// How often to look for changes made by other processes, in milliseconds.
    public var pollInterval: Int = 500
    /// How long a deleted item can be restored (Undo) before it is purged, in seconds.
    public var undoWindow: Double = 30
    /// Where an item's relative `image` path is looked up; nil: the database's directory.
    public var imageDirectory: String?
    /// The most decoded pictures kept in memory, in MiB.
    public var imageCacheMegabytes: Int = 16

    public init() {}
}

/// `[ui]`.
public struct UISettings: Hashable, Sendable {
    /// The navigation bar's cog, which opens the live Styles sheet (swipe behaviour, the list
    /// shown); false hides it, so nobody at a production panel changes them.
    public var stylesSheet = true
    /// The root page lists the configured lists; a tap opens one (`lists_page`).
    public var listsPage = false
    /// The lists page's title (`lists_title`).
    public var listsTitle = "Lists"

    public init() {}
}

/// `[navigation]`.
public struct NavigationSettings: Hashable, Sendable {
    public var transition: NavigationTransitionStyle = .push
    /// An edge swipe pops the top page interactively.
    public var swipeBack: Bool = true

    public init() {}
}

/// `[sheet]`.
public struct SheetSettings: Hashable, Sendable {
    /// The swipe-down-to-dismiss behaviour of every sheet.
    public var swipeDown = SwipeDownConfiguration()
    /// Show an item's detail as a sheet instead of pushing a page.
    public var detailAsSheet: Bool = false

    public init() {}
}

/// The `direction` setting: a fixed direction, or one guessed from the list's title.
public enum DirectionSetting: String, Hashable, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
    /// Right-to-left when the title's first strong letter is Hebrew or Arabic.
    case auto

    /// Languages written right to left, by their locale prefix.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "ckb", "dv"]

    /// The concrete direction for a list titled `title`; `auto` follows the locale (`locale`,
    /// normally `LC_ALL`/`LC_MESSAGES`/`LANG`) when it names a right-to-left language, else the title.
    public func resolved(title: String, locale: String? = DirectionSetting.environmentLocale) -> LayoutDirection {
        switch self {
        case .leftToRight: return .leftToRight
        case .rightToLeft: return .rightToLeft
        case .auto:
            if let locale, let language = locale.split(whereSeparator: { "_.@-".contains($0) }).first,
               Self.rightToLeftLanguages.contains(language.lowercased()) {
                return .rightToLeft
            }
            for scalar in title.unicodeScalars where scalar.properties.isAlphabetic {
                // Hebrew, Arabic (with Syriac/Thaana/NKo) and their presentation forms.
                let v = scalar.value
                let rtl = (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
                return rtl ? .rightToLeft : .leftToRight
            }
            return .leftToRight
        }
    }

    /// The process's message locale, as POSIX resolves it.
    public static var environmentLocale: String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return nil
    }
}
