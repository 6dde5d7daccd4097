// `check-config` warns when `[accessibility] timeout_warning` is set but the kiosk has no idle
// reset to warn of (`[idle] reset_after_s` and `blank_after_s` unset): the file's author asked
// for an accessibility feature that would otherwise do nothing, silently. (A warning as long as
// the idle time is an error of the configuration itself.)
import KioskConfig

extension CheckConfigCommand {
    static func timeoutWarningWarnings(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        guard let lead = configuration.accessibility.timeoutWarning, lead > 0, configuration.idle.resetAfterSeconds == nil else { return [] }
        let path = ConfigPath().appending("accessibility").appending("timeout_warning")
        return [ConfigDiagnostic(file: file, position: ConfigSourceMap(source: source).valuePosition(path),
                                 message: "warning: \(path) is never shown: the kiosk has no idle reset to warn of "
                                     + "(set [idle] reset_after_s or blank_after_s)")]
    }
}
