// The configured haptics in KioskHardware's terms: the backend and one pattern per event.
import KioskConfig
import KioskHardware

extension HapticsSettings {
    /// The hardware layer's configuration for these settings.
    public var hardware: HapticConfiguration {
        let backend: HapticConfiguration.Backend
        switch self.backend {
        case .none: backend = .none
        case .visual: backend = .visual
        case .forcefeedback: backend = .forceFeedback(device: device)
        case .led:
            let name = (ledPath ?? "vibrator").split(separator: "/").last.map(String.init) ?? "vibrator"
            backend = .led(name: name, transient: false)
        case .command:
            // The backend runs its command through /bin/sh: quote each configured argument.
            let line = (command ?? []).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            backend = .command(line, minimumIntervalMilliseconds: rateLimit)
        }
        var configuration = HapticConfiguration(backend: backend)
        configuration.patterns = patterns
        return configuration
    }
}
