// libinput event → InputEvent. Kept apart from the context handling so the mapping of each event
// type (touch, absolute and relative pointer, buttons, keys, device hot-plug) reads as one table.
import CLibInput
import SwipeCore

extension LibinputSource {
    func translate(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        let device = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let info = Self.describe(device)
            deviceInfos[device] = info
            noteKeyboardPolicy(for: info)
            let closed = closedDevices.removeValue(forKey: info.sysname)
            if closed != info {  // not just back after a suspend
                if let closed { onEvent?(.deviceRemoved(closed)) }
                onEvent?(.deviceAdded(info))
            }
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            cancelSlots(of: device, time: .now())
            let info = deviceInfos.removeValue(forKey: device) ?? Self.describe(device)
            if isSuspended {
                closedDevices[info.sysname] = info
            } else {
                onEvent?(.deviceRemoved(info))
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)!
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            let size = tracker.screen.physicalSize
            let physical = Point(
                x: libinput_event_touch_get_x_transformed(touch, UInt32(size.width)),
                y: libinput_event_touch_get_y_transformed(touch, UInt32(size.height)))
            slotDevice[slot] = device
            let phase: TouchPhase = type == LIBINPUT_EVENT_TOUCH_DOWN ? .began : .moved
            onEvent?(.touch(tracker.touch(slot: slot, phase: phase, physical: physical, time: Self.time(touch))))
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)!
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            end(slot: slot, phase: type == LIBINPUT_EVENT_TOUCH_UP ? .ended : .cancelled, time: Self.time(touch))
        case LIBINPUT_EVENT_TOUCH_FRAME:
            onEvent?(.frame(time: Self.time(libinput_event_get_touch_event(event)!)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)!
            let size = tracker.screen.physicalSize
            pointerMoved(tracker.movePointer(toPhysical: Point(
                x: libinput_event_pointer_get_absolute_x_transformed(pointer, UInt32(size.width)),
                y: libinput_event_pointer_get_absolute_y_transformed(pointer, UInt32(size.height))),
                time: Self.time(pointer: pointer)))
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)!
            pointerMoved(tracker.movePointer(
                byPhysical: libinput_event_pointer_get_dx(pointer), libinput_event_pointer_get_dy(pointer),
                time: Self.time(pointer: pointer)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)!
            guard libinput_event_pointer_get_button(pointer) == 0x110 else { return }  // BTN_LEFT
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            let time = Self.time(pointer: pointer)
            guard let sample = tracker.pointerButton(pressed: pressed, time: time) else { return }
            if pressed { slotDevice[TouchTracker.pointerSlot] = device } else { slotDevice.removeValue(forKey: TouchTracker.pointerSlot) }
            onEvent?(.touch(sample))
            onEvent?(.frame(time: time))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard admitsKeys(of: deviceInfos[device] ?? Self.describe(device)) else { return }
            let key = libinput_event_get_keyboard_event(event)!
            let code = libinput_event_keyboard_get_key(key)
            onEvent?(.key(KeyEvent(
                key: Key(code: code),
                pressed: libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                time: Instant(monotonicNanoseconds: Int64(libinput_event_keyboard_get_time_usec(key)) * 1000))))
        default:
            break
        }
    }

    /// A pointer move is a finger move (and a frame) only while its button is down.
    private func pointerMoved(_ sample: TouchEvent?) {
        guard let sample else { return }
        onEvent?(.touch(sample))
        onEvent?(.frame(time: sample.time))
    }

    private static func time(_ touch: OpaquePointer) -> Instant {
        Instant(monotonicNanoseconds: Int64(libinput_event_touch_get_time_usec(touch)) * 1000)
    }

    private static func time(pointer: OpaquePointer) -> Instant {
        Instant(monotonicNanoseconds: Int64(libinput_event_pointer_get_time_usec(pointer)) * 1000)
    }

    static func describe(_ device: OpaquePointer) -> InputDeviceInfo {
        var caps: InputCapabilities = []
        let table: [(libinput_device_capability, InputCapabilities)] = [
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
            (LIBINPUT_DEVICE_CAP_GESTURE, .gesture), (LIBINPUT_DEVICE_CAP_SWITCH, .switches),
        ]
        for (cap, flag) in table where libinput_device_has_capability(device, cap) != 0 { caps.insert(flag) }
        var width = 0.0, height = 0.0
        let size = libinput_device_get_size(device, &width, &height) == 0 ? (width, height) : nil
        var calibration: CalibrationMatrix?
        if libinput_device_config_calibration_has_matrix(device) != 0 {
            var m = [Float](repeating: 0, count: 6)
            _ = libinput_device_config_calibration_get_matrix(device, &m)
            calibration = CalibrationMatrix(libinput: m)
        }
        return InputDeviceInfo(
            name: String(cString: libinput_device_get_name(device)),
            sysname: String(cString: libinput_device_get_sysname(device)),
            capabilities: caps, sizeMillimetres: size, calibration: calibration,
            vendor: libinput_device_get_id_vendor(device), product: libinput_device_get_id_product(device))
    }
}
