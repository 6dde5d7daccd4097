// The checks of `swipe-kiosk doctor` that look at files: the database and its directory (the
// service writes the file, its -wal and -shm beside it), the DRM cards and input devices (the
// service opens them through its groups), the fonts, speech's library and data, and the unit's
// state from systemctl.
import ArgumentParser
import Foundation
import KioskConfig
import KioskHardware
import KioskSpeech
import KioskStore

extension DoctorCommand {
    /// The database and its directory must be writable by the service user, and the file must
    /// pass the checks the app's start runs (`ItemStore.check`, as this process).
    func checkDatabase(_ path: String, for service: ServiceUser?) -> [Finding] {
        let directory = ItemStore.parentDirectory(of: path)
        guard let folder = FileStatus.of(directory), folder.isDirectory else {
            return [Finding(severity: .data, subject: "database", message: "\(path): its directory \(directory) does not exist",
                            fix: "sudo install -d -o \(user) -g \(user) -m 0750 \(directory)")]
        }
        var findings: [Finding] = []
        if let service, !service.may(.write, folder) {
            findings.append(Finding(severity: .data, subject: "database",
                                    message: "\(user) cannot write \(directory) (\(folder.summary)), where SQLite keeps the -wal and -shm files",
                                    fix: "sudo chown \(user): \(directory) && sudo chmod u+rwx \(directory)"))
        }
        guard let file = FileStatus.of(path) else {
            // Nothing there, or a symbolic link to nothing, which the start refuses: its words.
            if (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeSymbolicLink {
                do throws(StoreError) { _ = try ItemStore.check(path: path) } catch {
                    findings.append(Finding(severity: .store(ExitCode(store: error)), subject: "database", message: error.message(database: path)))
                    return findings
                }
            }
            findings.append(Finding(severity: .info, subject: "database", message: "\(path) does not exist yet",
                                    fix: "sudo -u \(user) swipe-kiosk init-db --database \(path)"))
            return findings
        }
        for (name, status) in [(path, file)] + ["-wal", "-shm"].compactMap({ s in FileStatus.of(path + s).map { (path + s, $0) } })
        where service.map({ !$0.may(.readWrite, status) }) ?? false {
            findings.append(Finding(severity: .data, subject: "database", message: "\(user) cannot write \(name) (\(status.summary))",
                                    fix: "sudo chown \(user): \(name) && sudo chmod u+rw \(name)"))
        }
        // What the app's start would say about the file: the store's own checks, not a copy of them.
        let schema: String
        do throws(StoreError) {
            schema = Self.schemaSummary(path: path, found: try ItemStore.check(path: path))
        } catch {
            findings.append(Finding(severity: .store(ExitCode(store: error)), subject: "database", message: error.message(database: path)))
            return findings
        }
        guard findings.isEmpty else { return findings }
        let writable = service == nil ? "its writability by \(user) not checked (no such user)" : "writable by \(user) with its directory"
        return [Finding(severity: service == nil ? .info : .ok, subject: "database", message: "\(path) (\(file.summary)), \(writable), \(schema)")]
    }

    /// The schema version found, and what the next start does with it.
    static func schemaSummary(path: String, found: Int) -> String {
        let latest = ItemStore.latestSchemaVersion
        if found == 0 { return "empty (the next start creates the schema)" }
        if found == latest { return "schema \(found)" }
        return "schema \(found) (the next start migrates it to \(latest), keeping the file as it was as "
            + "\(ItemStore.preMigrationCopyPath(of: path, version: found)))"
    }

    /// DRM cards (display) and event devices (input), each with the group that opens it.
    func checkDevices(for service: ServiceUser?) -> [Finding] {
        let cards = FileStatus.entries(of: "/dev/dri", prefix: "card")
        let inputs = FileStatus.entries(of: "/dev/input", prefix: "event")
        var findings: [Finding] = []
        if cards.isEmpty {
            findings.append(Finding(severity: .device, subject: "display", message: "no DRM card (/dev/dri/card*): the kiosk cannot show anything here",
                                    fix: "load the display driver (e.g. sudo modprobe vc4, virtio-gpu or simpledrm) and check `dmesg | grep drm`"))
        }
        if inputs.isEmpty {
            findings.append(Finding(severity: .info, subject: "input", message: "no input devices (/dev/input/event*): nothing to touch"))
        }
        for (subject, path) in cards.map({ ("display", $0) }) + inputs.map({ ("input", $0) }) {
            guard let status = FileStatus.of(path) else { continue }
            guard let service else { continue }
            if service.may(.readWrite, status) {
                findings.append(Finding(severity: .ok, subject: subject, message: "\(path) (\(status.summary))"))
            } else {
                let group = ServiceUser.groupName(status.group)
                findings.append(Finding(severity: .device, subject: subject, message: "\(user) cannot open \(path) (\(status.summary))",
                                        fix: "sudo usermod -aG \(group) \(user) && sudo systemctl restart \(unit)"))
            }
        }
        return findings
    }

    /// The theme's fonts load.
    func checkFonts(_ configuration: KioskConfiguration) -> [Finding] {
        let t = configuration.theme
        do {
            let fonts = try FontLocator.fonts(regular: t.regularFont, bold: t.boldFont, icons: t.iconFont)
            return [Finding(severity: .ok, subject: "fonts", message: "\(fonts.regular), \(fonts.bold), \(fonts.icons)")]
        } catch {
            return [Finding(severity: .data, subject: "fonts", message: "\(error)",
                            fix: "sudo apt install fonts-dejavu-core, or set [theme] font paths that exist")]
        }
    }

    /// With speech on, espeak-ng starts and ALSA loads: the libraries (opened when speech
    /// starts and when it first plays, not at exec) and espeak-ng's data are installed.
    func checkSpeech(_ configuration: KioskConfiguration) -> [Finding] {
        guard configuration.accessibility.speech != .off else { return [] }
        let off = ", or set [accessibility] speech = \"off\""
        var findings: [Finding] = []
        if let failure = SpeechSynthesizer.shared.failureToStart() {
            findings.append(Finding(severity: .data, subject: "speech", message: failure.reason,
                                    fix: "sudo apt install libespeak-ng1 espeak-ng-data" + off))
        }
        if let failure = ALSAAudioOutput.libraryFailure() {
            findings.append(Finding(severity: .data, subject: "speech", message: "\(failure)", fix: "sudo apt install libasound2" + off))
        }
        return findings.isEmpty ? [Finding(severity: .ok, subject: "speech", message: "espeak-ng starts, ALSA's libasound.so.2 loads")] : findings
    }

    /// `systemctl is-active UNIT` when systemctl exists.
    func checkUnit() -> [Finding] {
        guard let systemctl = ["/usr/bin/systemctl", "/bin/systemctl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return [Finding(severity: .info, subject: "unit", message: "no systemctl: not checked")]
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: systemctl)
        child.arguments = ["is-active", unit]
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        do { try child.run() } catch { return [Finding(severity: .info, subject: "unit", message: "systemctl did not start: \(error)")] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let state = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch state {
        case "active": return [Finding(severity: .ok, subject: "unit", message: "\(unit) is active")]
        case "failed":
            return [Finding(severity: .data, subject: "unit", message: "\(unit) failed",
                            fix: "journalctl -u \(unit) -b -n 50   # the reason; then sudo systemctl restart \(unit)")]
        default: return [Finding(severity: .info, subject: "unit", message: "\(unit): \(state.isEmpty ? "unknown" : state)")]
        }
    }
}
