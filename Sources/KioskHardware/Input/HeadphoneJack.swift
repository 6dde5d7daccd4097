// The headphone jack (issue 25; EN 301 549 5.1.3.2: speech starts when headphones are plugged).
// libinput drops devices whose only capability is a switch such as SW_HEADPHONE_INSERT (an HDA
// codec's "Headphone" jack device), so the jack is read here: at start every evdev node whose
// EV_SW bits include it is opened non-blocking and watched by the loop's epoll (no thread); its
// state at start comes from EVIOCGSW, changes arrive as EV_SW events. Nodes that appear later are
// not watched: libinput's hot-plug never reports a switch-only device and there is no other udev
// monitor for input, so a USB headset plugged in after start is seen at the next start.
import CLinuxKernel
import Glibc
import Logging
import SwipeCore

/// Every headphone jack of the machine, seen as one: a plug is in while any jack reports one.
public final class HeadphoneJack {
    private struct Jack {
        let path: String
        let name: String
        var inserted: Bool
    }

    /// Called when the plug goes in or out (and by ``reportState()``).
    public var onEvent: ((SwitchEvent) -> Void)?
    private let loop: EventLoop
    private let logger: Logger
    private var jacks: [Int32: Jack] = [:]
    /// What was last reported.
    private var reported: Bool?
    /// Events read per `read(2)`.
    private static let batch = 64

    /// Opens and watches every evdev node that has a headphone switch, logging each.
    public init(loop: EventLoop, logger: Logger) {
        self.loop = loop
        self.logger = logger
        for path in EvdevDevice.paths() { open(path) }
        if jacks.isEmpty { logger.info("input: no headphone jack (no evdev node reports SW_HEADPHONE_INSERT)") }
    }

    deinit {
        for fd in jacks.keys {
            loop.unregister(fd: fd)
            closeDescriptor(fd)
        }
    }

    /// Whether a plug is in any jack.
    public var isInserted: Bool { jacks.values.contains { $0.inserted } }

    /// Whether any jack was found.
    public var isPresent: Bool { !jacks.isEmpty }

    /// Reports the state at start (a plug already in starts speech as plugging it would).
    public func reportState() {
        guard isPresent else { return }
        reported = isInserted
        onEvent?(SwitchEvent(kind: .headphoneInsert, on: isInserted, time: loop.now))
    }

    private func open(_ path: String) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }
        let code = Int32(SW_HEADPHONE_INSERT)
        guard EvdevDevice.supports(fd, type: 0, code: Int32(EV_SW)), EvdevDevice.supports(fd, type: Int32(EV_SW), code: code),
              let inserted = EvdevDevice.switchState(fd, code: code) else { return closeDescriptor(fd) }
        let name = EvdevDevice.name(fd)
        do {
            try loop.register(fd: fd) { [unowned self] in read(fd) }
        } catch {
            logger.warning("input: headphone jack \(path) (\"\(name)\") not watched: \(error)")
            return closeDescriptor(fd)
        }
        jacks[fd] = Jack(path: path, name: name, inserted: inserted)
        logger.info("input: headphone jack on \(path) (\"\(name)\"): \(inserted ? "plugged" : "empty")")
    }

    /// Reads what the node has queued; a node that went away is closed.
    private func read(_ fd: Int32) {
        var events = [input_event](repeating: input_event(), count: Self.batch)
        let size = MemoryLayout<input_event>.stride
        while let jack = jacks[fd] {
            let count = events.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { break }
            guard count > 0 else {
                logger.notice("input: headphone jack \(jack.path) (\"\(jack.name)\") went away")
                loop.unregister(fd: fd)
                closeDescriptor(fd)
                jacks[fd] = nil
                break
            }
            for event in events.prefix(count / size) { apply(event, fd: fd) }
        }
        let now = isInserted
        guard now != reported else { return }
        reported = now
        onEvent?(SwitchEvent(kind: .headphoneInsert, on: now, time: loop.now))
    }

    private func apply(_ event: input_event, fd: Int32) {
        if event.type == UInt16(EV_SW), event.code == UInt16(SW_HEADPHONE_INSERT) {
            jacks[fd]?.inserted = event.value != 0
        } else if event.type == UInt16(EV_SYN), event.code == UInt16(SYN_DROPPED) {
            // The kernel's queue overflowed: the state is read again rather than pieced together.
            if let state = EvdevDevice.switchState(fd, code: Int32(SW_HEADPHONE_INSERT)) { jacks[fd]?.inserted = state }
        }
    }
}
