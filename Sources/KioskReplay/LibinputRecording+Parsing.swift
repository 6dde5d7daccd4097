// A `libinput record` file checked into typed values before anything is decoded (issue 12): the
// YAML is composed into nodes (never expanded into `Any`), anchors and aliases are refused
// before the parser sees them (a "billion laughs" of aliases would otherwise grow without
// bound), and every entry that is not what libinput writes is an error naming the file, the
// line and the entry (`devices[0].events[3].evdev[1]`) instead of a recording that replays
// nothing. Numbers are held to evdev's own ranges (16-bit type and code, 32-bit values), so the
// arithmetic that scales them cannot overflow.
import KioskFiles
import Yams

/// One `evdev` event of a recording: `[sec, usec, type, code, value]`.
struct RecordedEvent: Equatable {
    var timeMs: Double
    var type: Int
    var code: Int
    var value: Int
}

/// One device of a recording: its axis ranges and its event frames, in file order.
struct RecordedDevice {
    /// `[min, max]` of each absolute axis by its code (from `evdev.absinfo`).
    var axes: [Int: ClosedRange<Int>] = [:]
    /// The `evdev` lists of the `events` entries.
    var frames: [[RecordedEvent]] = []
}

extension LibinputRecording {
    /// Touch slots one device may use: devices are numbered apart by this many slots.
    static let slotsPerDevice = 16

    /// The devices of a recording, checked.
    /// - Throws: `ScriptError` with the line and entry of the first problem.
    static func devices(in text: String, file: String) throws -> [RecordedDevice] {
        if let at = firstAnchorOrAlias(in: text) {
            throw ScriptError(file: file, line: at.line, message: "YAML anchors and aliases (`&name`, `*name`) are not accepted "
                + "in a recording (column \(at.column)); `libinput record` never writes them")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            // The YAML parser quotes the offending line: at most 200 characters of it are shown.
            let reason = "\(error)"
            throw ScriptError(file: file, line: 0, message: "not a valid libinput recording: "
                + reason.clipped(atMost: 200))
        }
        guard let list = root?.mapping?["devices"]?.sequence else {
            throw ScriptError(file: file, line: 0, message: "no `devices:` list: not a libinput recording")
        }
        // Anchors that slip past the scan above (it is a heuristic, not a YAML lexer) are still
        // bounded: written out, every device, frame (`- evdev:`) and event (`[0,0,0,0,0]`) takes
        // at least 8 bytes, so reading more entries than that means aliases repeat nodes.
        let reader = RecordingReader(file: file, entries: text.utf8.count / 8)
        return try list.enumerated().map { index, node in
            try reader.device(node, name: "devices[\(index)]")
        }
    }

    /// Line and column of the first `&anchor` or `*alias` outside quotes and comments, if any.
    /// A node (and so an anchor, an alias or a quoted scalar) starts a line or follows `:`, `-`,
    /// `?`, `[`, `{` or `,`; a quote or `&` further into a plain scalar is part of its text.
    /// Stricter than YAML on purpose: an indicator that only looks like one is refused too.
    /// The entry budget of `RecordingReader` bounds whatever this heuristic misses.
    static func firstAnchorOrAlias(in text: String) -> (line: Int, column: Int)? {
        enum State { case plain, single, double, comment }
        let blank: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n"]
        let nodeStart: Set<Unicode.Scalar> = ["\n", ":", "-", "?", "[", "{", ","]
        var state = State.plain
        var line = 1, column = 0
        var previous: Unicode.Scalar = "\n"
        var lastNonBlank: Unicode.Scalar = "\n"  // on this line, outside quotes
        var escaped = false, skip = false
        let scalars = Array(text.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            column += 1
            defer {
                previous = c
                if c == "\n" { line += 1; column = 0; lastNonBlank = "\n" } else if state == .plain, !blank.contains(c) { lastNonBlank = c }
            }
            if skip { skip = false; continue }
            switch state {
            case _ where c == "\n":
                // Quotes end at the line too: a multi-line quoted scalar's next lines are then
                // checked as plain text (stricter), and a quote misread as one costs one line.
                state = .plain
            case .comment:
                break
            case .single:
                // `''` is a quote inside the string: skip its second half.
                if c == "'" { if i + 1 < scalars.count, scalars[i + 1] == "'" { skip = true } else { state = .plain } }
            case .double:
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { state = .plain }
            case .plain:
                if c == "#", blank.contains(previous) { state = .comment; continue }
                let tokenStart = nodeStart.contains(previous) && previous != "-" && previous != "?"
                    || blank.contains(previous) && nodeStart.contains(lastNonBlank)
                guard tokenStart else { continue }
                if c == "'" { state = .single }
                if c == "\"" { state = .double }
                if c == "&" || c == "*", i + 1 < scalars.count, !blank.contains(scalars[i + 1]) {
                    return (line, column)
                }
            }
        }
        return nil
    }
}

/// Reads the nodes of one recording, failing with the file, line and entry of a problem.
private final class RecordingReader {
    let file: String
    /// Devices, frames and events still allowed (see `devices(in:file:)`).
    private var entries: Int

    init(file: String, entries: Int) {
        self.file = file
        self.entries = entries
    }

    /// Counts `count` entries read at `node`; fails once the recording holds more than its text could.
    func spend(_ count: Int, _ node: Node, _ name: String) throws {
        entries -= count
        guard entries >= 0 else {
            throw fail(node, name, "the recording repeats nodes (YAML aliases): it holds more entries than its text; "
                + "`libinput record` never writes aliases")
        }
    }

    func fail(_ node: Node?, _ name: String, _ message: String) -> ScriptError {
        ScriptError(file: file, line: node?.mark?.line ?? 0, message: "\(name): \(message)")
    }

    /// A decimal integer within `range`.
    func integer(_ node: Node, _ name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let text = node.scalar?.string, let value = Int(text) else { throw fail(node, name, "must be an integer") }
        guard range.contains(value) else { throw fail(node, name, "\(value) is outside \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    func device(_ node: Node, name: String) throws -> RecordedDevice {
        try spend(1, node, name)
        guard let device = node.mapping else { throw fail(node, name, "must be a mapping (node, evdev, events)") }
        var result = RecordedDevice()
        guard let evdev = device["evdev"] else { throw fail(node, name, "has no `evdev:` description") }
        guard let description = evdev.mapping else { throw fail(evdev, name + ".evdev", "must be a mapping") }
        if let absinfo = description["absinfo"] {
            guard let axes = absinfo.mapping else { throw fail(absinfo, name + ".evdev.absinfo", "must be a mapping of axis ranges") }
            try spend(axes.count, absinfo, name + ".evdev.absinfo")
            for (key, value) in axes {
                let code = try integer(key, name + ".evdev.absinfo", in: 0...0x3F)
                let entry = "\(name).evdev.absinfo.\(code)"
                guard let numbers = value.sequence, numbers.count >= 2 else {
                    throw fail(value, entry, "must be [min, max, fuzz, flat, resolution]")
                }
                let min = try integer(numbers[0], entry + "[0]", in: Int(Int32.min)...Int(Int32.max))
                let max = try integer(numbers[1], entry + "[1]", in: min...Int(Int32.max))
                result.axes[code] = min...max
            }
        }
        guard let events = device["events"] else { return result }
        guard let frames = events.sequence else { throw fail(events, name + ".events", "must be a list of `- evdev: [...]` entries") }
        for (f, frame) in frames.enumerated() {
            let entry = "\(name).events[\(f)]"
            try spend(1, frame, entry)
            guard let fields = frame.mapping else { throw fail(frame, entry, "must be a mapping with an `evdev:` list") }
            guard let list = fields["evdev"] else { continue }  // e.g. a `libinput:` entry
            guard let raw = list.sequence else { throw fail(list, entry + ".evdev", "must be a list of events") }
            try spend(raw.count, list, entry + ".evdev")
            let frame = try raw.enumerated().map { e, node in try event(node, "\(entry).evdev[\(e)]") }
            // As in a touch script, time never goes back: replayed in order it would lift a
            // finger before it came down (a stable sort by time reorders such events).
            let previous = result.frames.last?.last?.timeMs ?? 0
            if let back = frame.indices.first(where: { frame[$0].timeMs < (($0 == 0) ? previous : frame[$0 - 1].timeMs) }) {
                throw fail(raw[back], "\(entry).evdev[\(back)]", "time \(frame[back].timeMs) ms is before the previous event's")
            }
            result.frames.append(frame)
        }
        try checkAxes(result, node: node, name: name)
        return result
    }

    /// `[sec, usec, type, code, value]` with evdev's ranges and the script time limit.
    func event(_ node: Node, _ name: String) throws -> RecordedEvent {
        guard let numbers = node.sequence, numbers.count == 5 else {
            throw fail(node, name, "must be [sec, usec, type, code, value], five integers")
        }
        let seconds = try integer(numbers[0], name + "[0] (sec)", in: 0...Int(TouchScript.maximumTimeMs / 1000))
        let micro = try integer(numbers[1], name + "[1] (usec)", in: 0...999_999)
        let type = try integer(numbers[2], name + "[2] (type)", in: 0...0xFFFF)
        let code = try integer(numbers[3], name + "[3] (code)", in: 0...0xFFFF)
        var value = try integer(numbers[4], name + "[4] (value)", in: Int(Int32.min)...Int(Int32.max))
        if type == LibinputRecording.evAbs, code == LibinputRecording.absMTSlot {
            value = try integer(numbers[4], name + "[4] (ABS_MT_SLOT)", in: 0...LibinputRecording.slotsPerDevice - 1)
        }
        return RecordedEvent(timeMs: Double(seconds) * 1000 + Double(micro) / 1000, type: type, code: code, value: value)
    }

    /// Every position axis the events use needs its range in `absinfo`.
    func checkAxes(_ device: RecordedDevice, node: Node, name: String) throws {
        typealias R = LibinputRecording
        let positions = [R.absX: "ABS_X", R.absY: "ABS_Y", R.absMTX: "ABS_MT_POSITION_X", R.absMTY: "ABS_MT_POSITION_Y"]
        for frame in device.frames {
            for event in frame where event.type == R.evAbs {
                if let axis = positions[event.code], device.axes[event.code] == nil {
                    throw fail(node, name, "its events use \(axis) (\(event.code)) but evdev.absinfo has no range for it")
                }
            }
        }
    }
}
