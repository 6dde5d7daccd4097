// The UI part of the state dump (docs/ARCHITECTURE.md "State dump"): what is on screen, in plain values
// the app serialises. The app adds the items, haptics and action log it owns. Each value encodes
// itself with the dump's keys (an absent value is an explicit JSON null, as docs/ARCHITECTURE.md shows).

/// The UI's state at one frame.
public struct SceneState: Hashable, Sendable {
    public struct Page: Hashable, Sendable, Encodable {
        public var id: String
        public var title: String
    }

    public struct Transition: Hashable, Sendable, Encodable {
        /// Which way a navigation transition goes (the dump's `kind`).
        public enum Kind: String, Hashable, Sendable, Encodable {
            case push, pop
        }

        public var kind: Kind
        public var progress: Double
        public var interactive: Bool
    }

    public struct Sheet: Hashable, Sendable, Encodable {
        public var id: String
        /// presenting | presented | dragging | dismissing
        public var status: String
        public var offset: Double
        /// The panel's x, y, width, height in screen pixels.
        public var frame: [Double]
        /// Its rows (the Styles sheet shows each setting's value as the detail).
        public var rows: [SheetRow]

        enum CodingKeys: String, CodingKey { case id, status, offset, frame, rows }
        enum RowKeys: String, CodingKey { case id, title, detail }

        /// Rows as `{"id", "title", "detail"}`, `detail` null when the row has none.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(status, forKey: .status)
            try c.encode(offset, forKey: .offset)
            try c.encode(frame, forKey: .frame)
            var list = c.nestedUnkeyedContainer(forKey: .rows)
            for row in rows {
                var r = list.nestedContainer(keyedBy: RowKeys.self)
                try r.encode(row.id, forKey: .id)
                try r.encode(row.title, forKey: .title)
                try r.encode(row.detail, forKey: .detail)
            }
        }
    }

    public struct Action: Hashable, Sendable, Encodable {
        public var id: String
        /// x, y, width, height in screen pixels.
        public var frame: [Double]
    }

    public struct Row: Hashable, Sendable, Encodable {
        public var id: String
        public var title: String
        public var frame: [Double]
        /// idle | dragging | open | expanded | filling | removing | closing
        public var swipeState: String
        /// nil, "leading" or "trailing".
        public var side: String?
        public var offset: Double
        public var actions: [Action]

        enum CodingKeys: String, CodingKey { case id, title, frame, swipe, actions }
        enum SwipeKeys: String, CodingKey { case state, side, offset }

        /// The swipe as a nested `{"state", "side", "offset"}`, `side` null while closed.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(frame, forKey: .frame)
            var swipe = c.nestedContainer(keyedBy: SwipeKeys.self, forKey: .swipe)
            try swipe.encode(swipeState, forKey: .state)
            try swipe.encode(side, forKey: .side)
            try swipe.encode(offset, forKey: .offset)
            try c.encode(actions, forKey: .actions)
        }
    }

    /// A visible section header.
    public struct Header: Hashable, Sendable, Encodable {
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
    /// The newest toast's message.
    public var toast: String?
    /// Every toast showing, bottom to top (an Undo toast and a message above it).
    public var toasts: [String]
    /// The keyboard-focused item of the list on top (nil: no focus shown, or not a list).
    public var focus: String?
}
