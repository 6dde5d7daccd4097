// `check-config` looks at the configured `[data] database` where it can (issue 27: a database in
// a directory that does not exist was "ok", and the kiosk then refused to start): a directory
// that is missing here, or a file or directory this user cannot write, is a warning at the key,
// since the file may be checked on another machine than the kiosk and by another user than the
// service user (`swipe-kiosk doctor` checks on the device, as the service user).
import Foundation
import KioskConfig
import KioskStore

extension CheckConfigCommand {
    /// One `file:line:column: warning: …` when the configured database cannot be used here.
    static func databaseWarnings(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        let map = ConfigSourceMap(source: source)
        let path = ConfigPath().appending("data").appending("database")
        guard map.sets(path) else { return [] }
        let database = configuration.data.database
        let directory = ItemStore.parentDirectory(of: database)
        let problem: String
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        let type = (try? files.attributesOfItem(atPath: database))?[.type] as? FileAttributeType
        if !files.fileExists(atPath: directory, isDirectory: &isDirectory) {
            problem = "its directory \(directory) does not exist here: the kiosk refuses to start until it does"
        } else if !isDirectory.boolValue {
            problem = "\(directory) is not a directory"
        } else if type == .typeSymbolicLink, !files.fileExists(atPath: database) {
            problem = "\(database) is a symbolic link to nothing: the kiosk refuses to start with it"
        } else if let type, type != .typeRegular, type != .typeSymbolicLink {
            problem = "\(database) is not a regular file (\(type.rawValue)): the kiosk refuses to start with it"
        } else if !files.isWritableFile(atPath: directory) {
            problem = "its directory \(directory) is not writable by this user: SQLite keeps its -wal and -shm files there"
        } else if files.fileExists(atPath: database), !files.isWritableFile(atPath: database) {
            problem = "\(database) is not writable by this user"
        } else {
            return []
        }
        return [ConfigDiagnostic(file: file, position: map.valuePosition(path),
                                 message: "warning: data.database: \(problem) (swipe-kiosk doctor checks it as the service user)")]
    }
}
