// One way for the hardware commands to report a failure: message on stderr, the exit code the
// error carries (docs/ARCHITECTURE.md exit codes). Keeps list-outputs, list-inputs and touch-test alike.
import ArgumentParser
import Glibc
import KioskFiles
import KioskHardware

/// Writes `message` and a newline to standard error, with terminal control characters shown as
/// `\u{1B}` (String.escapingControls: messages echo values from configuration files, databases
/// and the command line).
public func printError(_ message: String) {
    var bytes = Array((message.escapingControls + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
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
