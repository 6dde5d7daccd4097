// Reading a configuration file: TOML syntax through TOMLKit, then every section through a
// ConfigReader that collects all problems as `file:line:column: message` diagnostics.
// Reads the file through KioskFiles' bounded reader (no Foundation: binary size matters in the VM image).
#if canImport(Glibc)
import Glibc
#endif
import KioskFiles
import SwipeCore
import TOMLKit

extension KioskConfiguration {
    /// Loads and checks the configuration at `path`.
    /// - Throws: `.unreadable` when the file cannot be read, `.invalid` with every problem otherwise.
    public static func load(file path: String) throws(ConfigurationError) -> KioskConfiguration {
        try parse(readSource(path), file: path)
    }

    /// Checks `source` (the text of a TOML file); `file` is the name used in diagnostics.
    public static func parse(_ source: String, file: String) throws(ConfigurationError) -> KioskConfiguration {
        // Before the parser: toml++ neither bounds dotted keys and table headers nor checks the
        // first character of a header's name (ConfigPrescan).
        if let problem = ConfigPrescan.problem(in: source, file: file) { throw .invalid([problem]) }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: source)
        } catch let error as TOMLParseError {
            let position = TextPosition(line: error.source.begin.line, column: error.source.begin.column)
            throw .invalid([ConfigDiagnostic(file: file, position: position, message: error.description)])
        } catch {
            throw .invalid([ConfigDiagnostic(file: file, position: .start, message: "\(error)")])
        }
        let diagnostics = ConfigDiagnostics(file: file, source: source)
        let configuration = KioskConfiguration(reading: ConfigReader(table: table, path: ConfigPath(), diagnostics: diagnostics))
        guard diagnostics.diagnostics.isEmpty else { throw .invalid(diagnostics.sorted) }
        return configuration
    }

    /// The largest configuration file read (a real one is a few KiB).
    public static let maximumFileBytes = 1 << 20

    /// The whole file as UTF-8 text: only a regular file of at most `maximumFileBytes`; an invalid
    /// UTF-8 sequence or a NUL byte (a tail zero-filled by a power cut) is refused at its position.
    public static func readSource(_ path: String) throws(ConfigurationError) -> String {
        do {
            return try InputFile.text(path, limit: maximumFileBytes)
        } catch {
            if case .system(_, let code) = error.reason { throw .unreadable(file: path, reason: String(cString: strerror(code))) }
            guard let at = error.reason.position else { throw .unreadable(file: path, reason: "\(error.reason)") }
            throw .invalid([ConfigDiagnostic(file: path, position: at, message: "\(error.reason)")])
        }
    }

    init(reading root: ConfigReader) {
        self.init()
        if let r = root.table("display") { display = DisplaySettings(reading: r) }
        if let r = root.table("input") { input = InputSettings(reading: r) }
        if let r = root.table("theme") { theme = ThemeSettings(reading: r) }
        if let r = root.table("haptics") { haptics = HapticsSettings(reading: r) }
        if let r = root.table("idle") {
            idle.resetAfter = r.number("reset_after_s", default: idle.resetAfter, in: 0...86_400)
            idle.blankAfter = r.number("blank_after_s", default: idle.blankAfter, in: 0...86_400)
            r.finish()
        }
        if let r = root.table("data") {
            if let path = r.string("database") {
                if path.isEmpty { r.report("data.database must not be empty", key: "database") } else { data.database = path }
            }
            data.demoData = r.bool("demo_data", default: data.demoData)
            // At most a second, so changes by other processes show up within one second.
            data.pollInterval = r.integer("poll_interval_ms", default: data.pollInterval, in: 50...1000)
            data.undoWindow = r.number("undo_window_s", default: data.undoWindow, in: 0...86_400)
            if let dir = r.string("image_dir") {
                if dir.isEmpty { r.report("data.image_dir must not be empty", key: "image_dir") } else { data.imageDirectory = dir }
            }
            data.imageCacheMegabytes = r.integer("image_cache_mb", default: data.imageCacheMegabytes, in: 1...4096)
            r.finish()
        }
        if let r = root.table("navigation") {
            navigation.transition = r.choice("transition") ?? navigation.transition
            navigation.swipeBack = r.bool("swipe_back", default: navigation.swipeBack)
            r.finish()
        }
        if let r = root.table("sheet") { sheet = SheetSettings(reading: r) }
        if let r = root.table("accessibility") { accessibility = AccessibilitySettings(reading: r) }
        if let r = root.table("ui") {
            ui.stylesSheet = r.bool("styles_sheet", default: ui.stylesSheet)
            ui.listsPage = r.bool("lists_page", default: ui.listsPage)
            ui.listsTitle = r.string("lists_title") ?? ui.listsTitle
            r.finish()
        }
        if let r = root.table("feed") { feed = FeedSettings(reading: r) }
        direction = root.choice("direction") ?? direction
        let listReaders = root.tables("lists")
        if !listReaders.isEmpty {
            lists = listReaders.map(ListConfiguration.init(reading:))
            ListConfiguration.reportDuplicateIDs(lists, readers: listReaders)
        }
        if theme.preset == .highContrast { lists = lists.map { $0.withHighContrastActions() } }
        root.finish()
        reportUnusableValues(root)
    }
}

extension DisplaySettings {
    init(reading r: ConfigReader) {
        self.init()
        backend = r.choice("backend") ?? backend
        device = r.string("device")
        connector = r.string("connector")
        if let text = r.string("mode") {
            mode = ModeRequest(parsing: text)
            if mode == nil || mode == .preferred { r.report("display.mode must look like \"1280x800\" or \"1280x800@60\", not \"\(text)\"", key: "mode") }
        }
        rotation = r.integer("rotation", default: rotation, oneOf: [0, 90, 180, 270])
        atomic = r.choice("atomic") ?? atomic
        scale = r.number("scale", default: scale, in: Self.scaleRange)
        if let text = r.string("panel_mm") {
            panelMillimetres = Self.millimetres(parsing: text)
            if panelMillimetres == nil {
                r.report("display.panel_mm must be the panel's width and height in millimetres such as \"154x86\" "
                         + "(1 to 10000 each), not \"\(text.shown(atMost: 40))\"", key: "panel_mm")
            }
        }
        let hours = r.string("on_hours"), days = r.string("on_days")
        if let hours, let problem = ScreenSchedule.hoursProblem(hours) { r.report(problem, key: "on_hours") }
        if let days, let problem = ScreenSchedule.daysProblem(days) { r.report(problem, key: "on_days") }
        if hours != nil || days != nil { schedule = ScreenSchedule(hours: hours, days: days) }
        r.finish()
    }
}

extension DisplaySettings {
    /// `"154x86"` as a size; nil unless two whole numbers from 1 to 10000.
    static func millimetres(parsing text: String) -> PixelSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...10_000).contains(w), (1...10_000).contains(h)
        else { return nil }
        return PixelSize(width: w, height: h)
    }
}

extension InputSettings {
    init(reading r: ConfigReader) {
        self.init()
        devices = r.strings("devices") ?? devices
        calibration = r.numbers("calibration", count: 6)
        // libinput's matrix [a b c d e f] maps normalised coordinates: x' = a·x + b·y + c,
        // y' = d·x + e·y + f. NaN, infinities, huge terms or a singular 2×2 part (every touch
        // mapped onto one line or point) would send touches nowhere without a word.
        if let m = calibration, let problem = CalibrationMatrix(m[0], m[1], m[2], m[3], m[4], m[5]).problem {
            switch problem {
            case .outOfRange:
                r.report("input.calibration must hold finite numbers within ±100 (libinput's [a, b, c, d, e, f])", key: "calibration")
            case .singular:
                r.report("input.calibration maps every touch onto a line or a point (a·e − b·d is 0); "
                         + "the identity is [1, 0, 0, 0, 1, 0]", key: "calibration")
            }
            calibration = nil
        }
        pointerAsTouch = r.bool("pointer_as_touch", default: pointerAsTouch)
        vtSwitching = r.bool("vt_switching", default: vtSwitching)
        keyboard = r.bool("keyboard", default: keyboard)
        keyboardAllow = r.strings("keyboard_allow") ?? keyboardAllow
        if let problem = keyboardAllow.lazy.compactMap(KeyboardPolicy.problem(with:)).first {
            r.report("input.keyboard_allow: \(problem) (give device names as list-inputs shows them, or USB ids \"vvvv:pppp\")",
                     key: "keyboard_allow")
            keyboardAllow = []
        }
        // With every keyboard admitted the allow-list would be ignored: the integrator who wrote it
        // meant a locked-down panel.
        if keyboard, !keyboardAllow.isEmpty {
            r.report("input.keyboard_allow is only used with keyboard = false; keyboard = true admits every keyboard",
                     key: "keyboard_allow")
        }
        r.finish()
    }
}

extension ThemeSettings {
    /// The colour keys of `[theme]` and the fields they set.
    private static var colorKeys: [(String, WritableKeyPath<ThemeSettings, SwipeColor>)] { [
        ("background", \.background), ("nav_bar", \.navBar), ("nav_title", \.navTitle), ("row", \.row),
        ("separator", \.separator), ("title", \.title), ("subtitle", \.subtitle), ("accent", \.accent),
        ("badge", \.badge), ("unread", \.unread), ("section_header", \.sectionHeader), ("section_title", \.sectionTitle),
    ] }

    /// The colour keys `[theme]` has (`nav_title`, …): what a message may name as a key.
    public static var colorKeyNames: [String] { colorKeys.map(\.0) }

    /// The colours nothing is drawn under (the screen's first layer): translucent, they would
    /// blend with whatever the last frame left there.
    private static let opaqueKeys: Set = ["background", "nav_bar"]

    init(reading r: ConfigReader) {
        self.init(preset: r.choice("preset") ?? .standard)
        for (key, field) in Self.colorKeys {
            guard let color = r.color(key) else { continue }
            if Self.opaqueKeys.contains(key), color.rgba & 0xFF != 0xFF {
                r.report("\(r.name(key)) must be an opaque colour \"#RRGGBB\": nothing is drawn under it to show through, "
                         + "not \"\(r.string(key) ?? "")\"", key: key)
                continue
            }
            self[keyPath: field] = color
        }
        thumbnailShape = r.choice("thumbnail_shape") ?? thumbnailShape
        // Whether the font files load is checked by `check-config` and at start, not here.
        // `fonts = ["Inter", "Noto Sans"]` prefers installed families; `[theme.fonts]` names
        // files (and may hold the same list as `families`).
        if r.toml["fonts"]?.table != nil, let fonts = r.table("fonts") {
            func path(_ key: String) -> String? {
                guard let text = fonts.string(key) else { return nil }
                guard !text.isEmpty else { fonts.report("\(fonts.name(key)) must be a font file path; it is empty", key: key); return nil }
                return text
            }
            regularFont = path("regular")
            boldFont = path("bold")
            iconFont = path("icon")
            fontFamilies = Self.families(fonts, key: "families")
            fonts.finish()
        } else {
            fontFamilies = Self.families(r, key: "fonts")
        }
        if let sizes = r.table("sizes") {
            titleSize = sizes.number("title", default: titleSize, in: 4...200)
            subtitleSize = sizes.number("subtitle", default: subtitleSize, in: 4...200)
            navTitleSize = sizes.number("nav_title", default: navTitleSize, in: 4...200)
            rowHeight = sizes.number("row_height", default: rowHeight, in: 16...1000)
            sizes.finish()
        }
        r.finish()
    }

    /// A list of installed font family names; an empty name is reported.
    private static func families(_ r: ConfigReader, key: String) -> [String] {
        guard let names = r.strings(key) else { return [] }
        for (i, name) in names.enumerated() where name.allSatisfy(\.isWhitespace) {
            r.diagnostics.report("\(r.name(key))[\(i)] must name a font family, not be empty",
                                 at: r.path.appending(key).appending(index: i))
        }
        return names.filter { !$0.allSatisfy(\.isWhitespace) }
    }
}

extension HapticsSettings {
    init(reading r: ConfigReader) {
        self.init()
        backend = r.choice("backend") ?? backend
        device = r.string("device")
        ledPath = r.string("led")
        command = r.strings("command")
        rateLimit = r.integer("rate_limit_ms", default: rateLimit, in: 0...10_000)
        if let events = r.table("events") {
            for event in HapticEvent.allCases {
                guard let e = events.table(event.rawValue) else { continue }
                let fallback = pattern(for: event)
                patterns[event] = HapticPattern(
                    durationMilliseconds: e.integer("duration_ms", default: fallback.durationMilliseconds, in: 1...5000),
                    strength: e.number("strength", default: fallback.strength, in: 0...1))
                e.finish()
            }
            events.finish()
        }
        if backend == .led, ledPath == nil {
            r.report("haptics.backend = \"led\" needs haptics.led, a sysfs LED directory", key: "backend")
        }
        if backend == .command, command?.isEmpty ?? true {
            r.report("haptics.backend = \"command\" needs haptics.command, an argv array", key: "backend")
        }
        r.finish()
    }
}

extension SheetSettings {
    init(reading r: ConfigReader) {
        self.init()
        swipeDown.isSticky = r.bool("sticky", default: swipeDown.isSticky)
        swipeDown.shouldFade = r.bool("fade", default: swipeDown.shouldFade)
        swipeDown.animationDuration = Duration(seconds: r.number("animation_duration", default: swipeDown.animationDuration.inSeconds, in: 0...5))
        swipeDown.minimumVelocityToDismiss = r.number(
            "minimum_velocity", default: swipeDown.minimumVelocityToDismiss, in: 0...100_000)
        swipeDown.minimumScreenFraction = r.number("minimum_fraction", default: swipeDown.minimumScreenFraction, in: 0...0.9)
        detailAsSheet = r.bool("detail_as_sheet", default: detailAsSheet)
        r.finish()
    }
}
