// What the output does after a hotplug uevent (DRMHotplugMonitor): re-read its connector, log
// what changed, and when the monitor is back (or offers other modes) set the mode again with every
// buffer stale, so the next frame repaints the whole screen. A monitor that was switched off, or
// a DisplayPort link that dropped, shows nothing until it is given a mode again: without this the
// kiosk would keep a dead screen until something else forced a mode set.
// The app keeps its mode (and so its layout size) across a hotplug; a new preferred mode is logged.

/// What a connector looked like at the last probe.
public struct ConnectorState: Equatable, Sendable {
    public var isConnected: Bool
    public var modes: [DisplayMode]

    public init(isConnected: Bool, modes: [DisplayMode]) {
        self.isConnected = isConnected; self.modes = modes
    }

    /// The state of `info`; a connector that disappeared (an MST port) is disconnected.
    public init(_ info: ConnectorInfo?) {
        self.init(isConnected: info?.isConnected ?? false, modes: info?.modes ?? [])
    }
}

/// What a re-probe found.
public enum ConnectorChange: Equatable, Sendable {
    /// Nothing the output must act on.
    case unchanged
    /// The monitor went away (switched off, unplugged).
    case disconnected
    /// The monitor is back, or it now offers other modes: set the mode again and redraw in full.
    /// `preferred` is its preferred mode now.
    case connected(preferred: DisplayMode?)

    /// The change from `before` to `after`.
    public init(from before: ConnectorState, to after: ConnectorState) {
        switch (before.isConnected, after.isConnected) {
        case (true, false): self = .disconnected
        case (false, false): self = .unchanged
        case (false, true): self = .connected(preferred: after.modes.first(where: \.isPreferred) ?? after.modes.first)
        case (true, true):
            self = before.modes == after.modes
                ? .unchanged : .connected(preferred: after.modes.first(where: \.isPreferred) ?? after.modes.first)
        }
    }
}

extension DRMOutput {
    /// Re-reads the connector after a hotplug uevent and acts on the change.
    /// - Returns: true when the whole screen must be presented again.
    public func reprobe() -> Bool {
        let now = ConnectorState(card.connectors().first { $0.id == connector.id })
        let change = ConnectorChange(from: connectorState, to: now)
        connectorState = now
        switch change {
        case .unchanged:
            return false
        case .disconnected:
            logger.notice("display: \(connector.name) disconnected; the mode is set again when it returns")
            return false
        case .connected(let preferred):
            let offered = now.modes.contains { $0.width == mode.width && $0.height == mode.height && $0.refresh == mode.refresh }
            let note = offered ? "" : " (no longer offered: restart the app to use the preferred mode)"
            logger.notice("display: \(connector.name) connected again, preferred \(preferred.map(\.description) ?? "none"): setting \(mode)\(note) and redrawing in full")
            guard !isPaused else { return true }  // resume() sets the mode when master comes back
            buffers.forEach { $0.markFullyStale() }
            do { try setMode(usesAtomic ? .atomic : .legacy) } catch {
                logger.warning("display: mode set after hotplug failed: \(error)")
            }
            return true
        }
    }
}
