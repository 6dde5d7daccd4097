// `replay` also plays `libinput record` YAML files (docs/ARCHITECTURE.md, Command line), so a gesture
// recorded on a real panel can be replayed headless. Touches are decoded from the evdev
// multitouch protocol B (ABS_MT_SLOT / TRACKING_ID / POSITION_X/Y at each SYN_REPORT), or from
// ABS_X/ABS_Y + BTN_TOUCH on single-touch devices, and scaled from the recorded axis ranges to
// the screen the way libinput scales them: px = (v − min) · size / (max − min + 1). Pointers
// (tablets and mice) and keys become the same pointer, button and key events libinput reports,
// so the session maps them exactly as on the device (calibration, rotation, `pointer_as_touch`).
// A mouse's deltas are replayed unaccelerated. The file is checked into typed devices first
// (LibinputRecording+Parsing.swift).
import KioskHardware
import enum SwipeCore.TouchPhase

/// Turns a `libinput record` recording into script steps.
public enum LibinputRecording {
    static let synReport = (type: 0, code: 0)
    static let evKey = 1, evRel = 2, evAbs = 3
    static let absX = 0, absY = 1, absMTSlot = 47, absMTX = 53, absMTY = 54, absMTTracking = 57
    static let relX = 0, relY = 1
    static let btnMisc = 0x100, btnLeft = 0x110, btnTouch = 330

    /// True when `text` looks like a libinput recording rather than a touch script.
    public static func looksLikeRecording(_ text: String) -> Bool {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).contains { $0.hasPrefix("devices:") }
    }

    /// Decodes every device's touches, pointer motion and buttons, and keys into one
    /// time-ordered script for a `width`×`height` screen.
    /// - Throws: `ScriptError` naming the entry of a malformed recording, or one with no input.
    public static func script(from text: String, file: String, width: Int, height: Int) throws -> TouchScript {
        var steps: [ScriptStep] = []
        for (index, device) in try devices(in: text, file: file).enumerated() {
            steps += decode(device, index: index, width: width, height: height)
        }
        guard let last = steps.map(\.timeMs).max() else {
            throw ScriptError(file: file, line: 0, message: "no touch, pointer or key events: the recording has nothing to replay")
        }
        steps.append(ScriptStep(timeMs: last + 1000, action: .end, line: 0))
        return TouchScript(size: (width, height), steps: steps)
    }

    /// One device's input, classified as libinput classifies devices: multitouch axes make a
    /// touchscreen, ABS_X/ABS_Y with BTN_TOUCH a single-touch one, ABS_X/ABS_Y without it an
    /// absolute pointer (a tablet, QEMU's and a VNC client's pointer), REL_X/REL_Y a mouse;
    /// keyboard keys (codes below BTN_MISC) from any device. Touch slots of device `index` are
    /// numbered from `index · slotsPerDevice`; every pointer drives the seat's one pointer.
    static func decode(_ device: RecordedDevice, index: Int, width: Int, height: Int) -> [ScriptStep] {
        let events = device.frames.joined()
        let multitouch = device.axes[absMTX] != nil && device.axes[absMTY] != nil
        let singleTouch = !multitouch && events.contains { $0.type == evKey && $0.code == btnTouch }
        let rangeX = device.axes[multitouch ? absMTX : absX], rangeY = device.axes[multitouch ? absMTY : absY]
        // Ranges and values are 32-bit (checked when read), so these differences cannot overflow.
        func scale(_ v: Int?, _ range: ClosedRange<Int>?, _ size: Int) -> Double {
            guard let v, let range else { return .nan }
            return Double(v - range.lowerBound) * Double(size) / Double(range.upperBound - range.lowerBound + 1)
        }
        var touches = TouchFrameDecoder(multitouch: multitouch)
        var pointer = PointerFrameDecoder()
        var steps: [ScriptStep] = []
        func step(_ time: Double, _ action: ScriptStep.Action) { steps.append(ScriptStep(timeMs: time, action: action, line: 0)) }
        for event in events {
            if event.type == evKey, event.code < btnMisc, event.value != 2 {  // 2: autorepeat
                step(event.timeMs, .key(code: event.code, pressed: event.value != 0))
            } else if multitouch || singleTouch {
                for change in touches.feed(type: event.type, code: event.code, value: event.value) {
                    let slot = index * slotsPerDevice + change.slot
                    step(event.timeMs, .touch(slot: slot, phase: change.phase, x: scale(change.x, rangeX, width),
                                              y: scale(change.y, rangeY, height)))
                }
            } else {
                for change in pointer.feed(type: event.type, code: event.code, value: event.value) {
                    switch change {
                    case .absolute(let x, let y):
                        guard rangeX != nil, rangeY != nil else { continue }
                        step(event.timeMs, .pointer(x: scale(x, rangeX, width), y: scale(y, rangeY, height)))
                    case .relative(let dx, let dy): step(event.timeMs, .pointerMotion(dx: Double(dx), dy: Double(dy)))
                    case .button(let pressed): step(event.timeMs, .button(pressed: pressed))
                    }
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
