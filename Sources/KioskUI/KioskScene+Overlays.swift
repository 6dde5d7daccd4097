// Sheets and toasts above the pages: presenting, dismissing and reporting their statuses,
// showing and expiring toasts (their timing is SceneOverlays'), the visual pulse drawn.
import Canvas
import SwipeCore

extension KioskScene {
    /// Presents a sheet (replacing one that is up).
    public func present(_ content: SheetContent, configuration: SwipeDownConfiguration, time: Instant) {
        cancelTouches(time: time)
        sheet = SheetView(content: content, screen: size, theme: theme, text: text, configuration: configuration, time: time)
        needsRender = true
    }

    /// Updates the rows of the sheet that is up, if it has this id.
    public func updateSheet(_ content: SheetContent) {
        guard let sheet, sheet.id == content.id else { return }
        sheet.update(content)
        needsRender = true
    }

    /// Dismisses the sheet that is up.
    public func dismissSheet(time: Instant) {
        sheet?.dismiss(time: time)
        needsRender = true
    }

    /// Takes the sheet away at once, without its animation or the `sheet-dismiss` haptic: the idle
    /// reset, which nobody asked for and which may happen while the panel is dark.
    public func removeSheet() {
        sheet = nil
        needsRender = true
    }

    /// Flashes the screen edge for four times `duration` (50 ms at least) at `strength` (0…1): the
    /// "visual" haptic backend, for kiosks without a vibrator.
    public func pulse(at time: Instant, duration: Duration, strength: Double) {
        overlays.pulse = (time, max(.milliseconds(50), duration * 4), min(1, max(0, strength)))
        needsRender = true
    }

    func renderPulse(_ painter: Painter, time: Instant) {
        guard let p = overlays.pulse else { return }
        let t = (time - p.start).inSeconds / p.duration.inSeconds
        guard t >= 0, t < 1 else { return }
        let alpha = p.strength * 0.6 * (1 - t)
        let w = theme.px(6), color = theme.palette.accent.withAlpha(alpha)
        painter.fill(Rect(x: 0, y: 0, width: size.width, height: w), color: color)
        painter.fill(Rect(x: 0, y: size.height - w, width: size.width, height: w), color: color)
        painter.fill(Rect(x: 0, y: w, width: w, height: size.height - 2 * w), color: color)
        painter.fill(Rect(x: size.width - w, y: w, width: w, height: size.height - 2 * w), color: color)
    }

    /// Shows a toast (SceneOverlays.show: an Undo is never replaced by a message).
    public func show(_ toast: ToastView) {
        overlays.show(toast)
        needsRender = true
    }

    /// The newest toast showing (the state dump's `toast`).
    public var toast: ToastView? { overlays.newestToast }

    /// The toast with a button (Undo), if one is showing.
    public var actionToast: ToastView? { overlays.actionToast }

    /// The time-out warning, if one is showing.
    public var timeoutWarning: TimeoutWarning? { overlays.timeoutWarning }

    /// Hides every toast (the idle reset).
    public func hideToast() {
        overlays.actionToast = nil
        overlays.messageToast = nil
        needsRender = true
    }

    /// Takes the action toast away (its button's promise no longer holds).
    public func hideActionToast() {
        overlays.actionToast = nil
        needsRender = true
    }

    func tickOverlays(time: Instant) {
        if let sheet {
            sheet.tick(time: time)
            for status in sheet.takeStatuses() {
                effects.append(.sheet(id: sheet.id, status: status))
                if status == .completed {
                    effects.append(.haptic(.sheetDismiss))
                    self.sheet = nil
                }
            }
            needsRender = true
        }
        if overlays.expire(at: time) { needsRender = true }
    }

    /// Routes a touch to the toast's button or the sheet; true when one of them took it.
    func handleOverlay(_ event: TouchEvent) -> Bool {
        // A toast past its lifetime is gone even before the next tick removes it: its button
        // (Undo) is offered exactly as long as the toast lasts.
        if event.phase == .began, let toast = actionToast, event.time < toast.expires,
           let b = toast.buttonFrame(screen: size, theme: theme), b.contains(event.point) {
            owners[event.slot] = .ignored
            pressButton(of: toast)
            return true
        }
        guard let sheet else { return false }
        if let input = sheet.handle(event) { handleSheetInput(input, sheet: sheet, time: event.time) }
        return true
    }

    /// The toast's button (Undo) was pressed: its effect, and the toast goes.
    func pressButton(of toast: ToastView) {
        effects.append(.toastAction(id: toast.id))
        hideActionToast()
    }

    /// A row chosen (by a tap or Enter) or a dismissal asked for.
    func handleSheetInput(_ input: SheetInput, sheet: SheetView, time: Instant) {
        switch input {
        case .selected(let row): events.append(.sheetRow(sheetID: sheet.id, row: row))
        case .dismissRequested: sheet.dismiss(time: time)
        }
    }
}
