// A page showing one list: virtualised rows (only the visible ones are laid out or drawn) in
// sections under headers, kinetic scrolling, and swipe actions through the swipe core's row
// group. Touches come in as SwipeCore.TouchEvent; effects go out as UIEffect.
import Canvas
import SwipeCore

/// One list screen.
public final class ListPage {
    public let id: String
    public var title: String
    public private(set) var data: ListDataSource
    public var frame: Rect {
        didSet { scroll.setContent(height: contentHeight, viewport: frame.height) }
    }
    public let direction: LayoutDirection
    /// Whether titled sections get a header (off: the rows of every section follow each other).
    public let sectionHeaders: Bool
    /// Where the headers of the current data sit.
    var sections: SectionIndex
    let theme: Theme
    let renderer: RowRenderer
    var group: SwipeRowGroup
    var scroll: ScrollState
    var scrollSlot: Int?
    var effects: [UIEffect] = []
    /// Rows that left (waiting for the data source to drop their items), collapse, grow in or flash.
    var marks = RowMarks()
    /// The time of the latest input or tick, for queries that take no time.
    var lastTime = Instant.zero
    /// The keyboard-focused item's id, drawn as a ring on its row. Nil (nothing drawn) until an
    /// arrow key is used, and again after a touch or the idle reset; it follows the item, not a
    /// row index, when the list changes (ListPage+Input.swift).
    public internal(set) var focus: String?
    /// The swipe configuration of an item (the list's actions with live style overrides).
    let configuration: (ListItem) -> SwipeRowConfiguration
    /// The layout of the frame being drawn, while it is drawn (`drawingFrame`).
    var frameLayout: (time: Instant, layout: Layout)?
    /// Whether `render` draws the scroll indicator: off while a frame moved by scrolling draws
    /// what came in, the indicator then going over it alone (KioskScene+ScrollMove.swift).
    var drawsIndicator = true

    public init(
        id: String, title: String, data: ListDataSource, frame: Rect, theme: Theme, text: TextCache,
        direction: LayoutDirection, sectionHeaders: Bool, swipe: @escaping (ListItem) -> SwipeRowConfiguration
    ) {
        self.id = id
        self.title = title
        self.data = data
        self.frame = frame
        self.theme = theme
        self.direction = direction
        self.sectionHeaders = sectionHeaders
        sections = SectionLayout(sections: data.sections, rowCount: data.count,
                                 metrics: Self.sectionMetrics(theme: theme, headers: sectionHeaders)).index
        configuration = swipe
        renderer = RowRenderer(theme: theme, text: text)
        scroll = ScrollState(viewport: frame.height, scale: theme.metrics.scale)
        let lookup = ItemLookup()
        // The configured lengths are points; the rows are laid out in pixels.
        let scale = theme.metrics.scale
        group = SwipeRowGroup(
            thresholds: .scaled(scale), direction: direction, measurer: SwipeMeasurer(theme: theme, text: text)
        ) { id in swipe(lookup.item(id) ?? ListItem(id: id, title: "")).scaled(by: scale) }
        self.lookup = lookup
        reloadLookup()
        scroll.setContent(height: contentHeight, viewport: frame.height)
    }

    /// Lets the row group's configuration closure find items by id without holding the page.
    final class ItemLookup {
        var find: (String) -> ListItem? = { _ in nil }
        func item(_ id: String) -> ListItem? { find(id) }
    }
    let lookup: ItemLookup

    private func reloadLookup() {
        lookup.find = { [weak self] id in
            guard let self else { return nil }
            return self.index(of: id).map { self.data.item(at: $0) }
        }
    }

    public var rowHeight: Double { theme.metrics.rowHeight }

    public var contentHeight: Double { sections.contentHeight }

    /// What this page's section layout depends on besides the sections, for a worker that lays
    /// them out ahead of `setData` (`SectionLayout`).
    public var sectionMetrics: SectionLayout.Metrics { Self.sectionMetrics(theme: theme, headers: sectionHeaders) }

    static func sectionMetrics(theme: Theme, headers: Bool) -> SectionLayout.Metrics {
        SectionLayout.Metrics(rowHeight: theme.metrics.rowHeight, headerHeight: theme.metrics.sectionHeaderHeight, headers: headers)
    }

    /// Collapses an item's row over 0.3 s (its deletion is already committed), then reports
    /// `rowRemoved`. Rows a full swipe is removing collapse by themselves.
    public func collapse(itemID: String, time: Instant) {
        let state = group.snapshot(row: itemID, at: time).state
        guard state != .removing, state != .removed else { return }
        marks.startCollapse(itemID, at: time)
    }

    /// Brings back the row of an item whose removal was not saved (a delete that failed after
    /// its row slid off or collapsed): it grows in where it was, as an inserted row does.
    public func restore(itemID: String, time: Instant) {
        marks.restore(itemID, at: time)
    }

    /// Rows that left (collapsing or collapsed, slid off) whose items are in the list again (an
    /// Undo during the collapse, another program putting the item back) grow back in; `except`
    /// names items whose removal is still being written.
    public func restoreReturned(except pending: Set<String>, time: Instant) {
        for id in marks.leaving where !pending.contains(id) && contains(id) {
            restore(itemID: id, time: time)
        }
    }

    /// Replaces the items (the app reloads after a data change); collapsed rows that left are
    /// forgotten, and so are growths and tints that have ended. `layout`: the new data's sections
    /// laid out by a worker (the same sections and count, this page's metrics); otherwise they
    /// are laid out here.
    public func setData(_ newData: ListDataSource, layout: SectionLayout? = nil, time: Instant) {
        let focusedRow = focus.flatMap { index(of: $0) }
        data = newData
        if let layout, layout.metrics == sectionMetrics, layout.index.rowCount == newData.count {
            sections = layout.index
        } else {
            sections = SectionLayout(sections: newData.sections, rowCount: newData.count, metrics: sectionMetrics).index
        }
        marks.dataReplaced(holding: contains, at: time)
        reloadLookup()
        scroll.setContent(height: contentHeight, viewport: frame.height)
        keepFocus(wasAt: focusedRow)
    }

    /// Whether the list holds the item `id`. Asked of the data source first: an item that left
    /// (a deleted row's, after the reload) is in no row, and looking for it row by row walks
    /// the whole list (100,000 items: every page of the store read on the loop, ~0.4 s).
    public func contains(_ id: String) -> Bool { data.contains(id: id) ?? (index(of: id) != nil) }

    /// Index of an item by id: the rows around the viewport first, then the rest.
    public func index(of id: String) -> Int? {
        let near = visibleRange(at: lastTime, margin: 64)
        for i in near where data.item(at: i).id == id { return i }
        for i in 0..<data.count where !near.contains(i) && data.item(at: i).id == id { return i }
        return nil
    }

    /// Takes the effects emitted since the last call.
    public func takeEffects() -> [UIEffect] {
        for (row, effect) in group.takeEffects() { translate(effect, row: row) }
        defer { effects.removeAll() }
        return effects
    }

    func translate(_ effect: SwipeEffect, row: String) {
        switch effect {
        case .haptic(let h): effects.append(.haptic(h))
        case .invokeAction(let action, let side): effects.append(.action(itemID: row, action: actionRef(action, side)))
        case .delete(let action, let side): effects.append(.delete(itemID: row, action: actionRef(action, side)))
        case .removed:
            marks.markRemoved(row)
            effects.append(.rowRemoved(itemID: row))
        }
    }
}

extension ListPage {
    /// The swipe state of an item's row (idle when it has no active controller).
    public func swipeState(of itemID: String, at time: Instant) -> SwipeRowState {
        group.snapshot(row: itemID, at: time).state
    }
}

extension ListPage {
    /// Animates rows changed by someone else: `inserted` rows grow in, `updated` rows flash.
    public func animateChanges(inserted: [String], updated: [String], time: Instant) {
        for id in inserted { marks.arrive(id, at: time) }
        for id in updated { marks.flash(id, at: time) }
    }

    /// The ids and versions of the rows on screen, top to bottom.
    public func visibleVersions(at time: Instant) -> [(id: String, version: Int64)] {
        layoutRows(at: time).map { ($0.item.id, $0.item.version) }
    }
}

extension ListPage {
    /// The configured action `actionID` shown on a row's physical `side`, as the app knows it.
    func actionRef(_ actionID: String, _ side: SwipeSide) -> ActionRef {
        ActionRef(list: id, edge: direction.edge(for: side), id: actionID)
    }
}
