// Haptic feedback for the six haptic events of docs/ARCHITECTURE.md. The engine picks one backend from the
// configuration, looks up the event's pattern and plays it. A backend that fails logs once and
// is then silent: feedback is a nicety and must never stop or slow the UI.
import Logging
import SwipeCore

/// Which backend plays feedback, and the pattern of every event.
public struct HapticConfiguration: Sendable {
    public enum Backend: Equatable, Sendable {
        case none
        /// Linux force feedback on the first device with FF_RUMBLE, or the device of this name/path.
        case forceFeedback(device: String?)
        /// `/sys/class/leds/<name>`; `transient` uses the LED's transient trigger instead of a timer.
        case led(name: String, transient: Bool)
        /// `/bin/sh -c command` with `SWIPE_KIOSK_HAPTIC_EVENT` set; at most one start per interval.
        case command(String, minimumIntervalMilliseconds: Int)
        /// Only calls ``HapticEngine/onVisualPulse`` (the app flashes something).
        case visual
    }

    public var backend: Backend = .none
    /// Patterns per event; events not listed use `HapticPattern.defaults`.
    public var patterns: [HapticEvent: HapticPattern] = HapticPattern.defaults

    public init(backend: Backend = .none) { self.backend = backend }

    /// The pattern used for `event`.
    public func pattern(for event: HapticEvent) -> HapticPattern {
        patterns[event] ?? HapticPattern.defaults[event]!
    }
}

/// Something that can play a pattern. Implementations must not block.
protocol HapticBackend: AnyObject {
    /// A short name for logs.
    var name: String { get }
    func play(_ event: HapticEvent, pattern: HapticPattern) throws
}

/// Plays haptic events through the configured backend.
public final class HapticEngine {
    /// Called on every event when the backend is ``HapticConfiguration/Backend/visual``.
    public var onVisualPulse: ((HapticEvent, HapticPattern) -> Void)?
    public let configuration: HapticConfiguration
    private var backend: HapticBackend?
    private let logger: Logger
    /// True once the backend could not start or failed: feedback is off from then on.
    private(set) var failed = false

    /// Creates the backend; a backend that cannot start is logged and replaced by none.
    public init(configuration: HapticConfiguration, loop: EventLoop, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        do {
            switch configuration.backend {
            case .none, .visual: backend = nil
            case .forceFeedback(let device): backend = try ForceFeedbackHaptics(device: device)
            case .led(let name, let transient): backend = try LEDHaptics(name: name, transient: transient, loop: loop)
            case .command(let command, let interval):
                backend = CommandHaptics(command: command, minimumInterval: interval, loop: loop, logger: logger)
            }
            if let backend { logger.info("haptics: \(backend.name)") }
        } catch {
            logger.warning("haptics: \(configuration.backend) unavailable, feedback disabled: \(error)")
            failed = true
        }
    }

    /// Plays `event` (never throws, never blocks).
    public func fire(_ event: HapticEvent) {
        let pattern = configuration.pattern(for: event)
        if configuration.backend == .visual { onVisualPulse?(event, pattern) }
        guard let backend, !failed else { return }
        do { try backend.play(event, pattern: pattern) } catch {
            failed = true
            logger.warning("haptics: \(backend.name) failed, feedback disabled: \(error)")
        }
    }
}
