// The display: one connector on one CRTC, fed by two or three dumb buffers with page flips whose
// completion arrives on the DRM fd inside the epoll loop (never a blocking vsync wait). Chooses
// card, connector, mode and CRTC; atomic modesetting validated by a TEST_ONLY commit with a
// legacy fallback; saves the CRTC it takes over and puts it back on exit.
import CDRM
import Glibc
import Logging
import SwipeCore

/// How the output is configured (command line / config file).
public struct DisplayConfiguration: Sendable {
    /// How modes are set and frames flipped.
    public enum Modesetting: String, Sendable, CaseIterable {
        /// Atomic when a TEST_ONLY commit accepts it, legacy otherwise.
        case auto
        /// Atomic only; fail when the driver rejects it.
        case atomic
        /// `drmModeSetCrtc` + `drmModePageFlip`.
        case legacy
    }

    /// `/dev/dri/cardN`, or nil to pick the first usable card.
    public var devicePath: String?
    /// Connector name (`HDMI-A-1`), or nil for the first connected one.
    public var connector: String?
    public var mode: ModeRequest = .preferred
    /// Rotation requested by the operator, applied on top of the panel orientation.
    public var rotation: DisplayRotation = .none
    /// Add the connector's "panel orientation" to ``rotation``.
    public var followPanelOrientation = true
    public var modesetting: Modesetting = .auto
    /// 2 (double) or 3 (triple) buffering.
    public var bufferCount = 2

    public init() {}
}

/// A running KMS output. Single-threaded: use it from the event loop only.
public final class DRMOutput: Display {
    public let card: DRMCard
    public let connector: ConnectorInfo
    public let mode: DisplayMode
    public let crtcID: UInt32
    /// Effective rotation (requested + panel orientation); touch mapping uses the same value.
    public let rotation: DisplayRotation
    /// True when frames are committed atomically.
    public internal(set) var usesAtomic = false
    /// Scanout size (the mode).
    public var physicalSize: PixelSize { PixelSize(width: mode.width, height: mode.height) }
    /// The size the app renders at (swapped for 90/270).
    public var logicalSize: PixelSize { rotation.logicalSize(physical: physicalSize) }
    public var sizeMillimetres: PixelSize { rotation.logicalSize(physical: connector.sizeMillimetres) }
    public var refreshRate: Double { mode.refreshRate }
    public var eventDescriptor: Int32? { card.fd }
    public var summary: String { "\(card.path) \(connector.name) \(mode) rotation \(rotation)" }
    /// Called from ``handleEvents()`` when a flip completed, with the kernel's timestamp.
    public var onPageFlip: ((Instant) -> Void)?
    /// The buffer on screen and the flip in flight, if any (``present(from:damage:)`` returns
    /// false until it completes).
    public internal(set) var flip = PageFlipState.idle(front: 0)
    public var isFlipPending: Bool { flip.isFlipPending }
    /// DRM master was given up (``suspend(restoringConsole:)``) or lost to another program;
    /// nothing is drawn until ``resume()`` succeeds.
    public private(set) var isPaused = false
    /// The display is blanked for idle.
    public private(set) var isBlanked = false

    let logger: Logger
    var buffers: [DumbBuffer] = []
    var atomic: AtomicState?
    private let saved: drmModeCrtc?
    /// A failed mode set after regaining master was logged (once per pause, not per retry).
    private var resumeFailed = false
    /// The connector at the last probe (start, then each hotplug: DRMOutput+Hotplug).
    var connectorState: ConnectorState

    /// Opens and sets up the display described by `configuration`, showing a black frame.
    public init(configuration: DisplayConfiguration, logger: Logger) throws(DisplayError) {
        self.logger = logger
        let (card, connector) = try Self.chooseCard(configuration)
        self.card = card
        self.connector = connector
        connectorState = ConnectorState(connector)
        guard let modeIndex = configuration.mode.select(from: connector.modes) else {
            throw .modeNotFound(configuration.mode, available: connector.modes.map(\.description))
        }
        mode = connector.modes[modeIndex]
        crtcID = try Self.chooseCRTC(card: card, connector: connector)
        rotation = configuration.followPanelOrientation
            ? configuration.rotation.combined(with: connector.panelOrientation) : configuration.rotation
        if drmIsMaster(card.fd) == 0 {
            do { try drmCall("drmSetMaster") { drmSetMaster(card.fd) } } catch { throw .busy(card.path, error) }
        }
        if let crtc = drmModeGetCrtc(card.fd, crtcID) {
            saved = crtc.pointee
            drmModeFreeCrtc(crtc)
        } else {
            saved = nil
        }
        do {
            for _ in 0..<max(2, min(3, configuration.bufferCount)) {
                buffers.append(try DumbBuffer(fd: card.fd, physical: physicalSize, logical: logicalSize))
            }
        } catch {
            buffers.forEach { $0.destroy() }
            throw .system(error)
        }
        buffers[0].pixels.fill(PixelRect(size: physicalSize), color: 0)
        try setMode(configuration.modesetting)
        logger.info("display", metadata: [
            "card": "\(card.path)", "driver": "\(card.driver)", "connector": "\(connector.name)",
            "mode": "\(mode)", "crtc": "\(crtcID)", "modesetting": "\(usesAtomic ? "atomic" : "legacy")",
            "rotation": "\(rotation)", "buffers": "\(buffers.count)",
        ])
    }

    deinit { restore() }

    /// Copies the damaged rectangles of `shadow` (logical size, upright) into the back buffer
    /// (plus whatever that buffer missed earlier) and queues a page flip.
    /// - Returns: false when nothing was queued (flip pending, paused or blanked); render again later.
    @discardableResult
    public func present(from shadow: PixelBuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        precondition(shadow.size == logicalSize, "shadow is \(shadow.size), display expects \(logicalSize)")
        for buffer in buffers { buffer.markStale(damage) }
        guard !isPaused, !isBlanked, let backIndex = flip.backBuffer(count: buffers.count) else { return false }
        let back = buffers[backIndex]
        let written = back.update(from: shadow, rotation: rotation)
        do {
            try queueFlip(to: back, damage: written)
        } catch where error.isPermissionOrBusy {
            if error.errno != EBUSY { pause(error) }
            back.markFullyStale()
            return false
        } catch {
            throw .system(error)
        }
        flip.queued(backIndex)
        return true
    }

    /// Reads DRM events (page-flip completions). Register ``card``'s fd with the loop and call this.
    public func handleEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let output = Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue()
            output.flip.completed()
            let nanos = Int64(seconds) * 1_000_000_000 + Int64(microseconds) * 1_000
            output.onPageFlip?(Instant(monotonicNanoseconds: nanos))
        }
        _ = drmHandleEvent(card.fd, &context)
    }

    /// Stops rendering and gives up DRM master so that another VT or program can drive the
    /// display (VT release). With `restoringConsole` the CRTC found at start is put back first:
    /// needed when nobody else redraws the screen (the app starts on a VT that is not shown);
    /// a VT switch to a text console has the console restore its own mode.
    public func suspend(restoringConsole: Bool) {
        guard !isPaused else { return }
        if restoringConsole { restoreCRTC() }
        isPaused = true
        drmDropMaster(card.fd)  // fails only when master is already gone, which is the goal
    }

    /// Takes DRM master back and sets the mode again (after a VT switch back, or once another
    /// program let go); every buffer is then redrawn in full. Silent: the caller logs.
    /// - Returns: false while master is held elsewhere or the mode cannot be set; try later.
    @discardableResult
    public func resume() -> Bool {
        guard isPaused else { return true }
        guard drmSetMaster(card.fd) == 0 || drmIsMaster(card.fd) != 0 else { return false }
        flip.abandon()
        buffers.forEach { $0.markFullyStale() }
        do { try setMode(usesAtomic ? .atomic : .legacy) } catch {
            if !resumeFailed { logger.warning("display: mode set after regaining DRM master failed: \(error)") }
            resumeFailed = true
            return false
        }
        isPaused = false
        resumeFailed = false
        return true
    }

    /// Turns the panel off (DPMS, or CRTC inactive when atomic; a black frame when neither exists)
    /// or back on. After power-on every buffer is redrawn in full.
    public func setPower(on: Bool) {
        guard on == isBlanked else { return }
        setPanelPower(on)
        isBlanked = !on
        if on { buffers.forEach { $0.markFullyStale() } }
    }

    /// Puts back the CRTC configuration found at start (fbcon, a splash) unless another VT or
    /// program holds the display, and frees the buffers. Idempotent; also called on deinit.
    public func restore() {
        guard !buffers.isEmpty else { return }
        if !isPaused { restoreCRTC() }
        buffers.forEach { $0.destroy() }
        buffers.removeAll()
    }

    private func restoreCRTC() {
        if var saved, saved.mode_valid != 0 {
            var connectorID = connector.id
            if drmModeSetCrtc(card.fd, crtcID, saved.buffer_id, saved.x, saved.y, &connectorID, 1, &saved.mode) != 0 {
                logger.warning("display: could not restore CRTC \(crtcID): \(SystemError(errno: errno, operation: "drmModeSetCrtc"))")
                return
            }
        } else {
            drmModeSetCrtc(card.fd, crtcID, 0, 0, 0, nil, 0, nil)
        }
        logger.info("display: CRTC \(crtcID) restored")
    }

    func pause(_ error: SystemError) {
        guard !isPaused else { return }
        isPaused = true
        logger.notice("display: DRM master lost (\(error)); rendering paused until it is regained")
    }

    private func queueFlip(to buffer: DumbBuffer, damage: [PixelRect]) throws(SystemError) {
        let userData = Unmanaged.passUnretained(self).toOpaque()
        if let atomic {
            try commitAtomic(atomic, framebuffer: buffer.framebufferID, damage: damage, userData: userData)
            return
        }
        dirtyFramebuffer(buffer, damage: damage)
        try drmCall("drmModePageFlip") {
            drmModePageFlip(card.fd, crtcID, buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData)
        }
    }

    /// virtio-gpu and other "manual update" drivers only show CPU writes after DirtyFB; elsewhere
    /// the call is a no-op (ENOSYS), which is ignored.
    func dirtyFramebuffer(_ buffer: DumbBuffer, damage: [PixelRect]) {
        var clips = damage.map {
            drmModeClip(x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY))
        }
        _ = drmModeDirtyFB(card.fd, buffer.framebufferID, &clips, UInt32(clips.count))
    }

    private static func chooseCard(_ configuration: DisplayConfiguration) throws(DisplayError) -> (DRMCard, ConnectorInfo) {
        let paths = configuration.devicePath.map { [$0] } ?? DRMCard.candidatePaths()
        var tried: [String: String] = [:]
        for path in paths {
            let card: DRMCard
            do { card = try DRMCard(path: path) } catch {
                if configuration.devicePath != nil { throw error }
                tried[path] = error.description
                continue
            }
            guard card.supportsDumbBuffers else { tried[path] = "no dumb-buffer support"; continue }
            let connectors = card.connectors()
            if let name = configuration.connector {
                if let match = connectors.first(where: { $0.name == name && $0.isConnected }) { return (card, match) }
                if configuration.devicePath != nil {
                    throw .connectorNotFound(name: name, available: connectors.filter(\.isConnected).map(\.name))
                }
                tried[path] = "no connected connector \(name)"
            } else if let first = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty }) {
                return (card, first)
            } else {
                if configuration.devicePath != nil { throw .noConnectedConnector(path: path) }
                tried[path] = "no connected connector"
            }
        }
        throw .noUsableCard(tried: tried)
    }

    private static func chooseCRTC(card: DRMCard, connector: ConnectorInfo) throws(DisplayError) -> UInt32 {
        if connector.currentCRTC != 0, connector.possibleCRTCs.contains(connector.currentCRTC) {
            return connector.currentCRTC
        }
        let busy = Set(card.connectors().filter { $0.id != connector.id }.map(\.currentCRTC))
        guard let free = connector.possibleCRTCs.first(where: { !busy.contains($0) }) else {
            throw .noFreeCRTC(connector: connector.name)
        }
        return free
    }
}
