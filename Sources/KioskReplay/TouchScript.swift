// The touch-script format of docs/ARCHITECTURE.md ("Touch script"): the input `swipe-kiosk replay` plays.
// Parsing expands `tap` and `swipe` into plain touch samples and reports every problem as
// `file:line: message`, because scripts are written by hand and by other tools.
import KioskFiles
import KioskHardware
import struct SwipeCore.Key
import struct SwipeCore.SwitchEvent
import enum SwipeCore.TouchPhase

/// One timed step of a script, in milliseconds from the start.
public struct ScriptStep: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// A touch sample (screen pixels of the unrotated screen).
        case touch(slot: Int, phase: TouchPhase, x: Double, y: Double)
        /// A key pressed or released, by its Linux key code (a script's `key NAME` is both).
        case key(code: Int, pressed: Bool)
        /// An absolute pointer (a tablet, a VNC client's pointer) moved to a position in screen
        /// pixels of the unrotated screen (a recorded pointer device).
        case pointer(x: Double, y: Double)
        /// A relative pointer (a mouse) moved by a delta in screen pixels.
        case pointerMotion(dx: Double, dy: Double)
        /// The pointer's left button pressed or released.
        case button(pressed: Bool)
        case screenshot(path: String)
        case state(path: String)
        /// `screen off` / `screen on`, as the control socket's requests do it.
        case screen(on: Bool)
        /// `switch headphone in` / `out`: a plug in the headphone jack, as its evdev switch reports it.
        case switchChanged(SwitchEvent.Kind, on: Bool)
        case end
    }

    public var timeMs: Double
    public var action: Action
    /// 1-based line of the script the step came from.
    public var line: Int
}

/// Touch phases as scripts spell them.
/// A parse error with its position.
public struct ScriptError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var message: String
    /// `file:line: message`, or `file: message` for problems not tied to a line (recordings).
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }

    public init(file: String, line: Int, message: String) {
        self.file = file; self.line = line; self.message = message
    }
}

/// A parsed touch script.
public struct TouchScript: Sendable {
    /// `size WxH`, if the script sets one.
    public var size: (width: Int, height: Int)?
    /// Steps in time order (stable: same-time steps keep their script order).
    public var steps: [ScriptStep]

    /// The slot `tap` uses, so taps never collide with scripted fingers 0…8.
    public static let tapSlot = 9
    public static let tapDurationMs = 60.0
    public static let swipeStepMs = 8.0

    /// What a script may ask (docs/RELIABILITY.md): checked at parse time, so a script can
    /// neither run for years of virtual time nor expand into more samples than memory holds.
    /// The latest time of any step: 7 days, long enough for a week-long soak replay.
    public static let maximumTimeMs = 604_800_000.0
    /// The longest `swipe` (its moves are expanded every 8 ms: at most 7,500 samples).
    public static let maximumSwipeMs = 60_000.0
    /// The most touch samples, keys and captures a whole script may expand into.
    public static let maximumSteps = 1_000_000
    /// Coordinates beyond ±1,000,000 px are refused (no screen is that large).
    public static let maximumCoordinate = 1_000_000.0
    /// The largest script or recording file read.
    public static let maximumFileBytes = 16 << 20
    /// The largest screen side of `size WxH` and `--size` (and at most 64 Mi pixels in all).
    public static let maximumSide = 8192

    /// A script from steps made elsewhere (a `libinput record` file), sorted stably by time.
    public init(size: (width: Int, height: Int)?, steps: [ScriptStep]) {
        self.size = size
        self.steps = steps.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
    }

    /// Parses `text`; `file` names the script in error messages.
    public init(parsing text: String, file: String = "script") throws {
        var steps: [ScriptStep] = []
        var size: (Int, Int)?
        var lastTime = 0.0
        var sawAt = false
        // `\r\n` is one Character in Swift, so CRLF lines are split on either newline; old Mac
        // line ends (`\r` alone) too. A byte-order mark some editors write first is skipped.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).enumerated() {
            let lineNumber = index + 1
            let code = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            func fail(_ message: String) -> ScriptError { ScriptError(file: file, line: lineNumber, message: message) }
            if words[0] == "size" {
                guard !sawAt else { throw fail("`size` must come before any `at`") }
                guard words.count == 2, let parsed = Self.parseSize(words[1]) else {
                    throw fail("expected `size WxH` with sides 1…\(Self.maximumSide), e.g. `size 1280x800`")
                }
                size = parsed
                continue
            }
            guard words[0] == "at", words.count >= 3, let time = Double(words[1]), time.isFinite, time >= 0 else {
                throw fail("expected `at <milliseconds> <command> …` or `size WxH`")
            }
            guard time >= lastTime else { throw fail("time \(Self.shown(words[1])) is before the previous step (\(lastTime))") }
            guard time <= Self.maximumTimeMs else {
                throw fail("time \(Self.shown(words[1])) is after \(Int(Self.maximumTimeMs)) ms (7 days), the latest a script may run")
            }
            sawAt = true
            lastTime = time
            let args = Array(words.dropFirst(3))
            steps += try Self.expand(command: words[2], args: args, time: time, line: lineNumber, fail: fail)
            guard steps.count <= Self.maximumSteps else {
                throw fail("the script expands into more than \(Self.maximumSteps) steps, the most a script may have")
            }
        }
        // Expanded taps and swipes interleave with later lines: order by time, stably.
        self.steps = steps.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
        self.size = size.map { (width: $0.0, height: $0.1) }
    }

    /// A word of the script as an error message quotes it: at most 40 scalars, so a 16 MiB
    /// line is not echoed back whole.
    static func shown(_ word: String) -> String { word.shown(atMost: 40) }

    /// Parses `WxH` with both sides in 1…`maximumSide`.
    public static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...maximumSide).contains(w),
              (1...maximumSide).contains(h) else { return nil }
        return (w, h)
    }

    static func expand(
        command: String, args: [String], time: Double, line: Int, fail: (String) -> ScriptError
    ) throws -> [ScriptStep] {
        func numbers(_ count: Int, _ usage: String) throws -> [Double] {
            let values = args.compactMap(Double.init).filter(\.isFinite)
            guard args.count == count, values.count == count else { throw fail("expected `\(usage)`") }
            return values
        }
        func coordinates(_ values: ArraySlice<Double>) throws {
            guard values.allSatisfy({ abs($0) <= maximumCoordinate }) else {
                throw fail("coordinates must lie within ±\(Int(maximumCoordinate)) px")
            }
        }
        func slot(_ value: Double) throws -> Int {
            guard value >= 0, value < 64, value == value.rounded() else { throw fail("slot must be 0…63") }
            return Int(value)
        }
        func touch(_ t: Double, _ s: Int, _ p: TouchPhase, _ x: Double, _ y: Double) -> ScriptStep {
            ScriptStep(timeMs: t, action: .touch(slot: s, phase: p, x: x, y: y), line: line)
        }
        switch command {
        case "down", "move":
            let v = try numbers(3, "\(shown(command)) SLOT X Y")
            try coordinates(v[1...2])
            return [touch(time, try slot(v[0]), command == "down" ? .began : .moved, v[1], v[2])]
        case "up", "cancel":
            let v = try numbers(1, "\(shown(command)) SLOT")
            return [touch(time, try slot(v[0]), command == "up" ? .ended : .cancelled, .nan, .nan)]
        case "tap":
            let v = try numbers(2, "tap X Y")
            try coordinates(v[0...1])
            return [touch(time, tapSlot, .began, v[0], v[1]), touch(time + tapDurationMs, tapSlot, .ended, v[0], v[1])]
        case "swipe":
            let v = try numbers(6, "swipe SLOT X0 Y0 X1 Y1 DURATION")
            let s = try slot(v[0])
            try coordinates(v[1...4])
            let duration = v[5]
            guard duration > 0 else { throw fail("swipe duration must be positive") }
            guard duration <= maximumSwipeMs else {
                throw fail("swipe duration \(shown(args[5])) is longer than \(Int(maximumSwipeMs)) ms, the longest swipe")
            }
            var result = [touch(time, s, .began, v[1], v[2])]
            var t = swipeStepMs
            while t < duration {
                let f = t / duration
                result.append(touch(time + t, s, .moved, v[1] + (v[3] - v[1]) * f, v[2] + (v[4] - v[2]) * f))
                t += swipeStepMs
            }
            result.append(touch(time + duration, s, .moved, v[3], v[4]))
            result.append(touch(time + duration, s, .ended, v[3], v[4]))
            return result
        case "key":
            guard args.count == 1 else { throw fail("expected `key NAME`") }
            guard let code = Key(name: args[0])?.code else {
                throw fail("unknown key `\(shown(args[0]))`; use linux/input-event-codes.h names without KEY_ (ESC, ENTER, UP…)")
            }
            return [ScriptStep(timeMs: time, action: .key(code: Int(code), pressed: true), line: line),
                    ScriptStep(timeMs: time, action: .key(code: Int(code), pressed: false), line: line)]
        case "screenshot", "state":
            guard args.count == 1 else { throw fail("expected `\(shown(command)) FILE`") }
            guard args[0].utf8.count < 1024 else { throw fail("`\(Self.shown(command))` path \(Self.shown(args[0])) is too long") }
            guard !args[0].hasPrefix("/"), !args[0].split(separator: "/").contains("..") else {
                throw fail("`\(shown(command))` paths are relative to --out and may not leave it")
            }
            return [ScriptStep(timeMs: time, action: command == "state" ? .state(path: args[0]) : .screenshot(path: args[0]), line: line)]
        case "screen":
            guard args.count == 1, args[0] == "off" || args[0] == "on" else { throw fail("expected `screen off` or `screen on`") }
            return [ScriptStep(timeMs: time, action: .screen(on: args[0] == "on"), line: line)]
        case "switch":
            guard args.count == 2, args[0] == "headphone", args[1] == "in" || args[1] == "out" else {
                throw fail("expected `switch headphone in` or `switch headphone out`")
            }
            return [ScriptStep(timeMs: time, action: .switchChanged(.headphoneInsert, on: args[1] == "in"), line: line)]
        case "end":
            guard args.isEmpty else { throw fail("`end` takes no arguments") }
            return [ScriptStep(timeMs: time, action: .end, line: line)]
        default:
            throw fail("unknown command `\(shown(command))`; known: down move up cancel tap swipe key screenshot state screen switch end")
        }
    }
}
