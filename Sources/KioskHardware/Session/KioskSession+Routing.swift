// Input routing and display ownership of the session: the first touch or key after blanking only
// wakes the display, Ctrl+Alt+Fn switches VTs, and a VT switch hands the display and the input
// devices over and takes them back. Device and virtual runs take the same path.
import SwipeCore

extension KioskSession {
    /// The first touch or key press after blanking only wakes the display; a touch's slot is
    /// then swallowed until it lifts. Ctrl+Alt+Fn switches VTs and never reaches the client.
    func route(_ event: InputEvent) {
        switch event {
        case .touch(let sample):
            fingers.note(sample)
            if power.isHeldOff {  // `screen off`: no finger reaches the app, even after `screen on`
                _ = power.noteActivity(now: loop.now)
                fingers.swallow(sample)
                return
            }
            if sample.phase != .cancelled, wake(by: "a touch") {
                // A finger the client already saw go down (before the blank) ends for it here.
                if sample.phase != .began { client?.handle(.touch(TouchEvent(
                    slot: sample.slot, phase: .cancelled, point: sample.point, time: sample.time))) }
                if sample.phase != .ended { fingers.swallow(sample) }
                return
            }
            if fingers.takeIfSwallowed(sample) { return }
        case .key(let key):
            if vt?.handle(key) == true || power.isHeldOff || (key.pressed && wake(by: "a key")) { return }
        case .switchChanged:
            // A plug is someone at the kiosk: it lights a dark panel and still reaches the app
            // (its state must not be lost), unless the screen is held off.
            if !power.isHeldOff { _ = wake(by: "the headphone jack", delivered: true) }
        case .deviceAdded, .deviceRemoved, .frame:
            break
        }
        noteDelivered(event)
        client?.handle(event)
    }

    /// Records user activity; when the display was blanked it is switched on again.
    /// - Returns: true when the event woke the display (and is not delivered, unless `delivered`).
    private func wake(by what: String, delivered: Bool = false) -> Bool {
        guard power.noteActivity(now: loop.now) else { return false }
        display.setPower(on: true)
        logger.info("display woken by \(what) (\(delivered ? "delivered" : "not delivered"))")
        invalidate()
        return true
    }

    /// `screen off` (the control socket, the screen schedule): dark as after the idle time, but
    /// held so until `screen on`: touches are swallowed and do not wake it. Fingers the client
    /// saw go down are cancelled for it. `screen on` wakes it as a touch would, without the touch.
    public func setScreen(on: Bool) {
        guard power.hold(off: !on, now: loop.now) else { return }
        display.setPower(on: on)
        logger.info("display \(on ? "switched on" : "switched off") by request")
        if on { return invalidate() }
        for sample in fingers.swallowDelivered() {
            client?.handle(.touch(TouchEvent(slot: sample.slot, phase: .cancelled, point: sample.point, time: loop.now)))
        }
    }

    /// False while the panel is dark (idle blanking or `screen off`).
    public var isScreenOn: Bool { !display.isBlanked }

    /// Another VT wants the screen: stop drawing, give up DRM master and input (touches in
    /// progress are cancelled for the client), then let the kernel switch.
    func release(_ vt: VirtualTerminal) {
        if let resumeTimer { loop.cancel(resumeTimer) }
        resumeTimer = nil
        display.suspend(restoringConsole: false)
        flipQueuedAt = nil
        input.setSuspended(true)
        vt.acknowledgeRelease()
    }

    /// The app's VT is shown again: master, mode and input back, the panel on (this counts as
    /// activity), and every pixel presented again.
    func acquire(_ vt: VirtualTerminal) {
        vt.acknowledgeAcquire()
        if !display.resume() {
            logger.notice("display: DRM master is held by another program; retrying every second")
            scheduleResume()
        }
        input.setSuspended(false)
        if power.noteActivity(now: loop.now), !power.isHeldOff { display.setPower(on: true) }
        invalidate()
    }

    /// Started while another VT is shown: hand the display back at once and wait for the
    /// acquire signal. READY=1 now, so systemd does not time the start out meanwhile.
    func waitForeground(_ vt: VirtualTerminal) {
        display.suspend(restoringConsole: true)
        input.setSuspended(true)
        logger.notice("vt: tty\(vt.number) is not on screen: waiting until it is shown")
        notify { () throws(SystemError) in try service?.ready(status: "waiting for tty\(vt.number) to be shown") ?? false }
    }

    /// Polls for DRM master taken by another program (not by a VT switch: that is announced).
    func scheduleResume() {
        resumeTimer = loop.schedule(afterMilliseconds: 1000) { [unowned self] in
            resumeTimer = nil
            guard display.resume() else { return scheduleResume() }
            logger.info("display: DRM master regained, redrawing")
            invalidate()
        }
    }
}
