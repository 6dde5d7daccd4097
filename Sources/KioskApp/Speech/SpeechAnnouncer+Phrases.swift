// The words: what the announcer says for a page, a focused row, a sheet and its rows, and a
// toast. Sentences end in a full stop (unless they end in their own punctuation), so espeak-ng
// pauses between them; numbers and flags are said after the text they qualify, as VoiceOver
// does ("Tom Becker. Lunch on Thursday? Unread. 2 of 12. Actions: Flag, Delete, More.").
import KioskUI

extension SpeechAnnouncer {
    /// What to say going from `old` to `new` (nil `old`: everything is new). `toastSaid`: a
    /// toast is said with it (a sheet's row chose a delete: "Deleted. Undo available." is the
    /// news, not the row under the closed sheet, which is about to go).
    static func changes(from old: AccessibleFocus?, to new: AccessibleFocus, byKey: Bool, toastSaid: Bool) -> [String] {
        if let sheet = new.sheet {
            if sheet.id != old?.sheet?.id {
                return [phrase(sheet)] + (new.sheetRow.map { [phrase($0, in: sheet)] } ?? [])
            }
            if let row = new.sheetRow, row != old?.sheetRow { return [phrase(row, in: sheet)] }
            return []
        }
        if let page = new.page, page.id != old?.page?.id {
            return [phrase(page)] + (new.row.map { [phrase($0)] } ?? [])
        }
        // Moved by a key, or back from a sheet: where the focus is.
        if byKey, let row = new.row, row != old?.row || (old?.sheet != nil && !toastSaid) { return [phrase(row)] }
        return []
    }

    static func phrase(_ page: AccessibleFocus.Page) -> String {
        guard let item = page.item else { return sentence(page.title) }
        return [item.title, item.subtitle, item.body].filter { !$0.isEmpty }.map(sentence).joined(separator: " ")
    }

    static func phrase(_ row: AccessibleFocus.Row) -> String {
        var parts = [row.item.title, row.item.subtitle].filter { !$0.isEmpty }
        if let badge = row.item.badgeLabel { parts.append("Badge \(badge)") }
        if row.item.unread { parts.append("Unread") }
        if row.item.flagged { parts.append("Flagged") }
        if row.item.pinned { parts.append("Pinned") }
        parts.append("\(row.position) of \(row.count)")
        if !row.actions.isEmpty { parts.append("Actions: " + row.actions.joined(separator: ", ")) }
        return parts.map(sentence).joined(separator: " ")
    }

    static func phrase(_ sheet: AccessibleFocus.Sheet) -> String {
        [sheet.title, sheet.body ?? ""].filter { !$0.isEmpty }.map(sentence).joined(separator: " ")
    }

    static func phrase(_ row: AccessibleFocus.SheetRow, in sheet: AccessibleFocus.Sheet) -> String {
        let label = row.row.detail.map { "\(row.row.title), \($0)" } ?? row.row.title
        return sentence(label) + " " + sentence("\(row.position) of \(sheet.rowCount)")
    }

    /// "Deleted. Undo available." for a toast with a button.
    static func phrase(_ toast: ToastView) -> String {
        sentence(toast.message) + (toast.actionTitle.map { " " + sentence("\($0) available") } ?? "")
    }

    /// `text` ending in punctuation, so the synthesiser pauses after it.
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingTrailingSpaces
        guard let last = trimmed.last else { return "" }
        return ".?!…:;".contains(last) ? trimmed : trimmed + "."
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
