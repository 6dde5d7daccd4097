// Keeping the lists in step with the store when another process writes it: rows whose items
// left collapse before the list reloads, and after the reload the difference between the
// visible rows before and after (ListDiff: matched by id, versions by `updated_at`) says
// which rows grow in and which flash.
import KioskConfig
import KioskStore

extension KioskApplication {
    /// Brings a list in step with changes another process made: visible rows whose items left
    /// collapse first (the reload follows when they are gone); otherwise the list reloads at
    /// once and rows that appeared grow in while rows that changed flash.
    /// `read`: the list's sections as the section reader found them (read here when nil).
    func syncWithStore(_ listID: String, read: SectionReader.Sections? = nil) {
        guard let page = pages[listID] else { return }
        let before = page.visibleVersions(at: now).map { ListDiff.Entry(id: $0.id, updatedAt: $0.version) }
        // Unreadable rows (reported) stay as they are.
        let leaving = before.map(\.id).filter { key in ItemID(key: key).map { leaves(listID, $0) } ?? false }
        if !leaving.isEmpty {
            for id in leaving { page.collapse(itemID: id, time: now) }
            return
        }
        reload(listID, read: read)
        let after = page.visibleVersions(at: now).map { ListDiff.Entry(id: $0.id, updatedAt: $0.version) }
        let diff = ListDiff(old: before, new: after)
        // A row scrolled into view by a change above it is not new: only items written since
        // the last sync grow in.
        let inserted = diff.insertions.map { after[$0] }.filter { $0.updatedAt > lastSync }.map(\.id)
        page.animateChanges(inserted: inserted, updated: diff.updates.map { after[$0].id }, time: now)
        lastSync = storeNow
    }

    /// The list's items as the UI reads them (over `read` when the section reader read them);
    /// a page that cannot be read later is reported.
    func dataSource(_ list: ListConfiguration, read: SectionReader.Sections? = nil) throws(StoreError) -> StoreDataSource {
        try StoreDataSource(store: store, query: list.query, read: read) { [unowned self] in
            reportReadFailure("list \(list.id)", $0)
        }
    }

    /// After another program's write: every list on screen is brought in step, its sections read
    /// by the section reader off the loop (replay waits for it), and the lists page's counts.
    func refreshAfterOutsideChange() {
        guard sectionReader != nil else { return pages.keys.forEach { syncWithStore($0) } }
        var wanted = listsPageCounts
        for id in pages.keys {
            if let list = configuration.list(id: id) { wanted[id] = request(list, .sync) }
        }
        requestSections(wanted)
    }

    /// After the app's own write to `listID` (an action, Undo, a write given up): the list is
    /// re-read by the section reader off the loop and reloads when its sections come back, and
    /// so do the lists page's counts. Until then the list keeps its data whole: a row the change
    /// took out has collapsed and stays out (`RowMarks.isRemoved`), a flag or read shows a frame or
    /// two later. Without a reader (a private in-memory store) both are read here.
    func refreshAfterOwnWrite(_ listID: String) {
        guard sectionReader != nil, let list = configuration.list(id: listID) else {
            reload(listID)
            if pages[Self.listsPageID] != nil { reloadListsPage() }
            return
        }
        var wanted = listsPageCounts
        wanted[listID] = request(list, .reload)
        requestSections(wanted)
    }

    /// What the section reader is asked for `list`: its page's metrics with it, so that the
    /// reader lays the sections out for the page.
    private func request(_ list: ListConfiguration, _ use: SectionReader.Use) -> SectionReader.Request {
        SectionReader.Request(query: list.query, use: use, metrics: pages[list.id]?.sectionMetrics)
    }

    /// Every configured list's query for its count, when the lists page shows them.
    private var listsPageCounts: [String: SectionReader.Request] {
        guard pages[Self.listsPageID] != nil else { return [:] }
        var wanted: [String: SectionReader.Request] = [:]
        for list in configuration.lists { wanted[list.id] = SectionReader.Request(query: list.query, use: .count, metrics: nil) }
        return wanted
    }

    /// Hands `wanted` to the section reader; on replay's virtual clock waits for it and swaps
    /// the sections in at once, so a script gives the same pixels every run.
    private func requestSections(_ wanted: [String: SectionReader.Request]) {
        guard let reader = sectionReader else { return }
        reader.request(wanted, path: store.path, generation: store.fileGeneration)
        if case .virtual = storeClock {
            reader.waitUntilRead()
            collectSections()
        }
    }

    /// Brings in what the section reader finished; a list it could not read is read here, which
    /// reports why.
    func collectSections() {
        var counts: [String: Int] = [:]
        let outcomes = (sectionReader?.collect() ?? []).filter { $0.generation == store.fileGeneration }
        for outcome in outcomes {
            let sections = try? outcome.sections.get()
            // A list the reader could not read is counted here (and the failure reported).
            if let sections { counts[outcome.listID] = sections.items.reduce(0) { $0 + $1.count } } else { listCounts[outcome.listID] = nil }
            guard pages[outcome.listID] != nil else { continue }
            switch outcome.use {
            case .sync: syncWithStore(outcome.listID, read: sections)
            case .reload: reload(outcome.listID, read: sections)
            case .count: break
            }
        }
        if !outcomes.isEmpty, pages[Self.listsPageID] != nil { reloadListsPage(counts: counts) }
    }

    /// Re-reads a list (or the lists page's counts) from the store (after a change by us or by another process).
    /// `read`: the list's sections as the section reader found them (read here when nil).
    func reload(_ listID: String, read sections: SectionReader.Sections? = nil) {
        if listID == Self.listsPageID { return reloadListsPage() }
        // Read here: sections the reader was asked for earlier are older than these.
        if sections == nil { sectionReader?.supersede(listID) }
        guard let page = pages[listID], let list = configuration.list(id: listID),
              let data = read("list \(listID)", { () throws(StoreError) in try dataSource(list, read: sections) }) else { return }
        page.setData(data, layout: sections?.layout, time: now)
        listCounts[listID] = data.count
        page.restoreReturned(except: writes.itemKeys, time: now)
        scene.needsRender = true
    }
}
