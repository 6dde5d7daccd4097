// The checks a single key's read cannot make (issue 22): a value that would only fail when a
// person touches the kiosk, or that the app would truncate or ignore, is refused like any other
// bad value (by `check-config`, and at start) at its file:line:column with what is accepted.
// The per-key ranges are in the reads (KioskConfiguration+Loading, ListConfiguration+Loading);
// what is found here needs the whole section read first: the haptics backend a key belongs to,
// a repeated device (also spelt differently), a command's program, a keypad no keyboard admits.
import KioskFiles
extension KioskConfiguration {
    /// The narrowest `maximum_button_width` (points) other than 0: Apple's smallest tap target.
    static let narrowestButton = 44.0

    /// `path` with `//`, `/./` and `dir/..` folded away, as the kernel resolves it (symbolic links
    /// aside): "/dev/input//event2" and "/dev/input/../input/event2" are one device.
    static func lexicalPath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Reports, through `root`'s diagnostics, every value the app would truncate, ignore or fail on.
    func reportUnusableValues(_ root: ConfigReader) {
        let diagnostics = root.diagnostics
        func at(_ keys: String...) -> ConfigPath { keys.reduce(ConfigPath()) { $0.appending($1) } }

        // The display power controller counts whole seconds: 0.5 was truncated to 0, never.
        if idle.blankAfter != idle.blankAfter.rounded(.down) {
            diagnostics.report("idle.blank_after_s must be a whole number of seconds between 0 and 86400 (0 = never), "
                               + "not \(idle.blankAfter)", at: at("idle", "blank_after_s"))
        }

        // A warning as long as the idle time would show from the first second without input.
        if let warning = accessibility.timeoutWarning, warning > 0, let idle = idle.resetAfterSeconds, warning >= idle {
            func seconds(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
            diagnostics.report("accessibility.timeout_warning must be shorter than the idle time (\(seconds(idle)) s, "
                               + "idle.reset_after_s or blank_after_s), not \(seconds(warning)); 0 turns the warning off",
                               at: at("accessibility", "timeout_warning"))
        }

        // An empty name matches no device: the kiosk would start without it, or not at all.
        func named(_ value: String?, _ path: ConfigPath, _ example: String) {
            if value?.isEmpty == true { diagnostics.report("\(path) must name \(example); it is empty", at: path) }
        }
        named(display.device, at("display", "device"), "a DRM device such as /dev/dri/card0")
        named(display.connector, at("display", "connector"), "a connector such as HDMI-A-1")
        named(haptics.device, at("haptics", "device"), "an input device such as /dev/input/event3")
        named(haptics.ledPath, at("haptics", "led"), "a sysfs LED directory such as /sys/class/leds/vibrator")
        named(haptics.command?.first, at("haptics", "command").appending(index: 0), "the program to run")
        var devices: [String: Int] = [:]
        for (i, device) in input.devices.enumerated() {
            let path = at("input", "devices").appending(index: i)
            named(device, path, "an input device such as /dev/input/event2")
            if let first = devices[Self.lexicalPath(device)] {
                diagnostics.report("\(path) repeats input.devices[\(first)] \"\(device.shown(atMost: 40))\": "
                                   + "every touch would arrive twice", at: path)
            } else {
                devices[Self.lexicalPath(device)] = i
            }
        }

        // `lists = []` left the demo inbox in place without a word.
        if root.toml["lists"]?.array?.isEmpty == true {
            diagnostics.report("lists is empty: the kiosk shows at least one [[lists]] table "
                               + "(without the key it shows the demo inbox)", at: at("lists"))
        }

        // Keys of another haptics backend are ignored by the configured one.
        let hapticKeys = root.toml["haptics"]?.table
        for (key, backend) in [("device", HapticBackendKind.forcefeedback), ("led", .led), ("command", .command),
                               ("rate_limit_ms", .command)] where hapticKeys?[key] != nil && haptics.backend != backend {
            diagnostics.report("haptics.\(key) is only used with backend = \"\(backend.rawValue)\"; "
                               + "backend \"\(haptics.backend.rawValue)\" ignores it", at: at("haptics", key))
        }

        // A keypad's keys pass the keyboard lock-down only as the keys of an admitted device (the
        // allow-list, as the udev rule grants the service user only that device): a keypad map
        // on a kiosk that admits no keyboard at all would never hear a key.
        if root.toml["accessibility"]?.table?["keypad"] != nil, !input.keyboard, input.keyboardAllow.isEmpty {
            diagnostics.report("accessibility.keypad has no keypad to come from: input.keyboard = false and "
                               + "input.keyboard_allow is empty; add the keypad's name (swipe-kiosk list-inputs) "
                               + "or USB id \"vvvv:pppp\" to input.keyboard_allow", at: at("accessibility", "keypad"))
        }

        // A command action's program is started with posix_spawn, which does not search PATH:
        // a bare name failed only when someone swiped, with ENOENT. A button capped narrower
        // than a fingertip (0.5 points was accepted) cannot be tapped.
        for (l, list) in lists.enumerated() {
            for (name, side) in [("leading", list.leading), ("trailing", list.trailing)] {
                if let width = side.options.maximumButtonWidth, width > 0, width < Self.narrowestButton {
                    let path = at("lists").appending(index: l).appending(name).appending("maximum_button_width")
                    diagnostics.report("\(path) must be 0 (no limit) or \(Int(Self.narrowestButton)) to 4096 points, "
                                       + "not \(width): a narrower button is narrower than a fingertip", at: path)
                }
                for (a, action) in side.actions.enumerated() where action.effect == .command {
                    guard let program = action.command?.program, !program.hasPrefix("/") else { continue }
                    let path = at("lists").appending(index: l).appending(name).appending("actions").appending(index: a)
                        .appending("command").appending(index: 0)
                    diagnostics.report("\(path) must be the program's absolute path, e.g. \"/usr/bin/lp\" "
                                       + "(it is started without a PATH search), not \"\(program.shown(atMost: 40))\"", at: path)
                }
            }
        }
    }
}
