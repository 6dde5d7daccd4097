// Mode setting and flips in both KMS dialects. Atomic: the primary plane, the CRTC's MODE_ID
// and ACTIVE and the connector's CRTC_ID in one commit, first validated with TEST_ONLY; frames
// carry FB_DAMAGE_CLIPS. Legacy: drmModeSetCrtc + drmModePageFlip (+ DirtyFB). Panel power is
// ACTIVE (atomic), the DPMS property (legacy), or a black frame when the driver has neither.
import CDRM
import Glibc
import SwipeCore

/// Property ids of the objects an atomic commit touches (looked up once by name).
struct AtomicState {
    var planeID: UInt32
    var connectorCRTC: UInt32
    var crtcModeID: UInt32
    var crtcActive: UInt32
    var plane: [String: UInt32]
}

extension DRMOutput {
    /// Sets the mode on the front buffer; `.auto` tries atomic (TEST_ONLY first) and falls back.
    func setMode(_ modesetting: DisplayConfiguration.Modesetting) throws(DisplayError) {
        if modesetting != .legacy {
            do {
                let state = try prepareAtomic()
                try commitModeset(state, testOnly: true)
                try commitModeset(state, testOnly: false)
                atomic = state
                usesAtomic = true
                return
            } catch {
                if modesetting == .atomic { throw .atomicUnsupported(error.description) }
                logger.info("display: atomic modesetting unavailable (\(error)); using legacy")
                atomic = nil
                usesAtomic = false
                drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 0)
            }
        }
        var connectorID = connector.id
        var info = mode.info
        do {
            try drmCall("drmModeSetCrtc") {
                drmModeSetCrtc(card.fd, crtcID, buffers[flip.front].framebufferID, 0, 0, &connectorID, 1, &info)
            }
        } catch { throw error.isPermissionOrBusy ? .busy(card.path, error) : .system(error) }
    }

    private func prepareAtomic() throws(SystemError) -> AtomicState {
        try drmCall("drmSetClientCap(UNIVERSAL_PLANES)") { drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) }
        try drmCall("drmSetClientCap(ATOMIC)") { drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) }
        guard let crtcIndex = card.crtcIDs().firstIndex(of: crtcID) else {
            throw SystemError(errno: ENODEV, operation: "find CRTC index")
        }
        guard let planes = drmModeGetPlaneResources(card.fd) else {
            throw SystemError(errno: errno, operation: "drmModeGetPlaneResources")
        }
        defer { drmModeFreePlaneResources(planes) }
        for index in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[index]
            guard let plane = drmModeGetPlane(card.fd, id) else { continue }
            let usable = plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0
            drmModeFreePlane(plane)
            let props = card.properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            guard usable, props["type"]?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
            let connectorProps = card.properties(of: connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
            let crtcProps = card.properties(of: crtcID, type: UInt32(DRM_MODE_OBJECT_CRTC))
            guard let connectorCRTC = connectorProps["CRTC_ID"]?.id, let modeID = crtcProps["MODE_ID"]?.id,
                  let active = crtcProps["ACTIVE"]?.id
            else { throw SystemError(errno: ENOTSUP, operation: "atomic properties") }
            return AtomicState(planeID: id, connectorCRTC: connectorCRTC, crtcModeID: modeID, crtcActive: active,
                               plane: props.mapValues(\.id))
        }
        throw SystemError(errno: ENODEV, operation: "find primary plane")
    }

    private func commitModeset(_ state: AtomicState, testOnly: Bool) throws(SystemError) {
        var info = mode.info
        var blob: UInt32 = 0
        try drmCall("drmModeCreatePropertyBlob(mode)") {
            drmModeCreatePropertyBlob(card.fd, &info, MemoryLayout<drmModeModeInfo>.size, &blob)
        }
        defer { drmModeDestroyPropertyBlob(card.fd, blob) }
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        drmModeAtomicAddProperty(request, connector.id, state.connectorCRTC, UInt64(crtcID))
        drmModeAtomicAddProperty(request, crtcID, state.crtcModeID, UInt64(blob))
        drmModeAtomicAddProperty(request, crtcID, state.crtcActive, 1)
        addPlane(state, request: request, framebuffer: buffers[flip.front].framebufferID)
        let flags = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) | (testOnly ? UInt32(DRM_MODE_ATOMIC_TEST_ONLY) : 0)
        try drmCall(testOnly ? "drmModeAtomicCommit(TEST_ONLY)" : "drmModeAtomicCommit(modeset)") {
            drmModeAtomicCommit(card.fd, request, flags, nil)
        }
    }

    private func addPlane(_ state: AtomicState, request: drmModeAtomicReqPtr?, framebuffer: UInt32) {
        let w = UInt64(mode.width), h = UInt64(mode.height)
        let values: [(String, UInt64)] = [
            ("FB_ID", UInt64(framebuffer)), ("CRTC_ID", UInt64(crtcID)),
            ("SRC_X", 0), ("SRC_Y", 0), ("SRC_W", w << 16), ("SRC_H", h << 16),
            ("CRTC_X", 0), ("CRTC_Y", 0), ("CRTC_W", w), ("CRTC_H", h),
        ]
        for (name, value) in values {
            if let id = state.plane[name] { drmModeAtomicAddProperty(request, state.planeID, id, value) }
        }
    }

    /// Queues a non-blocking flip to `framebuffer` with FB_DAMAGE_CLIPS when the plane has it.
    func commitAtomic(_ state: AtomicState, framebuffer: UInt32, damage: [PixelRect],
                      userData: UnsafeMutableRawPointer) throws(SystemError) {
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        drmModeAtomicAddProperty(request, state.planeID, state.plane["FB_ID"]!, UInt64(framebuffer))
        var blob: UInt32 = 0
        if let clipsProperty = state.plane["FB_DAMAGE_CLIPS"], !damage.isEmpty {
            var clips = damage.map {
                drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY))
            }
            if drmModeCreatePropertyBlob(card.fd, &clips, MemoryLayout<drm_mode_rect>.stride * clips.count, &blob) == 0 {
                drmModeAtomicAddProperty(request, state.planeID, clipsProperty, UInt64(blob))
            }
        }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(card.fd, blob) } }
        let flags = UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT)
        try drmCall("drmModeAtomicCommit(flip)") { drmModeAtomicCommit(card.fd, request, flags, userData) }
    }

    /// Switches the panel on or off; see the file comment for the three strategies.
    func setPanelPower(_ on: Bool) {
        if let atomic {
            let request = drmModeAtomicAlloc()
            defer { drmModeAtomicFree(request) }
            drmModeAtomicAddProperty(request, crtcID, atomic.crtcActive, on ? 1 : 0)
            if drmModeAtomicCommit(card.fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0 { return }
        } else if let dpms = card.properties(of: connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))["DPMS"] {
            let value: UInt64 = on ? UInt64(DRM_MODE_DPMS_ON) : UInt64(DRM_MODE_DPMS_OFF)
            if drmModeConnectorSetProperty(card.fd, connector.id, dpms.id, value) == 0 { return }
        }
        guard !on, let backIndex = flip.backBuffer(count: buffers.count) else { return }
        logger.notice("display: no DPMS, blanking with a black frame")
        let back = buffers[backIndex]
        back.clear()
        do {
            if let atomic {
                try commitAtomic(atomic, framebuffer: back.framebufferID, damage: [],
                                 userData: Unmanaged.passUnretained(self).toOpaque())
            } else {
                dirtyFramebuffer(back, damage: [PixelRect(size: physicalSize)])
                try drmCall("drmModePageFlip(black)") {
                    drmModePageFlip(card.fd, crtcID, back.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                                    Unmanaged.passUnretained(self).toOpaque())
                }
            }
            flip.queued(backIndex)
        } catch {
            logger.warning("display: black frame failed: \(error)")
        }
    }
}
