// The UI part of the state dump (DESIGN.md "State dump"): what is on screen, in plain values
// the app serialises. The app adds the items, haptics and action log it owns.

/// The UI's state at one frame.
public struct SceneState: Hashable, Sendable {
    public struct Page: Hashable, Sendable {
        public var id: String
        public var title: String
    }

    public struct Transition: Hashable, Sendable {
        /// "push" or "pop".
        public var kind: String
        public var progress: Double
        public var interactive: Bool
    }

    public struct Sheet: Hashable, Sendable {
        public var id: String
        /// presenting | presented | dragging | dismissing
        public var status: String
        public var offset: Double
        /// The panel's x, y, width, height in screen pixels.
        public var frame: [Double]
        /// Its rows (the Styles sheet shows each setting's value as the detail).
        public var rows: [SheetRow]
    }

    public struct Action: Hashable, Sendable {
        public var id: String
        /// x, y, width, height in screen pixels.
        public var frame: [Double]
    }

    public struct Row: Hashable, Sendable {
        public var id: String
        public var title: String
        public var frame: [Double]
        /// idle | dragging | open | expanded | filling | removing | closing
        public var swipeState: String
        /// nil, "leading" or "trailing".
        public var side: String?
        public var offset: Double
        public var actions: [Action]
    }

    /// A visible section header.
    public struct Header: Hashable, Sendable {
        public var title: String
        /// x, y, width, height in screen pixels, where it is drawn (pinned or in the flow).
        public var frame: [Double]
    }

    public var page: Page
    public var stack: [String]
    public var transition: Transition?
    public var sheet: Sheet?
    public var rows: [Row]
    public var headers: [Header]
    public var toast: String?
}
