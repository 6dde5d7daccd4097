// `check-config` refuses an action icon the shipped icon font has no name for: the button would be
// drawn with no icon at all (a clear circular button with nothing in it), which a person sees
// only on the kiosk. The names are those of `IconFont.codepoints`.
import Canvas
import KioskConfig
import KioskFiles

extension CheckConfigCommand {
    /// One diagnostic per action whose `icon` is not a known name, in list and side order.
    static func iconProblems(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        let map = ConfigSourceMap(source: source)
        var problems: [ConfigDiagnostic] = []
        for (index, list) in configuration.lists.enumerated() {
            for (name, side) in [("leading", list.leading), ("trailing", list.trailing)] {
                for (a, action) in side.actions.enumerated() {
                    guard let icon = action.action.icon, IconFont.codepoints[icon] == nil else { continue }
                    let path = ConfigPath().appending("lists").appending(index: index).appending(name)
                        .appending("actions").appending(index: a).appending("icon")
                    problems.append(ConfigDiagnostic(
                        file: file, position: map.valuePosition(path),
                        message: "\(path): unknown icon \"\(icon.shown(atMost: 40))\"; known: "
                            + IconFont.codepoints.keys.sorted().joined(separator: ", ")))
                }
            }
        }
        return problems
    }
}
