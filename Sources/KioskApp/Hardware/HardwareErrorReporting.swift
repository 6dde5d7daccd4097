// One way for the hardware commands to report a failure: message on stderr, the exit code the
// error carries (docs/ARCHITECTURE.md exit codes). Keeps list-outputs, list-inputs and touch-test alike.
import ArgumentParser
import Glibc
import KioskHardware

/// Writes `message` and a newline to standard error.
public func printError(_ message: String) {
    var bytes = Array((message + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
}

/// Prints `line` to standard output and flushes it at once, so a pipe reader (the VM tests,
/// a journal) sees every event line as it happens.
public func printLine(_ line: String) {
    print(line)
    fflush(nil)
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
