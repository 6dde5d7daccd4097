// Where a configured list meets the store: the configuration knows nothing of SQLite and the
// store nothing of TOML, so the app turns a list's source and filter into the store's query.
import KioskConfig
import KioskStore

extension ListConfiguration {
    /// The query the data store runs for this list.
    var query: ItemQuery {
        ItemQuery(listID: filter.source ?? id, archived: filter.archived, flagged: filter.flagged, unread: filter.unread)
    }
}
