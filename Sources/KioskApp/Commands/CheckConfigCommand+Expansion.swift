// `check-config` warns about a destructive full swipe (`destructive`, `destructiveAfterFill`) on a
// side whose expanding action keeps the item (flag, read, sheet, detail, command): the app runs
// it as a fill that comes back instead (ListSideConfiguration.fitted), which is probably not what
// the file's author expected. A warning, not an error: the configuration still loads.
import KioskConfig

extension CheckConfigCommand {
    /// One `file:line:column: warning: …` per such side, in list order.
    static func expansionWarnings(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        let map = ConfigSourceMap(source: source)
        var warnings: [ConfigDiagnostic] = []
        for (index, list) in configuration.lists.enumerated() {
            for (name, side) in [("leading", list.leading), ("trailing", list.trailing)]
            where side.removesRowWithoutRemovingItem(side.options) {
                let path = ConfigPath().appending("lists").appending(index: index).appending(name).appending("expansion")
                let effect = side.actions.first?.effect.rawValue ?? "none"
                warnings.append(ConfigDiagnostic(
                    file: file, position: map.valuePosition(path),
                    message: "warning: \(path): a destructive expansion on action \"\(side.actions.first?.id ?? "")\""
                        + " (effect \(effect)) does not remove the item; the row comes back after the full swipe"))
            }
        }
        return warnings
    }
}
