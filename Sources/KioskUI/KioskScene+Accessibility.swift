// What a screen reader needs from the scene (issue 25): which page is up, which row has the
// keyboard focus and where it is in its list, which sheet is up and which of its rows is
// focused. KioskUI only says what is there; the app compares it between inputs and decides
// what to say (KioskApp's SpeechAnnouncer), so the words are product decisions, not widgets'.
import SwipeCore

/// The part of the scene speech describes, as a value that changes when something worth saying does.
public struct AccessibleFocus: Hashable, Sendable {
    public struct Page: Hashable, Sendable {
        public let id: String
        public let title: String
        /// The item a detail page shows (nil: a list page).
        public let item: ListItem?
    }

    public struct Row: Hashable, Sendable {
        public let item: ListItem
        /// 1-based position in the list, and the list's length.
        public let position: Int
        public let count: Int
        /// The row's swipe actions by title (trailing first, as the actions sheet lists them).
        public let actions: [String]
    }

    public struct Sheet: Hashable, Sendable {
        public let id: String
        public let title: String
        public let body: String?
        public let rowCount: Int
    }

    public struct SheetRow: Hashable, Sendable {
        public let row: KioskUI.SheetRow
        /// 1-based position among the sheet's rows.
        public let position: Int
    }

    public let page: Page?
    public let row: Row?
    public let sheet: Sheet?
    public let sheetRow: SheetRow?
}

extension KioskScene {
    /// What is up and focused now (a sheet dismissing is gone already: it takes no keys).
    public var accessibleFocus: AccessibleFocus {
        let page = top.map { page -> AccessibleFocus.Page in
            if case .detail(let detail) = page { return .init(id: page.id, title: page.title, item: detail.item) }
            return .init(id: page.id, title: page.title, item: nil)
        }
        var row: AccessibleFocus.Row?
        if case .list(let list) = top, let index = list.focusedRow {
            let item = list.data.item(at: index)
            let config = list.configuration(item)
            row = .init(item: item, position: index + 1, count: list.data.count,
                        actions: (config.trailing + config.leading).map { $0.title ?? $0.id })
        }
        let presented = presentedSheet
        return AccessibleFocus(
            page: page, row: row,
            sheet: presented.map { .init(id: $0.id, title: $0.content.title, body: $0.content.body, rowCount: $0.content.rows.count) },
            sheetRow: presented.flatMap { s in s.focus.map { .init(row: s.content.rows[$0], position: $0 + 1) } })
    }
}
