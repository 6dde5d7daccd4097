// Why this file exists: sd_watchdog_enabled(3) without libsystemd, which the app linked for it
// and sd_notify alone at a cost of about 0.8 MB resident in every process (NotifySocket.swift
// says more). systemd tells a service its watchdog in two variables: WATCHDOG_USEC, the timeout
// in microseconds, and WATCHDOG_PID, the process it is for (the main process; a child that
// inherits the variables must not think the watchdog is its own). libsystemd's rules are kept:
// no WATCHDOG_USEC is no watchdog; one that is not a number above 0 is EINVAL (0 and 2^64-1,
// systemd's infinity, included); a WATCHDOG_PID that is not a number is EINVAL, one that is no
// pid (0, or beyond pid_t) ERANGE; another process's pid is no watchdog. One difference:
// libsystemd's parser also takes leading blanks, a sign and 0x/0o/0b/0 prefixes, which systemd
// never writes; here only the digits 0-9 are a number (the rest is EINVAL).
import Glibc

/// The watchdog the service manager set for this process (sd_watchdog_enabled(3)).
enum WatchdogEnvironment {
    /// WATCHDOG_USEC in microseconds when the manager expects this process to ping it; nil
    /// when the variable is unset or WATCHDOG_PID names another process. The variables stay set.
    static func timeout() throws(SystemError) -> UInt64? {
        guard let usec = variable("WATCHDOG_USEC") else { return nil }
        let microseconds = try decimal(usec, of: "WATCHDOG_USEC")
        guard microseconds > 0, microseconds != .max else { throw error(EINVAL, "WATCHDOG_USEC") }
        guard let text = variable("WATCHDOG_PID") else { return microseconds }
        let pid = try decimal(text, of: "WATCHDOG_PID")
        guard pid > 0, pid <= UInt64(pid_t.max) else { throw error(ERANGE, "WATCHDOG_PID") }
        return pid_t(pid) == getpid() ? microseconds : nil
    }

    /// `text`, the value of `name`, as a decimal number of the digits 0-9 alone: EINVAL for
    /// anything else (empty, a sign, a blank), ERANGE for a number beyond 64 bits (EINVAL first,
    /// as libsystemd).
    private static func decimal(_ text: String, of name: String) throws(SystemError) -> UInt64 {
        guard !text.isEmpty else { throw error(EINVAL, name) }
        var value: UInt64 = 0
        var overflowed = false
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw error(EINVAL, name) }
            let (tens, over) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            overflowed = overflowed || over || carry
            value = sum
        }
        if overflowed { throw error(ERANGE, name) }
        return value
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// What sd_watchdog_enabled's failure was reported as: the variable that is wrong.
    private static func error(_ code: Int32, _ name: String) -> SystemError {
        SystemError(errno: code, operation: "sd_watchdog_enabled(\(name))")
    }
}
