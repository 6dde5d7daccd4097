// Carrying out what the UI asks: configured action effects on the store (delete, archive, flag,
// read, detail, sheet, command), full-swipe deletions committed before the row collapses,
// pushes on taps, and the haptic and action logs of the state dump.
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

extension KioskApplication {
    var timeMs: Int { Int((now * 1000).rounded()) }

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
        case .action(let itemID, let actionID):
            perform(actionID: actionID, on: itemID)
        case .delete(let itemID, let actionID):
            // A full swipe slid the row off: only a delete action deletes (an archive action has
            // archived it in its handler), and its own handler may already have deleted it or
            // be retrying the delete.
            guard configuredAction(actionID)?.effect == .delete,
                  !pendingWrites.contains(where: { $0.itemID == itemID && $0.label == actionID }) else { break }
            // Unreadable (reported): delete anyway; the write path retries and reports on its own.
            if read("item \(itemID)", { () throws(StoreError) in try store.item(id: itemID) })??.deletedAt == nil {
                commit(.delete, itemID: itemID, actionID: actionID)
            }
        case .rowRemoved:
            if let id = currentListID { reload(id) }
        case .toastAction(let id):
            undoDelete(id)
        case .sheet:
            break
        }
    }

    func apply(_ event: SceneEvent) {
        switch event {
        case .open(let itemID):
            openDetail(itemID)
        case .longPress(let itemID):
            presentActions(for: itemID)
        case .trailingButton:
            present(.styles, styles.sheet(for: stylesList, listCount: configuration.lists.count),
                    rows: StyleOverrides.sheetRows(listCount: configuration.lists.count))
        case .sheetRow(let sheetID, let rowID):
            selected(rowID, inSheet: sheetID)
        }
    }

    var currentListID: String? {
        for page in scene.stack.reversed() { if case .list(let list) = page { return list.id } }
        return nil
    }

    /// The configured action `actionID` of the current list.
    func configuredAction(_ actionID: String) -> ActionConfiguration? {
        guard let listID = currentListID, let list = configuration.list(id: listID) else { return nil }
        return list.leading.action(id: actionID) ?? list.trailing.action(id: actionID)
    }

    /// Finds the configured action and runs its effect.
    func perform(actionID: String, on itemID: String) {
        guard let listID = currentListID, let action = configuredAction(actionID) else { return }
        switch action.effect {
        case .delete, .archive, .flag, .read:
            commit(action.effect, itemID: itemID, actionID: actionID)
        case .detail:
            log(actionID, itemID)
            openDetail(itemID)
        case .sheet:
            log(actionID, itemID)
            save(actionID, itemID: itemID) { [unowned self] () throws(StoreError) in
                _ = try store.perform(.sheet, on: itemID, actionID: actionID, at: storeNow)
            }
            presentActions(for: itemID)
        case .command:
            log(actionID, itemID)
            save(actionID, itemID: itemID) { [unowned self] () throws(StoreError) in
                _ = try store.perform(.command, on: itemID, actionID: actionID, at: storeNow)
            }
            runCommand(action.command ?? [], itemID: itemID, actionID: actionID)
        }
        // A manual fill waits for the app: deletions go, everything else comes back.
        pages[listID]?.fulfill(itemID: itemID, with: action.effect == .delete ? .delete : .reset, time: now)
    }

    /// Writes the change (and its log row) first; only then do rows reload or keep collapsing
    /// (a write that fails is retried, then reported: KioskApplication+Writes).
    func commit(_ effect: ActionEffect, itemID: String, actionID: String) {
        save(actionID, itemID: itemID) { [unowned self] () throws(StoreError) in
            _ = try store.perform(effect, on: itemID, actionID: actionID, at: storeNow)
        } landed: { [unowned self] in
            committed(effect, itemID: itemID, actionID: actionID)
        }
    }

    /// What follows a landed change: the log, the Undo toast, the row's collapse or a reload.
    func committed(_ effect: ActionEffect, itemID: String, actionID: String) {
        log(actionID, itemID)
        if effect == .delete { offerUndo(itemID) }
        guard let listID = currentListID, let page = pages[listID] else { return }
        // A deleted row collapses first and reloads when it is gone (`rowRemoved`); a row a
        // full swipe is sliding off collapses by itself. An item the change takes out of this
        // list (archived, or unflagged in a list of flagged items) collapses the same way
        // instead of vanishing in one frame. Other changes show at once.
        let state = page.swipeState(of: itemID, at: now)
        if effect == .delete {
            if state != .filling && state != .removing { page.collapse(itemID: itemID, time: now) }
        } else if leaves(listID, itemID) {
            page.collapse(itemID: itemID, time: now)
        } else {
            reload(listID)
        }
    }

    /// True when the stored item no longer belongs to list `listID` (unreadable: false, reported).
    func leaves(_ listID: String, _ itemID: String) -> Bool {
        guard let list = configuration.list(id: listID),
              let record = read("item \(itemID)", { () throws(StoreError) in try store.item(id: itemID) }) else { return false }
        return record.map { !list.query.matches($0) } ?? true
    }

    func log(_ action: String, _ item: String) { log.append((timeMs, action, item), keepingLast: Self.historyLimit) }

    func openDetail(_ itemID: String) {
        guard let listID = currentListID, let list = configuration.list(id: listID),
              let record = item(itemID) else { return }
        if configuration.sheet.detailAsSheet {
            presentActions(for: itemID, body: record.body.isEmpty ? record.subtitle : record.body)
            return
        }
        let detail = DetailPage(
            item: ListItem(record: record), actions: list.trailing.swipeActions + list.leading.swipeActions,
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
