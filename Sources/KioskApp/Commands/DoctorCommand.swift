// `swipe-kiosk doctor`: on the device, everything the service needs, checked for the SERVICE
// user rather than the caller (ServiceUser): the user itself, the configuration (check-config),
// the fonts, the database file and its directory, the DRM cards and the input devices, and the
// unit's state when systemctl exists. Each problem is printed with the command that fixes it.
// Exit 0 when all is fine; for a database the app would refuse, the exit code the app's start
// would end with (the store's checks themselves: ItemStore.check); 65 for a configuration or
// data problem, else 69 for a missing or inaccessible device. It runs without a DRM card (a
// build machine, a VM), reporting that.
import ArgumentParser
import KioskConfig
import KioskHardware

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the device for the service: user, configuration, fonts, database, display, input, unit.")

    @OptionGroup var options: AppOptions

    @Option(help: "The user the service runs as.")
    var user = "swipe-kiosk"

    @Option(help: "The systemd unit to ask about.")
    var unit = "swipe-kiosk.service"

    /// One line of the report.
    struct Finding {
        /// `data` problems exit 65, `device` problems 69, a database the app would refuse the
        /// app's own exit code for it (`ExitCode(store:)`); all print as FAIL.
        enum Severity: Equatable { case ok, info, data, device, store(ExitCode) }
        var severity: Severity
        var subject: String
        var message: String
        var fix: String?
    }

    func run() throws {
        var findings: [Finding] = []
        let service = ServiceUser.named(user)
        if let service {
            findings.append(Finding(severity: .ok, subject: "user", message: "\(user) (uid \(service.uid); groups \(service.groupNames.joined(separator: ", ")))"))
        } else {
            findings.append(Finding(severity: .data, subject: "user", message: "there is no user \(user)",
                                    fix: "sudo systemd-sysusers   # with the package's /usr/lib/sysusers.d/swipe-kiosk.conf"))
        }
        let configuration = checkConfiguration(into: &findings)
        if let configuration {
            findings += checkFonts(configuration)
            findings += checkSpeech(configuration)
            findings += checkDatabase(options.database ?? configuration.data.database, for: service)
        }
        findings += checkDevices(for: service)
        findings += checkUnit()
        for finding in findings {
            let label = switch finding.severity { case .ok: "ok  "; case .info: "info"; case .data, .device, .store: "FAIL" }
            print("\(label)  \(finding.subject): \(finding.message)")
            if let fix = finding.fix { print("      fix: \(fix)") }
        }
        for case .store(let code) in findings.map(\.severity) { throw code }
        if findings.contains(where: { $0.severity == .data }) { throw ExitCode.badData }
        if findings.contains(where: { $0.severity == .device }) { throw ExitCode.unavailable }
    }

    /// check-config on --config (built-in defaults without one).
    private func checkConfiguration(into findings: inout [Finding]) -> KioskConfiguration? {
        guard let file = options.config else {
            findings.append(Finding(severity: .info, subject: "configuration", message: "none given: built-in defaults (the service reads --config /etc/swipe-kiosk/config.toml)"))
            return KioskConfiguration()
        }
        do throws(ConfigurationError) {
            let (configuration, warnings) = try CheckConfigCommand.check(file)
            findings.append(Finding(severity: .ok, subject: "configuration", message: "\(file): \(CheckConfigCommand.summary(of: configuration))"))
            findings += warnings.map { Finding(severity: .info, subject: "configuration", message: $0) }
            return configuration
        } catch {
            findings += error.lines.map {
                Finding(severity: .data, subject: "configuration", message: $0, fix: "edit \(file), then: swipe-kiosk check-config --config \(file)")
            }
            return nil
        }
    }
}
