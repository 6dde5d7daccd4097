// VT switching (docs/ARCHITECTURE.md: KioskHardware owns the VT). systemd starts the app with
// its VT as stdin and controlling tty (TTYPath=/dev/tty1, StandardInput=tty-fail), which is what
// allows the VT ioctls without any capability. The VT is put in KD_GRAPHICS (the console draws
// no text over the frame) and in VT_PROCESS mode: a switch away (Ctrl+Alt+Fn, chvt) waits until
// the app has stopped rendering, dropped DRM master and suspended input, and a switch back is
// announced before the app takes the display again. Both arrive as signals on the event loop's
// signalfd. The keyboard of the VT is set to K_OFF: otherwise every key pressed for the app also
// lands in the tty (piling up unread, or as Ctrl+C killing the app). The kernel then no longer
// switches VTs on Ctrl+Alt+Fn by itself, so the app does it (VTSwitchKeys, VT_ACTIVATE), as
// Weston and kmscon do, but only when `[input] vt_switching = true` (an operator's maintenance
// setting): by default the shortcut is swallowed, also while the panel is blanked. A switch
// asked for by root (`chvt`) still goes through. Text mode, VT_AUTO and the keyboard mode are
// put back on exit.
import CLinuxKernel
import Glibc
import Logging
import SwipeCore

/// The Linux virtual terminal the app owns, in VT_PROCESS mode.
public final class VirtualTerminal {
    /// Sent by the kernel when another VT wants the screen. Realtime signals because SIGUSR1
    /// (screenshot) and SIGHUP (reload) are taken, SIGUSR2 alone is one short, and realtime
    /// signals are queued in order instead of merged.
    public static var releaseSignal: Int32 { __libc_current_sigrtmin() }
    /// Sent by the kernel when the app's VT is shown again.
    public static var acquireSignal: Int32 { __libc_current_sigrtmin() + 1 }

    /// The VT number (1 for /dev/tty1).
    public let number: Int
    /// False from a release until the next acquire: the display and input belong to another VT.
    public private(set) var isForeground: Bool
    private let fd: Int32
    private let logger: Logger
    private var keyboardMode: Int32 = K_UNICODE
    private var keys: VTSwitchKeys
    /// Ctrl+Alt+Fn presses swallowed since the last log line about them.
    private var ignoredShortcuts = 0
    /// The VT's modes were changed and are not restored yet.
    private var changed = false

    /// Takes over the VT that `fd` (stdin by default) refers to; `switching` says whether
    /// Ctrl+Alt+Fn switches VTs. Returns nil when `fd` is not a VT or the VT cannot be taken
    /// over (not the controlling tty): that is logged once, and the app runs on without VT
    /// switching (SSH, development, containers).
    public static func takeOver(fd: Int32 = STDIN_FILENO, switching: Bool, logger: Logger) -> VirtualTerminal? {
        guard let number = number(of: fd) else {
            logger.info("vt: stdin is not a virtual terminal: VT switching unavailable")
            return nil
        }
        do {
            return try VirtualTerminal(fd: fd, number: number, switching: switching, logger: logger)
        } catch {
            logger.warning("vt: cannot take over tty\(number) (\(error)): VT switching unavailable")
            return nil
        }
    }

    /// The number N when `fd` is /dev/ttyN (character device major 4, minor 1…63).
    static func number(of fd: Int32) -> Int? {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
        let device = UInt64(status.st_rdev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        return major == 4 && (1...63).contains(minor) ? Int(minor) : nil
    }

    private init(fd: Int32, number: Int, switching: Bool, logger: Logger) throws(SystemError) {
        self.fd = fd
        keys = VTSwitchKeys(switching: switching)
        self.number = number
        self.logger = logger
        var state = vt_stat()
        try syscall("ioctl(VT_GETSTATE)") { kiosk_ioctl(fd, UInt(VT_GETSTATE), &state) }
        isForeground = Int(state.v_active) == number
        var found: Int32 = 0
        try syscall("ioctl(KDGKBMODE)") { kiosk_ioctl(fd, UInt(KDGKBMODE), &found) }
        // K_OFF at start was left by an instance that was killed: restore the usual mode then.
        keyboardMode = found == K_OFF ? K_UNICODE : found
        var mode = vt_mode(mode: CChar(VT_PROCESS), waitv: 0, relsig: Int16(Self.releaseSignal),
                           acqsig: Int16(Self.acquireSignal), frsig: 0)
        try syscall("ioctl(VT_SETMODE, VT_PROCESS)") { kiosk_ioctl(fd, UInt(VT_SETMODE), &mode) }
        changed = true
        do {
            try control(KDSETMODE, KD_GRAPHICS, "KDSETMODE, KD_GRAPHICS")
            try control(KDSKBMODE, K_OFF, "KDSKBMODE, K_OFF")
        } catch {
            restore()
            throw error
        }
        logger.info(switching
            ? "vt: tty\(number) in graphics mode, VT switches go through the app (Ctrl+Alt+F1…F12 too)"
            : "vt: tty\(number) in graphics mode, Ctrl+Alt+F1…F12 ignored ([input] vt_switching = false)")
    }

    deinit { restore() }

    /// Lets the kernel switch away. Call once nothing draws, DRM master is dropped and input is
    /// suspended: from here on the display and input belong to the other VT.
    public func acknowledgeRelease() {
        let wasForeground = isForeground
        isForeground = false
        keys.reset()
        do {
            try control(VT_RELDISP, 1, "VT_RELDISP, 1")
            if wasForeground { logger.notice("vt: released tty\(number) to another VT: rendering and input suspended") }
        } catch {
            logger.warning("vt: \(error)")
        }
    }

    /// Confirms that the app's VT is shown again; call before taking the display back.
    public func acknowledgeAcquire() {
        let wasForeground = isForeground
        isForeground = true
        do {
            try control(VT_RELDISP, VT_ACKACQ, "VT_RELDISP, VT_ACKACQ")
            if !wasForeground { logger.notice("vt: tty\(number) shown again: resuming with a full redraw") }
        } catch {
            logger.warning("vt: \(error)")
        }
    }

    /// Ctrl+Alt+F1…F12: asks the kernel to show that VT (the switch itself then goes through
    /// the release signal), or swallows the shortcut when switching is off.
    /// - Returns: true when `key` was such a shortcut and must not reach the app.
    public func handle(_ key: KeyEvent) -> Bool {
        let target: Int
        switch keys.decide(key) {
        case .pass: return false
        case .ignore:
            // One line for the first press and then every 100th: a hammering visitor does not fill the journal.
            if ignoredShortcuts % 100 == 0 { logger.notice("vt: Ctrl+Alt+Fn ignored ([input] vt_switching = false)") }
            ignoredShortcuts &+= 1
            return true
        case .switchTo(let n): target = n
        }
        guard target != number else { return true }
        do {
            try control(VT_ACTIVATE, Int32(target), "VT_ACTIVATE, \(target)")
        } catch {
            logger.warning("vt: cannot switch to tty\(target): \(error)")
        }
        return true
    }

    /// Puts back text mode, automatic VT switching and the keyboard mode found at start.
    /// Idempotent; also called on deinit.
    public func restore() {
        guard changed else { return }
        changed = false
        var failures: [String] = []
        for (request, value, name) in [(KDSKBMODE, keyboardMode, "KDSKBMODE"), (KDSETMODE, KD_TEXT, "KDSETMODE, KD_TEXT")] {
            do { try control(request, value, name) } catch { failures.append(error.description) }
        }
        var automatic = vt_mode(mode: CChar(VT_AUTO), waitv: 0, relsig: 0, acqsig: 0, frsig: 0)
        do {
            try syscall("ioctl(VT_SETMODE, VT_AUTO)") { kiosk_ioctl(fd, UInt(VT_SETMODE), &automatic) }
        } catch {
            failures.append(error.description)
        }
        if failures.isEmpty {
            logger.info("vt: tty\(number) back in text mode")
        } else {
            logger.warning("vt: restoring tty\(number) failed: \(failures.joined(separator: "; "))")
        }
    }

    /// An ioctl whose argument is a plain integer.
    private func control(_ request: Int32, _ value: Int32, _ name: @autoclosure () -> String) throws(SystemError) {
        try syscall("ioctl(\(name()))") {
            kiosk_ioctl(fd, UInt(request), UnsafeMutableRawPointer(bitPattern: Int(value)))
        }
    }
}
