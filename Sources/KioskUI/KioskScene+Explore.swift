// Explore by touch (issue 25): the scene's side of it. A finger that explores puts the focus on
// what is under it without acting (a list row or a sheet row get the same focus the arrow keys
// move; the back button, the trailing button, the toast and the detail page are elements of
// their own); flicks move that focus as Down and Up do; a double tap acts on it as Enter does
// (or presses the button).
// A focused row's swipe actions are run by index, as the actions sheet lists them (trailing
// first). Which gesture is which, and what is said, is the app's (KioskApp's ExploreRecognizer
// and KioskApplication+Explore).
import SwipeCore

/// What explore mode focused.
public enum ExploreTarget: Hashable, Sendable {
    /// A list row (the list's focus, `ListPage.focus`).
    case row(itemID: String)
    /// A sheet row (the sheet's focus, `SheetView.focus`).
    case sheetRow(Int)
    case back
    /// The navigation bar's trailing button (the Styles sheet's cog).
    case trailingButton
    case toast(id: String)
    /// The detail page's text.
    case detail
}

extension KioskScene {
    /// Puts the focus on what is under `point` without acting on it; nil: nothing there that
    /// speaks (a header, the dimmed page under a sheet, an empty part of the screen).
    public func explore(at point: Point, time: Instant) -> ExploreTarget? {
        // As for every touch the scene handles: the focus ring may have moved.
        needsRender = true
        if let sheet = presentedSheet {
            let panel = sheet.panel(at: time), header = panel.minY + theme.px(SheetView.headerHeight)
            guard point.y >= header, let index = sheet.rowFrames(at: time).firstIndex(where: { $0.1.contains(point) })
            else { return nil }
            sheet.focus = index
            return .sheetRow(index)
        }
        if let (toast, _) = overlays.toasts.first(where: { $0.toast.frame(screen: size, theme: theme, slot: $0.slot).contains(point) }) {
            clearFocus()
            return .toast(id: toast.id)
        }
        switch barButton(at: point) {
        case .back:
            clearFocus()
            return .back
        case .trailing:
            clearFocus()
            return .trailingButton
        case nil: break
        }
        switch top {
        case .list(let list):
            guard let row = list.hit(point, at: time) else { return nil }
            list.focus = row.id
            return .row(itemID: row.id)
        case .detail:
            return .detail
        case nil:
            return nil
        }
    }

    /// Moves the focus to the next (or previous) row of the sheet or the list, as Down (or Up)
    /// does (from the back button or the toast the next row is the first on screen); on a detail
    /// page between its text (next) and the back button (previous).
    public func exploreStep(forward: Bool, time: Instant) -> ExploreTarget? {
        if let sheet = presentedSheet {
            handle(key: forward ? .down : .up, time: time)
            return sheet.focus.map { .sheetRow($0) }
        }
        switch top {
        case .list(let list):
            handle(key: forward ? .down : .up, time: time)
            return list.focus.map { .row(itemID: $0) }
        case .detail:
            return forward || stack.count < 2 ? .detail : .back
        case nil:
            return nil
        }
    }

    /// Acts on `target` as a tap on it would: opens the focused row, chooses the focused sheet
    /// row, goes back, presses the toast's button.
    public func activate(_ target: ExploreTarget, time: Instant) {
        switch target {
        case .row, .sheetRow:
            handle(key: .enter, time: time)
        case .back:
            pop(time: time)
        case .trailingButton:
            events.append(.trailingButton)
        case .toast(let id):
            if let toast = actionToast, toast.id == id, time < toast.expires { pressButton(of: toast) }
        case .detail:
            break
        }
    }

    /// Runs action `index` (trailing first, as `AccessibleFocus.Row.actions` lists them) of the
    /// focused row of the list on top.
    public func runFocusedRowAction(_ index: Int, time: Instant) {
        guard presentedSheet == nil, case .list(let list) = top else { return }
        list.runFocusedAction(index, time: time)
        needsRender = true
    }

    /// The sheet that takes input now (not one dismissing).
    var presentedSheet: SheetView? {
        sheet.flatMap { $0.phase == .dismissing || $0.phase == .dismissed ? nil : $0 }
    }
}
