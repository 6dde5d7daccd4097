// Why this exists: every command reports through file descriptors 1 and 2, and a command whose
// output is its result (export-actions, schema) must not exit 0 with part of it lost. The
// write(2) calls live here, in the layer that makes system calls (docs/ARCHITECTURE.md, Layers).
import Glibc

/// Standard output and standard error, written with write(2).
public enum StandardStreams {
    /// Writes `text` to standard error, as much as the descriptor takes (there is nowhere to
    /// report that it did not).
    public static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }

    /// Writes all of `text` to standard output, retrying on EINTR and after short writes.
    /// - Throws: `SystemError` when the descriptor refuses (a full disk, a closed pipe, /dev/full).
    public static func writeOutput(_ text: String) throws(SystemError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = try syscall("write(stdout)") {
                bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            }
            guard n > 0 else { throw SystemError(errno: EIO, operation: "write(stdout)") }
            offset += n
        }
    }

    /// Prints `line` to standard output and flushes it at once, so a pipe reader (the VM tests,
    /// a journal) sees every event line as it happens.
    public static func writeLine(_ line: String) {
        print(line)
        flush()
    }

    /// Hands what `print` buffered to standard output now, so that a pipe reader (the VM tests,
    /// a journal) sees each line as it happens.
    public static func flush() {
        fflush(nil)
    }
}
