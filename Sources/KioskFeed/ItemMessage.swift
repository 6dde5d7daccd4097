// One item message from the broker, checked and turned into a store change (README.md,
// "Fleets": the topic and payload contract). Everything in it comes from the network: the topic
// levels are compared, never used as a path or in SQL text; the payload is bounded before it
// is copied (MQTTClient), must be UTF-8 JSON, one object, with only the items table's columns
// in their types. Anything else is refused with a reason the feed counts and logs.
import Foundation
import KioskFiles
import KioskStore

/// The feed's bounds on what it accepts.
public enum FeedLimits {
    /// The largest item payload, in bytes: an item is a few hundred bytes of text; 256 KiB leaves
    /// room for a long body and refuses a 10 MB message without holding it.
    public static let payloadBytes = 256 * 1024
    /// The longest item id, in bytes (ids are compared and logged; 1 KiB is generous).
    public static let idBytes = 1024
}

/// Why an incoming message was refused (the status' `refused` keys).
public enum RefusalReason: String, CaseIterable, Sendable {
    /// Not `{prefix}/lists/{list}/items/{id}`.
    case badTopic = "bad-topic"
    /// The id is empty, too long, or holds `/`, `+`, `#`, NUL or another control character.
    case badID = "bad-id"
    /// A list this kiosk does not take items for, or a `list_id` that is not the topic's.
    case unknownList = "unknown-list"
    /// Over ``FeedLimits/payloadBytes``.
    case tooLarge = "too-large"
    case invalidUTF8 = "invalid-utf8"
    case invalidJSON = "invalid-json"
    /// Not an object, or a field of the wrong type or out of range.
    case wrongType = "wrong-type"
    /// A field the items table does not have.
    case unknownField = "unknown-field"
    /// `updated_at` is missing.
    case missingField = "missing-field"
}

/// A refused message: the reason and a short detail for the journal.
struct Refusal: Error, Equatable {
    let reason: RefusalReason
    let detail: String
}

/// Reads item messages for one prefix and set of lists.
struct ItemMessageReader {
    let prefix: String
    let lists: Set<String>

    /// The subscription for `list`.
    func filter(list: String) -> String { "\(prefix)/lists/\(list)/items/+" }

    /// The change a message asks for, or why it is refused.
    func change(topic: String, payload: [UInt8]?, size: Int) -> Result<FeedChange, Refusal> {
        let head = prefix + "/lists/"
        guard topic.hasPrefix(head) else { return .failure(Refusal(reason: .badTopic, detail: "not under \(head)")) }
        let levels = topic.dropFirst(head.count).split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard levels.count == 3, levels[1] == "items" else { return .failure(Refusal(reason: .badTopic, detail: "not …/lists/LIST/items/ID")) }
        let list = String(levels[0])
        let id = String(levels[2])
        guard lists.contains(list) else { return .failure(Refusal(reason: .unknownList, detail: "list \(Self.shown(list))")) }
        guard !id.isEmpty, id.utf8.count <= FeedLimits.idBytes,
              !id.unicodeScalars.contains(where: { "/+#".unicodeScalars.contains($0) || $0.properties.generalCategory == .control }) else {
            return .failure(Refusal(reason: .badID, detail: "id \(Self.shown(id)) (\(id.utf8.count) bytes)"))
        }
        guard let payload else {
            return .failure(Refusal(reason: .tooLarge, detail: "\(size) bytes for item \(Self.shown(id)), at most \(FeedLimits.payloadBytes)"))
        }
        if payload.isEmpty { return .success(.remove(id: ItemID(id), listID: list)) }
        guard String(validating: payload, as: UTF8.self) != nil else {
            return .failure(Refusal(reason: .invalidUTF8, detail: "item \(Self.shown(id))"))
        }
        do {
            let fields = try JSONDecoder().decode(ItemPayload.self, from: Data(payload))
            return fields.item(id: id, list: list)
        } catch let refusal as Refusal {
            return .failure(Refusal(reason: refusal.reason, detail: "item \(Self.shown(id)): \(refusal.detail)"))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .failure(Refusal(reason: .invalidJSON, detail: "item \(Self.shown(id))"))
        } catch {
            return .failure(Refusal(reason: .wrongType, detail: "item \(Self.shown(id)): \(Self.field(of: error)) has the wrong type"))
        }
    }

    /// The field a decoding error is about.
    private static func field(of error: Error) -> String {
        let path: [CodingKey]
        switch error as? DecodingError {
        case .typeMismatch(_, let c)?, .valueNotFound(_, let c)?, .keyNotFound(_, let c)?, .dataCorrupted(let c)?: path = c.codingPath
        default: path = []
        }
        return path.last.map { "\"\($0.stringValue)\"" } ?? "the payload (not an object)"
    }

    /// Text from the network for a log line: at most 64 characters, controls escaped.
    static func shown(_ text: String) -> String {
        "\"" + text.shown(atMost: 64) + "\""
    }
}

/// The JSON object of an item message: the items table's columns (`ItemRecord.columns`), each
/// in its type; a column the message leaves out keeps the table's default.
private struct ItemPayload: Decodable {
    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// The columns by name.
    static let columns = Dictionary(uniqueKeysWithValues: ItemRecord.columns.map { ($0.name, $0) })

    /// The message's fields over the table's defaults (`id` and `list_id` are the topic's).
    var record = ItemRecord(id: "", listID: "", title: "", sortKey: 0, updatedAt: 0)
    /// The fields the message gave.
    var given: Set<String> = []

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        for key in c.allKeys {
            guard let column = Self.columns[key.stringValue] else {
                throw Refusal(reason: .unknownField, detail: "field \(ItemMessageReader.shown(key.stringValue)) is not an items column")
            }
            given.insert(column.name)
            switch column.field {
            case .id(_, let set): set(&record, ItemID(try c.decode(String.self, forKey: key)))
            case .text(_, let set): set(&record, try c.decode(String.self, forKey: key))
            case .optionalText(_, let set): set(&record, try c.decodeNil(forKey: key) ? nil : c.decode(String.self, forKey: key))
            case .integer(_, let set): set(&record, try c.decode(Int.self, forKey: key))
            case .integer64(_, let set): set(&record, try c.decode(Int64.self, forKey: key))
            case .optionalInteger64(_, let set): set(&record, try c.decodeNil(forKey: key) ? nil : c.decode(Int64.self, forKey: key))
            case .flag(_, let set): set(&record, try c.decode(Bool.self, forKey: key))
            }
        }
    }

    /// The item, after the checks that span fields.
    func item(id topicID: String, list: String) -> Result<FeedChange, Refusal> {
        if given.contains("id"), record.id != ItemID(topicID) { return .failure(Refusal(reason: .badID, detail: "payload id differs from the topic's")) }
        if given.contains("list_id"), record.listID != list {
            return .failure(Refusal(reason: .unknownList, detail: "payload list_id differs from the topic's"))
        }
        guard given.contains("updated_at") else { return .failure(Refusal(reason: .missingField, detail: "no \"updated_at\" (ms since 1970)")) }
        guard record.updatedAt >= 0, record.badge >= 0, (record.deletedAt ?? 0) >= 0 else {
            return .failure(Refusal(reason: .wrongType, detail: "updated_at, badge and deleted_at must not be negative"))
        }
        // Pictures are files the integrator syncs to the kiosk; the feed downloads nothing.
        if let image = record.image, image.contains("://") {
            return .failure(Refusal(reason: .wrongType, detail: "\"image\" must be a file path, not a URL"))
        }
        var item = record
        item.id = ItemID(topicID)
        item.listID = list
        return .success(.upsert(item))
    }
}
