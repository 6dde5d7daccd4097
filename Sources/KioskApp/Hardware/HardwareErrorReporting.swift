// One way for the hardware commands to report a failure: message on stderr, the exit code the
// error carries (docs/ARCHITECTURE.md exit codes). Keeps list-outputs, list-inputs and touch-test alike.
import ArgumentParser
import KioskFiles
import KioskHardware

/// Writes `message` and a newline to standard error, with terminal control characters shown as
/// `\u{1B}` (String.escapingControls: messages echo values from configuration files, databases
/// and the command line).
public func printError(_ message: String) {
    StandardStreams.writeError(message.escapingControls + "\n")
}

/// Prints `line` to standard output and flushes it at once, so a pipe reader (the VM tests,
/// a journal) sees every event line as it happens.
public func printLine(_ line: String) {
    StandardStreams.writeLine(line)
}

/// Writes `text` to standard output with write(2), all of it, or fails: a command whose output
/// is its result (export-actions, schema) must not exit 0 with part of it lost (a full disk, a
/// closed pipe, /dev/full), or a reader advances its cursor past rows it never got. Exit 73.
public func writeStandardOutput(_ text: String, command: String) throws {
    do {
        try StandardStreams.writeOutput(text)
    } catch {
        printError("\(command): cannot write standard output: \(error.reason)")
        throw ExitCode.cannotCreateOutput
    }
}

extension ExitCode {
    /// The exit code for a hardware error (69 device unavailable, 64 usage, 70 internal).
    public init(hardware error: any Error) {
        switch error {
        case let error as DisplayError: self.init(error.exitStatus)
        case let error as InputError: self.init(error.exitStatus)
        case is SystemError: self = .software
        default: self = .software
        }
    }
}
