// What the control socket's `status` answers (README "Control socket"; docs/OPERATIONS.md): one
// type for both ends, so the app that encodes it and the feed that decodes it for its presence
// message (README "Fleets") cannot drift apart. Plain Codable values: JSON is done by the callers.
import KioskFiles

/// The running app's status.
public struct ControlStatus: Codable, Equatable, Sendable {
    /// The page on top: its id and title.
    public struct Page: Codable, Equatable, Sendable {
        public let id: String, title: String
        /// The id and title as a status shows them: at most 200 scalars each (a title is an
        /// item's, which may be 30,000 combining marks; the status is retained on a broker).
        public init(id: String, title: String) {
            self.id = id.shown(atMost: Self.shownScalars)
            self.title = title.shown(atMost: Self.shownScalars)
        }

        public static let shownScalars = 200
    }
    public let version: String
    public let kiosk: String
    public let page: Page?
    /// Items per list the app has loaded.
    public let items: [String: Int]
    /// `on` or `off`.
    public let screen: String
    public let uptimeSeconds: Double
    public let lastTouchAgeSeconds: Double?
    public let touchToFlipP99Ms: Double?
    /// Frames presented after the first (start-up), and their loop time (tick to present): p99
    /// and maximum, absent while there are none.
    public let frames: Int
    public let frameP99Ms: Double?
    public let frameMaxMs: Double?

    enum CodingKeys: String, CodingKey {
        case version, kiosk, page, items, screen, frames
        case uptimeSeconds = "uptime_s", lastTouchAgeSeconds = "last_touch_age_s", touchToFlipP99Ms = "touch_to_flip_p99_ms"
        case frameP99Ms = "frame_p99_ms", frameMaxMs = "frame_max_ms"
    }

    /// Reads a status; `frames` may be missing (an app from before it was added, still running
    /// while a newer feed asks during an upgrade).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(String.self, forKey: .version)
        kiosk = try c.decode(String.self, forKey: .kiosk)
        page = try c.decodeIfPresent(Page.self, forKey: .page)
        items = try c.decode([String: Int].self, forKey: .items)
        screen = try c.decode(String.self, forKey: .screen)
        uptimeSeconds = try c.decode(Double.self, forKey: .uptimeSeconds)
        lastTouchAgeSeconds = try c.decodeIfPresent(Double.self, forKey: .lastTouchAgeSeconds)
        touchToFlipP99Ms = try c.decodeIfPresent(Double.self, forKey: .touchToFlipP99Ms)
        frames = try c.decodeIfPresent(Int.self, forKey: .frames) ?? 0
        frameP99Ms = try c.decodeIfPresent(Double.self, forKey: .frameP99Ms)
        frameMaxMs = try c.decodeIfPresent(Double.self, forKey: .frameMaxMs)
    }

    public init(version: String, kiosk: String, page: Page?, items: [String: Int], screen: String, uptimeSeconds: Double,
                lastTouchAgeSeconds: Double?, touchToFlipP99Ms: Double?, frames: Int, frameP99Ms: Double?, frameMaxMs: Double?) {
        self.version = version; self.kiosk = kiosk; self.page = page; self.items = items; self.screen = screen
        self.uptimeSeconds = uptimeSeconds; self.lastTouchAgeSeconds = lastTouchAgeSeconds; self.touchToFlipP99Ms = touchToFlipP99Ms
        self.frames = frames; self.frameP99Ms = frameP99Ms; self.frameMaxMs = frameMaxMs
    }
}
