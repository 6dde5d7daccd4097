// What the control socket's `status` answers (README "Control socket"; docs/OPERATIONS.md): one
// type for both ends, so the app that encodes it and the feed that decodes it for its presence
// message (README "Fleets") cannot drift apart. Plain Codable values: JSON is done by the callers.

/// The running app's status.
public struct ControlStatus: Codable, Equatable, Sendable {
    /// The page on top: its id and title.
    public struct Page: Codable, Equatable, Sendable {
        public let id: String, title: String
        public init(id: String, title: String) { self.id = id; self.title = title }
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

    public init(version: String, kiosk: String, page: Page?, items: [String: Int], screen: String, uptimeSeconds: Double,
                lastTouchAgeSeconds: Double?, touchToFlipP99Ms: Double?, frames: Int, frameP99Ms: Double?, frameMaxMs: Double?) {
        self.version = version; self.kiosk = kiosk; self.page = page; self.items = items; self.screen = screen
        self.uptimeSeconds = uptimeSeconds; self.lastTouchAgeSeconds = lastTouchAgeSeconds; self.touchToFlipP99Ms = touchToFlipP99Ms
        self.frames = frames; self.frameP99Ms = frameP99Ms; self.frameMaxMs = frameMaxMs
    }
}
