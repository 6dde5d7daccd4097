// Files the commands write for people and tools (screenshots, state dumps): the directory is
// created as needed and the file appears whole or not at all.
import Foundation

/// Writing one output file.
enum OutputFile {
    /// Writes `bytes` to `path`, creating its directory. Errors are `AppError.io`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw AppError.io(path: path, reason: "cannot write: \(error.localizedDescription)")
        }
    }
}
