// `replay` also plays `libinput record` YAML files (DESIGN.md, Command line), so a gesture
// recorded on a real panel can be replayed headless. Touches are decoded from the evdev
// multitouch protocol B (ABS_MT_SLOT / TRACKING_ID / POSITION_X/Y at each SYN_REPORT), or from
// ABS_X/ABS_Y + BTN_TOUCH on single-touch devices, and scaled from the recorded axis ranges to
// the screen the way libinput scales them: px = (v − min) · size / (max − min + 1). The file is
// checked into typed devices first (LibinputRecording+Parsing.swift).
import KioskHardware
import enum SwipeCore.TouchPhase

/// Turns a `libinput record` recording into touch-script steps.
public enum LibinputRecording {
    static let synReport = (type: 0, code: 0)
    static let evKey = 1, evAbs = 3
    static let absX = 0, absY = 1, absMTSlot = 47, absMTX = 53, absMTY = 54, absMTTracking = 57
    static let btnTouch = 330

    /// True when `text` looks like a libinput recording rather than a touch script.
    public static func looksLikeRecording(_ text: String) -> Bool {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).contains { $0.hasPrefix("devices:") }
    }

    /// Decodes every device's touches into one time-ordered script for a `width`×`height` screen.
    /// - Throws: `ScriptError` naming the entry of a malformed recording, or one with no touches.
    public static func script(from text: String, file: String, width: Int, height: Int) throws -> TouchScript {
        var steps: [ScriptStep] = []
        for (index, device) in try devices(in: text, file: file).enumerated() {
            steps += decode(device, index: index, width: width, height: height)
        }
        guard let last = steps.map(\.timeMs).max() else {
            throw ScriptError(file: file, line: 0, message: "no touch events: the recording has nothing to replay")
        }
        steps.append(ScriptStep(timeMs: last + 1000, action: .end, line: 0))
        return TouchScript(size: (width, height), steps: steps)
    }

    /// One device's touches; slots of device `index` are numbered from `index · slotsPerDevice`.
    static func decode(_ device: RecordedDevice, index: Int, width: Int, height: Int) -> [ScriptStep] {
        let multitouch = device.axes[absMTX] != nil && device.axes[absMTY] != nil
        guard let rangeX = device.axes[multitouch ? absMTX : absX], let rangeY = device.axes[multitouch ? absMTY : absY] else {
            return []  // not a touch device
        }
        // Ranges and values are 32-bit (checked when read), so these differences cannot overflow.
        func scale(_ v: Int, _ range: ClosedRange<Int>, _ size: Int) -> Double {
            Double(v - range.lowerBound) * Double(size) / Double(range.upperBound - range.lowerBound + 1)
        }
        var decoder = TouchFrameDecoder(multitouch: multitouch)
        var steps: [ScriptStep] = []
        for frame in device.frames {
            for event in frame {
                for change in decoder.feed(type: event.type, code: event.code, value: event.value) {
                    let x = change.x.map { scale($0, rangeX, width) } ?? .nan
                    let y = change.y.map { scale($0, rangeY, height) } ?? .nan
                    steps.append(ScriptStep(
                        timeMs: event.timeMs, action: .touch(slot: index * slotsPerDevice + change.slot, phase: change.phase, x: x, y: y),
                        line: 0))
                }
            }
        }
        return steps
    }
}

/// The evdev state machine of one device: accumulates axis changes per slot and reports
/// down/move/up for each slot at every SYN_REPORT.
struct TouchFrameDecoder {
    struct Slot {
        var tracking = -1
        var x: Int?
        var y: Int?
        var active = false
        var moved = false
    }

    struct Change {
        let slot: Int
        let phase: TouchPhase
        let x: Int?
        let y: Int?
    }

    let multitouch: Bool
    var current = 0
    var slots: [Int: Slot] = [:]
    var touching = false

    init(multitouch: Bool) {
        self.multitouch = multitouch
    }

    mutating func feed(type: Int, code: Int, value: Int) -> [Change] {
        typealias R = LibinputRecording
        switch (type, code) {
        case (R.evAbs, R.absMTSlot) where multitouch: current = value
        case (R.evAbs, R.absMTTracking) where multitouch: slots[current, default: Slot()].tracking = value
        case (R.evAbs, R.absMTX) where multitouch, (R.evAbs, R.absX) where !multitouch:
            let slot = multitouch ? current : 0
            slots[slot, default: Slot()].x = value
            slots[slot, default: Slot()].moved = true
        case (R.evAbs, R.absMTY) where multitouch, (R.evAbs, R.absY) where !multitouch:
            let slot = multitouch ? current : 0
            slots[slot, default: Slot()].y = value
            slots[slot, default: Slot()].moved = true
        case (R.evKey, R.btnTouch) where !multitouch:
            slots[0, default: Slot()].tracking = value != 0 ? 0 : -1
        case (LibinputRecording.synReport.type, LibinputRecording.synReport.code):
            return report()
        default:
            break
        }
        return []
    }

    /// Emits what changed since the last report, lowest slot first.
    mutating func report() -> [Change] {
        var changes: [Change] = []
        for key in slots.keys.sorted() {
            var s = slots[key]!
            let down = s.tracking >= 0
            if down && !s.active, s.x != nil, s.y != nil {
                changes.append(Change(slot: key, phase: .began, x: s.x, y: s.y))
            } else if !down && s.active {
                changes.append(Change(slot: key, phase: .ended, x: s.x, y: s.y))
            } else if down && s.active && s.moved {
                changes.append(Change(slot: key, phase: .moved, x: s.x, y: s.y))
            }
            s.active = down && s.x != nil && s.y != nil
            s.moved = false
            slots[key] = s
        }
        return changes
    }
}
