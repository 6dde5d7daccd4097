// One command from the fleet's commands topics (README.md, "Fleets": commands) and the response
// the feed publishes for it. Everything here comes from the network: the payload is bounded,
// must be UTF-8, and is either the command's text (`screen off`) or a JSON object
// `{"command": "screen off", "id": "…"}` whose `id` the response carries back, so a caller can
// match them. A command the app does not know is refused here, before it reaches the socket.
import Foundation
import KioskFiles
import KioskHardware

/// A command that can be run: the control request and the caller's id, if any.
struct FleetCommand: Sendable, Equatable {
    let request: ControlRequest
    let id: String?
    /// Asked by the feed itself for its presence message (the app's `status`): not from the
    /// broker, not counted as a command, no response published.
    var forPresence = false

    /// The largest command payload: a command and an id are a few dozen bytes.
    static let payloadBytes = 1024
    /// The longest `id` echoed back.
    static let idBytes = 256

    /// Parses a payload of `size` bytes (`payload` nil: not copied, too large).
    /// - Returns: the command, or why it is refused.
    static func parse(payload: [UInt8]?, size: Int) -> Result<FleetCommand, CommandRefusal> {
        func refuse(_ text: String, _ error: String, id: String? = nil) -> Result<FleetCommand, CommandRefusal> {
            .failure(CommandRefusal(command: text, id: id, error: error))
        }
        guard let payload, size <= payloadBytes else { return refuse("", "the command is \(size) bytes; at most \(payloadBytes) are read") }
        guard let text = String(validating: payload, as: UTF8.self) else { return refuse("", "the command is not UTF-8 text") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var word = trimmed
        var id: String?
        if trimmed.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else {
                return refuse("", #"the command is neither text nor a JSON object {"command": "…", "id": "…"}"#)
            }
            if let unknown = object.keys.sorted().first(where: { $0 != "command" && $0 != "id" }) {
                return refuse("", "unknown field \"\(shown(unknown))\"; a command object has \"command\" and \"id\"")
            }
            if let value = object["id"] {
                guard let text = value as? String, text.utf8.count <= idBytes else {
                    return refuse("", "\"id\" must be a string of at most \(idBytes) bytes")
                }
                id = text
            }
            guard let command = object["command"] as? String else { return refuse("", "\"command\" must be a string", id: id) }
            word = command
        }
        guard let request = ControlRequest(line: word) else {
            let known = ControlRequest.allCases.map(\.rawValue).joined(separator: ", ")
            return refuse(shown(word), "unknown command \"\(shown(word))\"; expected one of: \(known)", id: id)
        }
        return .success(FleetCommand(request: request, id: id))
    }

    /// At most 64 characters of a text from the network, for a response or the journal.
    static func shown(_ text: String) -> String {
        text.shown(atMost: 64)
    }
}

/// A payload that is no command: what was read of it, and why.
struct CommandRefusal: Error, Equatable {
    /// The command as received (shortened), or empty when none could be read.
    let command: String
    let id: String?
    let error: String
}

/// What the feed publishes on `{prefix}/kiosks/{kiosk}/responses` for one command.
struct CommandResponse {
    /// The command as understood (`screen off`), or as received when it was refused.
    var command: String
    var id: String?
    var ok: Bool
    var error: String?
    /// `status`: the app's status object.
    var status: [String: Any]?
    /// `screenshot`: the size of the PNG published on the screenshot topic.
    var screenshotBytes: Int?

    init(command: String, id: String?, ok: Bool, error: String? = nil) {
        self.command = command
        self.id = id
        self.ok = ok
        self.error = error
    }

    /// The JSON published (keys sorted).
    var payload: [UInt8] {
        var object: [String: Any] = ["command": command, "ok": ok]
        if let id { object["id"] = id }
        if let error { object["error"] = error }
        if let status { object["status"] = status }
        if let screenshotBytes { object["screenshot_bytes"] = screenshotBytes }
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map(Array.init) ?? Array(#"{"ok":false}"#.utf8)
    }
}
