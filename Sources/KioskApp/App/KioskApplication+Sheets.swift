// Sheets and toasts of the app: the action sheet (long press: every action reachable without a
// swipe), the Styles sheet, and Undo for deletions within the undo window, after which deleted
// items are purged from the store.
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

extension KioskApplication {
    /// The item's actions as a sheet, plus Cancel; with `body`, the item's text above them
    /// (the detail shown as a sheet, `[sheet] detail_as_sheet`).
    func presentActions(for itemID: ItemID, body: String? = nil) {
        guard let listID = currentListID, let list = configuration.list(id: listID),
              let record = item(itemID) else { return }
        let actions = actions(of: list)
        let rows: [AppSheetRow] = actions.map { .action($0.ref) } + [.cancel]
        let views = actions.map { ref, action in
            AppSheetRow.action(ref).view(title: action.title ?? action.id, icon: action.icon, destructive: action.style == .destructive)
        } + [AppSheetRow.cancel.view(title: "Cancel")]
        let sheet: AppSheet = body == nil ? .actions(itemID: itemID) : .detail(itemID: itemID)
        present(sheet, SheetContent(id: sheet.id, title: record.title, body: body, rows: views), rows: rows)
    }

    /// Shows `content` as `sheet`; `rows` say what its rows (in the same order) do.
    func present(_ sheet: AppSheet, _ content: SheetContent, rows: [AppSheetRow]) {
        presentedSheet = (sheet, rows)
        scene.present(content, configuration: configuration.sheet.swipeDown, time: now)
    }

    /// The row at position `index` of the sheet with id `sheetID` was tapped.
    func selected(row index: Int, inSheet sheetID: String) {
        guard let (sheet, rows) = presentedSheet, sheet.id == sheetID, rows.indices.contains(index) else {
            scene.dismissSheet(time: now)
            return
        }
        switch (sheet, rows[index]) {
        case (.styles, .setting(let setting)):
            styles.cycle(setting, list: stylesList)
            scene.navigationStyle = styles.navigation
            scene.updateSheet(styles.sheet(for: stylesList, listCount: configuration.lists.count))
        case (.styles, .list):
            showNextList()
            scene.updateSheet(styles.sheet(for: stylesList, listCount: configuration.lists.count))
        case (.actions(let itemID), .action(let action)), (.detail(let itemID), .action(let action)):
            scene.dismissSheet(time: now)
            perform(action, on: itemID)
        default:
            scene.dismissSheet(time: now)
        }
    }

    /// Makes the configured list after the current one the root page (its page is kept, so each
    /// list keeps its scroll position between visits).
    func showNextList() {
        let lists = configuration.lists
        guard lists.count > 1 else { return }
        let index = lists.firstIndex { $0.id == currentListID } ?? 0
        let next = lists[(index + 1) % lists.count]
        do {
            let page = try pages[next.id] ?? makePage(next)
            if pages[next.id] != nil { reload(next.id) }
            scene.setRoot(.list(page))
        } catch let error as StoreError {
            reportReadFailure("list \(next.id)", error)
        } catch {
            reportFailure("could not show list \(next.id): \(error)")
        }
    }

    /// The list whose configured values the Styles sheet shows: the current one.
    var stylesList: ListConfiguration {
        currentListID.flatMap { configuration.list(id: $0) } ?? configuration.lists.first ?? .inbox
    }

    /// Shows what `change` did, with Undo for exactly the undo window: the toast and its Undo go
    /// when the window closes (a delete is purged then: `nextTimer` wakes the loop for it). With
    /// a window of 0, or an action configured `undo = false`, no Undo is offered.
    func offerUndo(_ change: ItemChange, on itemID: ItemID, offered: Bool) {
        let window = Duration(seconds: configuration.data.undoWindow)
        if change == .delete || (offered && window > .zero) {
            undoable.offer(change, on: itemID, until: now + window, undoable: offered)
        }
        let message = change.message
        scene.show(offered && window > .zero
            ? ToastView(id: itemID.key, message: message, actionTitle: "Undo", shownAt: now, lifetime: window)
            : ToastView(id: itemID.key, message: message, shownAt: now, lifetime: Self.toastLifetime))
    }

    /// Takes back the last change offered for Undo on `itemID` (logged `undo-<change>`).
    func undo(_ itemID: ItemID) {
        // After the window an Undo does nothing, and a delete's entry stays for the purge.
        guard let change = undoable.take(itemID, at: now) else { return }
        let label = "undo-\(change.rawValue)"
        save(label, itemID: itemID) { [unowned self] () throws(StoreError) in
            _ = try store.apply(change.inverse, to: itemID, at: storeNow, detail: change == .delete ? nil : "undo")
        } landed: { [unowned self] in
            log(label, itemID)
            if let id = currentListID { refreshAfterOwnWrite(id) }
        }
    }

    /// Deletions whose undo window closed are purged from the store.
    func purgeExpiredDeletes() {
        let window = configuration.data.undoWindow
        let expired = undoable.expire(at: now, deletes: false)
        let earlier = earlierDeletePurge.map { now >= $0 } ?? false
        guard expired || earlier else { return }
        // The purge is the kiosk's own housekeeping, not a person's action: it runs on the file
        // now at the path (one renamed over the old since the last poll is followed first), and
        // waits while no file is open rather than failing visibly.
        followDatabaseFile()
        guard !storePoll.waitingForFile else { return }
        _ = undoable.expire(at: now, deletes: true)
        // Found again once this purge has landed (a purge that fails is not tried every tick).
        if earlier { earlierDeletePurge = nil }
        let cutoff = storeNow - StoreTime(window * 1000) + 1
        save("purge", itemID: nil) { [unowned self] () throws(StoreError) in
            _ = try store.purgeDeleted(before: cutoff, at: storeNow)
        } landed: { [unowned self] in
            if earlier { scheduleEarlierPurge() }
        }
    }

    /// Finds the oldest delete the kiosk made and has not purged, from before this run too (an
    /// app restarted inside an undo window), and has the purge run when its window ends.
    func scheduleEarlierPurge() {
        let oldest = read("deleted items", { () throws(StoreError) in try store.oldestKioskDeletion() }) ?? nil
        // In Double, and at most one undo window away: `deleted_at` is whatever another program
        // wrote (a time far in the future, or Int64.min, must neither trap nor put it off for ever).
        let window = configuration.data.undoWindow
        earlierDeletePurge = oldest.map { now + Duration(seconds: min(window, max(0, (Double($0) - Double(storeNow)) / 1000 + window))) }
    }
}

extension KioskApplication {
    /// Starts an action's command (CommandRunner: placeholders, caps); its outcome appears as a
    /// toast at the next tick. Placeholders get the stored values, not the row's text (cut for
    /// the screen): a value longer than ActionCommand.maximumValueBytes is refused, never cut.
    func runCommand(_ command: ActionCommand, itemID: ItemID, action: ActionRef) {
        let stored = read("item \(itemID)", { () throws(StoreError) in
            try store.storedText(of: itemID, maximumBytes: ActionCommand.maximumValueBytes)
        }) ?? nil
        commands.start(command, action: action, itemID: itemID.key, file: store.fileGeneration) { field in
            guard let stored else { return field == .id ? itemID.key : "" }
            switch field {
            case .id: return itemID.key
            case .title: return stored.title
            case .subtitle: return stored.subtitle
            case .list: return stored.listID
            }
        }
    }

    /// The app stops (SIGTERM, the end of a replay): commands still running are logged as
    /// stopped with it, before the store closes.
    public func stopCommands() {
        commands.stopAll()
        showCommandResults()
    }

    /// Turns command outcomes into toasts and log entries (called every tick).
    func showCommandResults() {
        for result in commands.take() {
            let message = result.outcome.message(actionID: result.actionID)
            let outcome = result.outcome.logEntry(actionID: result.actionID)
            // The outcome is an action-log row like the start was, so the database's log says it too.
            let itemID = ItemID(key: result.itemID)
            scene.show(ToastView(id: "command:" + result.actionID, message: message, shownAt: now, lifetime: .seconds(3)))
            guard result.file == store.fileGeneration else {
                // Started on a file that left the path: its item is not the new file's item.
                reportFailure("\(outcome) of item \(itemID.map { "\($0)" } ?? result.itemID) not logged: the database file changed since it started")
                continue
            }
            save(outcome, itemID: itemID) { [unowned self] () throws(StoreError) in
                try store.log(action: outcome, itemID: itemID, listID: currentListID, detail: message, at: storeNow)
            } landed: { [unowned self] in
                log(outcome, itemID)
            }
        }
    }
}
