// One way for the hardware commands to report a failure: message on stderr, the exit code the
// error carries (docs/ARCHITECTURE.md exit codes). Keeps list-outputs, list-inputs and touch-test alike.
import ArgumentParser
import Glibc
import KioskHardware

/// Writes `message` and a newline to standard error, with terminal control characters shown as
/// `\u{1B}` (see ``escapingControls(_:)``).
public func printError(_ message: String) {
    var bytes = Array((escapingControls(message) + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
}

/// `text` with what would steer a terminal spelt out as `\u{XX}`: C0 controls other than
/// newline and tab, DEL, C1 controls and the bidirectional overrides and isolates. Messages echo
/// values from configuration files, databases and the command line (a voice name, a list id); an
/// ESC there must not recolour, move or rewrite the operator's terminal, and U+202E must not
/// reorder what they read.
public func escapingControls(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        let v = scalar.value
        let steers = (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        if steers {
            out.append(contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

/// Prints `line` to standard output and flushes it at once, so a pipe reader (the VM tests,
/// a journal) sees every event line as it happens.
public func printLine(_ line: String) {
    print(line)
    fflush(nil)
}

/// Writes `text` to standard output with write(2), all of it, or fails: a command whose output
/// is its result (export-actions, schema) must not exit 0 with part of it lost (a full disk, a
/// closed pipe, /dev/full), or a reader advances its cursor past rows it never got. Exit 73.
public func writeStandardOutput(_ text: String, command: String) throws {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else {
            printError("\(command): cannot write standard output: \(String(cString: strerror(errno)))")
            throw ExitCode(73)
        }
        offset += n
    }
}

extension ExitCode {
    /// The exit code for a hardware error (69 device unavailable, 64 usage, 70 internal).
    public init(hardware error: any Error) {
        switch error {
        case let error as DisplayError: self.init(error.exitCode)
        case let error as InputError: self.init(error.exitCode)
        case is SystemError: self = .software
        default: self = .software
        }
    }
}
