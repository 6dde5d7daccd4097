// `--list ID` on the commands that preview the app (replay, screenshot): a kiosk with several
// lists starts on the first, and a preview of the second one was impossible without swiping
// through the Styles sheet (issue 27). The named list becomes the first, as if configured so, and
// is shown itself (with `[ui] lists_page` it is otherwise one row of the lists page).
import ArgumentParser
import KioskConfig
import KioskFiles

public struct ListOption: ParsableArguments {
    public init() {}

    @Option(help: "Start on this configured list (a [[lists]] id) instead of the first.")
    public var list: String?

    /// `configuration` with the --list list first; exit 64 naming the configured lists when it
    /// has no such list.
    public func applied(to configuration: KioskConfiguration) throws -> KioskConfiguration {
        guard let list else { return configuration }
        guard let index = configuration.lists.firstIndex(where: { $0.id == list }) else {
            let known = configuration.lists.map { "\"\($0.id)\"" }.joined(separator: ", ")
            printError("--list \(list.shown(atMost: 80)): the configuration has no such list; its lists are \(known)")
            throw ExitCode.usage
        }
        var result = configuration
        result.lists.insert(result.lists.remove(at: index), at: 0)
        result.ui.listsPage = false  // the list itself, not the lists page with it on top
        return result
    }
}
