// `[ui] lists_page = true`: the root page lists the configured lists, as the mailboxes of iOS
// Mail do (issue 27: a person could reach a kiosk's second list only through the Styles sheet,
// which a production panel hides). Tapping a list pushes its page; swiping back or the idle
// reset returns. Each list's page is kept, so it keeps its scroll position between visits.
// The lists page is an ordinary list page whose rows are the lists: its id is the empty string,
// which no configured list may have, and its rows are rebuilt from the store's counts whenever
// the lists are re-read.
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

extension KioskApplication {
    /// The lists page's page id (configured list ids are never empty).
    static let listsPageID = ""

    /// The lists page, registered in `pages` like the list pages.
    func makeListsPage() -> ListPage {
        let page = ListPage(
            id: Self.listsPageID, title: configuration.ui.listsTitle, data: ArrayDataSource(listRows()),
            frame: scene.contentFrame, theme: theme, text: text,
            direction: configuration.direction.resolved(title: configuration.ui.listsTitle), sectionHeaders: false
        ) { _ in SwipeRowConfiguration() }
        pages[Self.listsPageID] = page
        return page
    }

    /// One row per configured list: its title and how many items it shows (`counts`, else counted
    /// now); a list that cannot be read says so (reported) and still opens. The counts shown are
    /// kept in `listCounts`.
    func listRows(counts: [String: Int] = [:]) -> [ListItem] {
        configuration.lists.map { list in
            let count = counts[list.id] ?? read("list \(list.id)", { () throws(StoreError) in try store.count(list.query) })
            listCounts[list.id] = count
            let subtitle = count.map { $0 == 1 ? "1 item" : "\($0) items" } ?? "cannot be read"
            return ListItem(id: list.id, title: list.title, subtitle: subtitle, version: Int64(count ?? -1))
        }
    }

    /// Rebuilds the lists page's rows. `counts`: those the section reader read, off the loop; a
    /// list it did not read this time (its sections were dropped as older) keeps the count it was
    /// last shown with or its page last read (`listCounts`), and only a list with neither is
    /// counted here. Without `counts`, every list is counted here (another file is open).
    func reloadListsPage(counts: [String: Int]? = nil) {
        let known = counts.map { listCounts.merging($0) { $1 } } ?? [:]
        pages[Self.listsPageID]?.setData(ArrayDataSource(listRows(counts: known)), time: now)
        scene.needsRender = true
    }

    /// Whether the page on top is the lists page (a tap on a row opens a list, not an item).
    var listsPageOnTop: Bool {
        if case .list(let page)? = scene.stack.last { return page.id == Self.listsPageID }
        return false
    }

    /// Pushes the page of the configured list `id` (kept from an earlier visit, re-read).
    func openList(_ id: String) {
        guard let list = configuration.list(id: id) else { return }
        do {
            if pages[id] != nil { reload(id) }
            scene.push(.list(try pages[id] ?? makePage(list)), time: now)
        } catch let error as StoreError {
            reportReadFailure("list \(id)", error)
        } catch {
            reportFailure("could not show list \(id): \(error)")
        }
    }
}
