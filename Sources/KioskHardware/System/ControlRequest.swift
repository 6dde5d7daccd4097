// The control socket's protocol (README "Control socket"), shared by the server in the running
// app and the `swipe-kiosk ctl` client, and simple enough for any other local program (the MQTT
// feed) to speak: one request line per connection, one reply, then the server closes.
//
//   request:  `status` | `screenshot` | `screen off` | `screen on` | `reload` | `identify`, then `\n`
//   reply:    `ok N\n` followed by exactly N bytes (a PNG, JSON, or nothing), or `error MESSAGE\n`

/// A request a control client may make.
public enum ControlRequest: String, CaseIterable, Sendable {
    case status
    case screenshot
    case screenOff = "screen off"
    case screenOn = "screen on"
    case reload
    case identify

    /// The longest request line the server reads (including its newline); a longer one is refused.
    public static let maximumLineBytes = 4096

    /// Parses one request line (without its newline; surrounding blanks and a final `\r` ignored,
    /// words separated by any run of blanks).
    public init?(line: String) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        self.init(rawValue: words.joined(separator: " "))
    }

    /// The line a client sends, newline included.
    public var line: String { rawValue + "\n" }

    /// What a client reports when the app answered this request with `error MESSAGE`.
    public func refusal(_ message: String) -> String { "the app refused '\(rawValue)': \(message)" }
}

/// The server's answer to one request.
public enum ControlReply: Equatable, Sendable {
    /// Done; `payload` is the PNG, the JSON, or empty.
    case ok([UInt8])
    /// Refused or failed; the message is one line.
    case error(String)

    /// The reply as it goes over the socket.
    public var bytes: [UInt8] {
        switch self {
        case .ok(let payload): return Array("ok \(payload.count)\n".utf8) + payload
        case .error(let message):
            let oneLine = message.map { $0.isNewline ? " " : $0 }
            return Array("error \(String(oneLine))\n".utf8)
        }
    }

    /// Parses what a server sent, up to its closing the connection.
    /// - Returns: nil when it is no reply of this protocol (or was cut short).
    public init?(bytes: [UInt8]) {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self)
        if header.hasPrefix("error ") {
            self = .error(String(header.dropFirst(6)))
        } else if header.hasPrefix("ok "), let count = Int(header.dropFirst(3)), count >= 0,
                  bytes.count - newline - 1 == count {
            self = .ok(Array(bytes[(newline + 1)...]))
        } else {
            return nil
        }
    }
}
