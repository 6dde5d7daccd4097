// libinput event → InputEvent. Kept apart from the context handling so the mapping of each event
// type (touch, absolute and relative pointer, buttons, keys, device hot-plug) reads as one table.
import CLibInput

extension InputSource {
    func translate(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        let device = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let info = Self.describe(device)
            deviceInfos[device] = info
            let closed = closedDevices.removeValue(forKey: info.sysname)
            if closed != info {  // not just back after a suspend
                if let closed { onEvent?(.deviceRemoved(closed)) }
                onEvent?(.deviceAdded(info))
            }
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            cancelSlots(of: device, time: .now())
            if pointerPressed, slotDevice[Self.pointerSlot] == device { pointerPressed = false }
            let info = deviceInfos.removeValue(forKey: device) ?? Self.describe(device)
            if isSuspended {
                closedDevices[info.sysname] = info
            } else {
                onEvent?(.deviceRemoved(info))
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)!
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            let physical = Point(
                x: libinput_event_touch_get_x_transformed(touch, UInt32(screen.physicalSize.width)),
                y: libinput_event_touch_get_y_transformed(touch, UInt32(screen.physicalSize.height)))
            let location = screen.logicalPoint(physical: physical)
            lastLocation[slot] = location
            slotDevice[slot] = device
            let phase: TouchPhase = type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move
            onEvent?(.touch(TouchSample(slot: slot, phase: phase, location: location, time: Self.time(touch))))
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)!
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            guard lastLocation[slot] != nil else { return }
            end(slot: slot, phase: type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel, time: Self.time(touch))
        case LIBINPUT_EVENT_TOUCH_FRAME:
            onEvent?(.frame(time: Self.time(libinput_event_get_touch_event(event)!)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)!
            movePointer(to: Point(
                x: libinput_event_pointer_get_absolute_x_transformed(pointer, UInt32(screen.physicalSize.width)),
                y: libinput_event_pointer_get_absolute_y_transformed(pointer, UInt32(screen.physicalSize.height))),
                device: device, time: Self.time(pointer: pointer))
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)!
            let current = screen.rotation.physicalPoint(pointerLocation, logical: screen.logicalSize)
            movePointer(to: Point(x: current.x + libinput_event_pointer_get_dx(pointer),
                                  y: current.y + libinput_event_pointer_get_dy(pointer)),
                        device: device, time: Self.time(pointer: pointer))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)!
            guard libinput_event_pointer_get_button(pointer) == 0x110 else { return }  // BTN_LEFT
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            guard pressed != pointerPressed else { return }
            pointerPressed = pressed
            let time = Self.time(pointer: pointer)
            if pressed {
                lastLocation[Self.pointerSlot] = pointerLocation
                slotDevice[Self.pointerSlot] = device
                onEvent?(.touch(TouchSample(slot: Self.pointerSlot, phase: .down, location: pointerLocation, time: time)))
            } else {
                end(slot: Self.pointerSlot, phase: .up, time: time)
            }
            onEvent?(.frame(time: time))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let key = libinput_event_get_keyboard_event(event)!
            let code = libinput_event_keyboard_get_key(key)
            onEvent?(.key(KeyEvent(
                code: code, name: KeyName.name(for: code),
                pressed: libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                time: LoopInstant(nanoseconds: Int64(libinput_event_keyboard_get_time_usec(key)) * 1000))))
        default:
            break
        }
    }

    private func movePointer(to physical: Point, device: OpaquePointer, time: LoopInstant) {
        pointerLocation = screen.logicalPoint(physical: physical)
        guard pointerPressed else { return }
        lastLocation[Self.pointerSlot] = pointerLocation
        onEvent?(.touch(TouchSample(slot: Self.pointerSlot, phase: .move, location: pointerLocation, time: time)))
        onEvent?(.frame(time: time))
    }

    private static func time(_ touch: OpaquePointer) -> LoopInstant {
        LoopInstant(nanoseconds: Int64(libinput_event_touch_get_time_usec(touch)) * 1000)
    }

    private static func time(pointer: OpaquePointer) -> LoopInstant {
        LoopInstant(nanoseconds: Int64(libinput_event_pointer_get_time_usec(pointer)) * 1000)
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
            capabilities: caps, sizeMillimetres: size, calibration: calibration)
    }
}
