// Directory listings for the few places KioskHardware finds things by name (/dev/dri/card*,
// /dev/input/event*, /proc/PID/fd): one readdir loop instead of one per caller.
import Glibc

/// Reading a directory's entry names.
enum Directory {
    /// The entry names of `path` without "." and ".."; empty when it cannot be read.
    static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The numbers N of the entries named `prefix`N (card0, event12, a PID in /proc), ascending.
    static func numbered(_ path: String, prefix: String = "") -> [Int] {
        entries(path).compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }.sorted()
    }
}
