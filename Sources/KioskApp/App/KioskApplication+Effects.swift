// Carrying out what the UI asks: configured action effects on the store (delete, archive, flag,
// read, detail, sheet, command), full-swipe deletions committed before the row collapses,
// pushes on taps, and the haptic and action logs of the state dump.
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

extension KioskApplication {
    /// `now` in whole milliseconds on the loop's clock (since the start, in a replay), as the
    /// haptics and action records, the state dump and the virtual store clock count.
    var timeMs: Int { now.wholeMilliseconds }

    /// Drains the scene's effects and events until none are left.
    func process() {
        var rounds = 0
        while rounds < 8 {
            let effects = scene.takeEffects(), events = scene.takeEvents()
            if effects.isEmpty && events.isEmpty { return }
            for effect in effects { apply(effect) }
            for event in events { apply(event) }
            rounds += 1
        }
    }

    func apply(_ effect: UIEffect) {
        switch effect {
        case .haptic(let event):
            haptics.append((timeMs, event), keepingLast: Self.historyLimit)
            onHaptic?(event)
        case .action(let key, let action):
            if let itemID = ItemID(key: key) { perform(action, on: itemID) }
        case .delete(let key, let action):
            // A full swipe slid the row off: only a delete action deletes (an archive action has
            // archived it in its handler), and its own handler may already have deleted it or
            // be retrying the delete.
            guard let itemID = ItemID(key: key), configuredAction(action)?.effect == .delete,
                  !writes.holds(action.id, on: itemID) else { break }
            // Unreadable (reported): delete anyway; the write path retries and reports on its own.
            if read("item \(itemID)", { () throws(StoreError) in try store.item(id: itemID) })??.deletedAt == nil {
                commit(.delete, itemID: itemID, action: action)
            }
        case .rowRemoved:
            // The row has gone from the screen; the list drops its item when re-read (off the loop).
            if let id = currentListID { refreshAfterOwnWrite(id) }
        case .toastAction(let id):
            if let itemID = ItemID(key: id) { undo(itemID) }
        case .sheet:
            break
        }
    }

    func apply(_ event: SceneEvent) {
        switch event {
        case .open(let key):
            if listsPageOnTop { openList(key) } else if let itemID = ItemID(key: key) { openDetail(itemID) }
        case .longPress(let key):
            if let itemID = ItemID(key: key) { presentActions(for: itemID) }
        case .trailingButton:
            // With the lists page a person picks lists there: the sheet's List row would replace it.
            let lists = configuration.ui.listsPage ? 1 : configuration.lists.count
            present(.styles, styles.sheet(for: stylesList, listCount: lists), rows: StyleOverrides.sheetRows(listCount: lists))
        case .sheetRow(let sheetID, let row):
            selected(row: row, inSheet: sheetID)
        }
    }

    var currentListID: String? {
        for page in scene.stack.reversed() { if case .list(let list) = page, list.id != Self.listsPageID { return list.id } }
        return nil
    }

    /// The configured action `ref` names: in its own list, on its own edge, by its id.
    func configuredAction(_ ref: ActionRef) -> ActionConfiguration? {
        guard let list = configuration.list(id: ref.list) else { return nil }
        return (ref.edge == .leading ? list.leading : list.trailing).action(id: ref.id)
    }

    /// Every configured action of a list, trailing first (the order of the action sheet and the
    /// detail page's buttons), each with what identifies it.
    func actions(of list: ListConfiguration) -> [(ref: ActionRef, action: SwipeAction)] {
        list.trailing.swipeActions.map { (ActionRef(list: list.id, edge: .trailing, id: $0.id), $0) }
            + list.leading.swipeActions.map { (ActionRef(list: list.id, edge: .leading, id: $0.id), $0) }
    }

    /// Finds the configured action and runs its effect. Every effect is written to the store's
    /// `actions_log` (with the data change it makes, if any) before it shows on the screen.
    func perform(_ ref: ActionRef, on itemID: ItemID) {
        guard let action = configuredAction(ref) else { return }
        switch action.effect {
        case .data(let effect):
            // An item that is deleted already (a second Delete while its row collapses) stays
            // as it is: no second delete row, no second Undo.
            if effect == .delete, item(itemID)?.deletedAt != nil { return }
            commit(action.effect, itemID: itemID, action: ref)
        case .detail:
            // Navigation shows at once; its log row follows the write path like any other.
            logged(.detail, itemID: itemID, action: ref)
            openDetail(itemID)
        case .sheet:
            logged(.sheet, itemID: itemID, action: ref)
            presentActions(for: itemID)
        case .command:
            // A command acts outside the kiosk: it starts only once its log row is stored; its
            // outcome (done, failed, timeout, refused, busy, skipped) is logged after it.
            logged(.command, itemID: itemID, action: ref) { [unowned self] in
                if let command = action.command { runCommand(command, itemID: itemID, action: ref) }
            }
        }
        // A manual fill waits for the app: deletions go, everything else comes back.
        pages[ref.list]?.fulfill(itemID: itemID.key, with: action.effect == .delete ? .delete : .reset, time: now)
    }

    /// Writes the `actions_log` row of an effect that changes no data; the dump's log gains the
    /// entry when the row is stored (a row that cannot be written is retried, then reported as
    /// `<action>-failed`, like any write), so the dump's log and the database's never disagree.
    func logged(_ effect: ActionEffect, itemID: ItemID, action: ActionRef, then: @escaping () -> Void = {}) {
        save(action.id, itemID: itemID) { [unowned self] () throws(StoreError) in
            _ = try store.perform(effect, on: itemID, actionID: action.id, at: storeNow)
        } landed: { [unowned self] in
            log(action.id, itemID)
            then()
        }
    }

    /// Writes the change (and its log row) first; only then do rows reload or keep collapsing
    /// (a write that fails is retried, then reported: KioskApplication+Writes).
    func commit(_ effect: ActionEffect, itemID: ItemID, action: ActionRef) {
        var made: ItemChange?
        save(action.id, itemID: itemID) { [unowned self] () throws(StoreError) in
            made = try store.perform(effect, on: itemID, actionID: action.id, at: storeNow)
        } landed: { [unowned self] in
            committed(effect, made, itemID: itemID, action: action)
        }
    }

    /// What follows a landed change: the log, the toast with Undo (as the action is configured),
    /// the row's collapse or a reload.
    func committed(_ effect: ActionEffect, _ change: ItemChange?, itemID: ItemID, action: ActionRef) {
        log(action.id, itemID)
        if let change, let configured = configuredAction(action), change == .delete || configured.undo {
            offerUndo(change, on: itemID, offered: configured.undo)
        } else {
            // A change that shows no toast says its action's title (a toast is said as it shows).
            speech.actionDone(configuredAction(action)?.action.title ?? action.id)
        }
        guard let listID = currentListID, let page = pages[listID] else { return }
        // A deleted row collapses first and reloads when it is gone (`rowRemoved`); a row a
        // full swipe is sliding off collapses by itself. An item the change takes out of this
        // list (archived, or unflagged in a list of flagged items) collapses the same way
        // instead of vanishing in one frame. Other changes show at once.
        let state = page.swipeState(of: itemID.key, at: now)
        if effect == .delete {
            if state != .filling && state != .removing { page.collapse(itemID: itemID.key, time: now) }
        } else if leaves(listID, itemID) {
            page.collapse(itemID: itemID.key, time: now)
        } else {
            refreshAfterOwnWrite(listID)
        }
    }

    /// True when the stored item no longer belongs to list `listID` (unreadable: false, reported).
    /// SQLite decides, with the list's own filter: whatever storage class another program wrote
    /// a column in, a row is in the list exactly when the list's query returns it.
    func leaves(_ listID: String, _ itemID: ItemID) -> Bool {
        guard let list = configuration.list(id: listID),
              let member = read("item \(itemID)", { () throws(StoreError) in try store.contains(itemID, in: list.query) }) else { return false }
        return !member
    }

    func log(_ action: String, _ item: ItemID?) {
        log.append((timeMs, action, item?.key ?? ""), keepingLast: Self.historyLimit)
    }

    func openDetail(_ itemID: ItemID) {
        guard let listID = currentListID, let list = configuration.list(id: listID),
              let record = item(itemID) else { return }
        if configuration.sheet.detailAsSheet {
            presentActions(for: itemID, body: record.body.isEmpty ? record.subtitle : record.body)
            return
        }
        let detail = DetailPage(
            item: ListItem(record: record), actions: actions(of: list),
            frame: scene.contentFrame, theme: theme, text: text)
        scene.push(.detail(detail), time: now)
    }
}

extension Array {
    /// Appends `element` and drops the oldest elements beyond `limit`.
    mutating func append(_ element: Element, keepingLast limit: Int) {
        append(element)
        if count > limit { removeFirst(count - limit) }
    }
}

extension Instant {
    /// The instant in milliseconds, rounded: what the app's records (haptics, actions, speech) and
    /// the documented text formats count.
    var wholeMilliseconds: Int { Int((Double(nanoseconds) / 1e6).rounded()) }

    /// The instant of `milliseconds` (a record's time back on the clock).
    init(milliseconds: Int) { self.init(nanoseconds: Int64(milliseconds) * 1_000_000) }
}
