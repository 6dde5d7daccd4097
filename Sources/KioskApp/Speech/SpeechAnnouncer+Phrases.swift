// The words: what the announcer says for a page, a focused row, a sheet and its rows, and a
// toast. Sentences end in a full stop (unless they end in their own punctuation), so espeak-ng
// pauses between them; numbers and flags are said after the text they qualify, as VoiceOver
// does ("Tom Becker. Lunch on Thursday? Unread. 2 of 12. Actions: Flag, Delete, More.").
// Each sentence is a piece of its own (SpokenText): it is said in the voice of its script.
import KioskUI

extension SpeechAnnouncer {
    /// What to say going from `old` to `new` (nil `old`: everything is new). `toastSaid`: a
    /// toast is said with it (a sheet's row chose a delete: "Deleted. Undo available." is the
    /// news, not the row under the closed sheet, which is about to go).
    static func changes(from old: AccessibleFocus?, to new: AccessibleFocus, byKey: Bool, toastSaid: Bool) -> SpokenText {
        if let sheet = new.sheet {
            if sheet.id != old?.sheet?.id {
                return phrase(sheet) + (new.sheetRow.map { phrase($0, in: sheet) } ?? SpokenText())
            }
            if let row = new.sheetRow, row != old?.sheetRow { return phrase(row, in: sheet) }
            return SpokenText()
        }
        if let page = new.page, page.id != old?.page?.id {
            return phrase(page) + (new.row.map(phrase) ?? SpokenText())
        }
        // Moved by a key, or back from a sheet: where the focus is.
        if byKey, let row = new.row, row != old?.row || (old?.sheet != nil && !toastSaid) { return phrase(row) }
        return SpokenText()
    }

    static func phrase(_ page: AccessibleFocus.Page) -> SpokenText {
        guard let item = page.item else { return sentences([page.title]) }
        return sentences([item.title, item.subtitle], of: item) + picture(of: item) + sentences([item.body], of: item)
    }

    static func phrase(_ row: AccessibleFocus.Row) -> SpokenText {
        var parts = sentences([row.item.title, row.item.subtitle], of: row.item) + picture(of: row.item)
        var words: [String] = []
        if let badge = row.item.badgeLabel { words.append("Badge \(badge)") }
        if row.item.unread { words.append("Unread") }
        if row.item.flagged { words.append("Flagged") }
        if row.item.pinned { words.append("Pinned") }
        words.append("\(row.position) of \(row.count)")
        parts += sentences(words)
        if !row.actions.isEmpty { parts += sentences(["Actions:", row.actions.joined(separator: ", ")]) }
        return parts
    }

    /// "Picture: a red bicycle by a canal." for an item with a picture and its description,
    /// "Picture." without one (nothing without a picture): what the thumbnail shows is said.
    static func picture(of item: ListItem) -> SpokenText {
        guard item.image != nil else { return SpokenText() }
        let description = sentences([item.imageAlt ?? ""], of: item)
        return description.isEmpty ? "Picture." : "Picture:" + description
    }

    static func phrase(_ sheet: AccessibleFocus.Sheet) -> SpokenText {
        sentences([sheet.title, sheet.body ?? ""])
    }

    static func phrase(_ row: AccessibleFocus.SheetRow, in sheet: AccessibleFocus.Sheet) -> SpokenText {
        let label = row.row.detail.map { "\(row.row.title), \($0)" } ?? row.row.title
        return sentences([label, "\(row.position) of \(sheet.rowCount)"])
    }

    /// "Deleted. Undo available." for a toast with a button.
    static func phrase(_ toast: ToastView) -> SpokenText {
        sentences([toast.message] + (toast.actionTitle.map { ["\($0) available"] } ?? []))
    }

    /// Each text a sentence, a piece of its own; texts with nothing to say are left out.
    /// "Actions:" and "Picture:" stay as they are: what they introduce follows.
    static func sentences(_ texts: [String]) -> SpokenText {
        SpokenText(texts.map(sentence))
    }

    /// The texts of `item` as sentences, all in the voice of the item's script (SpokenText).
    static func sentences(_ texts: [String], of item: ListItem) -> SpokenText {
        SpokenText(texts.map(sentence), voiceFrom: [item.title, item.subtitle, item.imageAlt ?? "", item.body])
    }

    /// `text` ending in punctuation, so the synthesiser pauses after it; "" for a text with
    /// nothing to say (empty, or only spaces and control characters, which are not said).
    static func sentence(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }) else {
            return ""
        }
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
