// What `swipe-kiosk feed` needs besides the checked `[feed]` values: the kiosk's id (configured,
// or from /etc/machine-id), the lists it takes items for, and the broker login, read from a file
// only the service user may read or from a systemd credential, never from the configuration
// (which is world-readable). Problems here are the operator's to fix: exit 65 with what to do.
import Foundation
import KioskConfig
import KioskFiles

/// The feed's settings, resolved.
public struct FeedSetup: Sendable {
    public var broker: FeedBroker
    public var prefix: String
    public var kioskID: String
    public var lists: [String]
    public var keepAlive: Int
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    public var username: String?
    public var password: String?
    /// The running app's control socket, for the commands.
    public var controlSocket: String
    /// The program's version, for the status.
    public var version: String

    /// `{prefix}/kiosks/{kiosk}/status`
    public var statusTopic: String { "\(prefix)/kiosks/\(kioskID)/status" }
    /// `{prefix}/kiosks/{kiosk}/actions`
    public var actionsTopic: String { "\(prefix)/kiosks/\(kioskID)/actions" }
    /// `{prefix}/kiosks/{kiosk}/commands`: commands for this kiosk.
    public var commandsTopic: String { "\(prefix)/kiosks/\(kioskID)/commands" }
    /// `{prefix}/commands`: commands for every kiosk of the fleet.
    public var fleetCommandsTopic: String { "\(prefix)/commands" }
    /// `{prefix}/kiosks/{kiosk}/responses`: one response per command.
    public var responsesTopic: String { "\(prefix)/kiosks/\(kioskID)/responses" }
    /// `{prefix}/kiosks/{kiosk}/screenshot`: the PNG a `screenshot` command took.
    public var screenshotTopic: String { "\(prefix)/kiosks/\(kioskID)/screenshot" }
}

/// A feed that cannot start as configured.
public struct FeedSetupError: Error, CustomStringConvertible {
    public let description: String
}

extension FeedSetup {
    /// The largest credentials file read.
    static let credentialsBytes = 4096

    /// Resolves `configuration.feed`; `environment` looks up `CREDENTIALS_DIRECTORY`.
    public init(
        configuration: KioskConfiguration, version: String, machineIDPath: String = "/etc/machine-id",
        environment: (String) -> String? = { ProcessInfo.processInfo.environment[$0] }
    ) throws(FeedSetupError) {
        guard let feed = configuration.feed else {
            throw FeedSetupError(description: "the configuration has no [feed] section: this kiosk takes no fleet feed")
        }
        broker = feed.broker
        prefix = feed.prefix
        keepAlive = feed.keepAlive
        caFile = feed.caFile
        certFile = feed.certFile
        keyFile = feed.keyFile
        controlSocket = feed.controlSocket
        self.version = version
        // A list showing another's items (`[lists.filter] source`) takes them from that list id.
        var seen = Set<String>()
        lists = (feed.lists ?? configuration.lists.map { $0.filter.source ?? $0.id }).filter { seen.insert($0).inserted }
        if let bad = lists.first(where: { !FeedSettings.isTopicLevel($0) }) {
            throw FeedSetupError(description: "list \"\(bad.shown(atMost: 40))\" cannot be a topic level; name the feed's lists in feed.lists")
        }
        if let configured = feed.kioskID { kioskID = configured } else { kioskID = try Self.machineKioskID(path: machineIDPath) }
        if let path = feed.credentialsFile {
            (username, password) = try Self.credentials(path, requirePrivate: true, mayBeMissing: false)!
        } else if let directory = environment("CREDENTIALS_DIRECTORY"), !directory.isEmpty,
                  let login = try Self.credentials(directory + "/mqtt", requirePrivate: false, mayBeMissing: true) {
            // systemd made the credential (LoadCredential=mqtt:…) readable by this service alone.
            (username, password) = login
        }
    }

    /// The first 12 hex digits of the machine id (unique per installation, stable across boots).
    static func machineKioskID(path: String) throws(FeedSetupError) -> String {
        let text: String
        do { text = try InputFile.text(path, limit: 256) } catch {
            throw FeedSetupError(description: "cannot read \(path) for the kiosk id (\(error)); set feed.kiosk_id")
        }
        let hex = text.prefix { $0.isHexDigit }
        guard hex.count >= 12 else { throw FeedSetupError(description: "\(path) holds no machine id; set feed.kiosk_id") }
        return String(hex.prefix(12)).lowercased()
    }

    /// "username\npassword" from `path`; a file others may read is refused when `requirePrivate`;
    /// nil when the file does not exist and `mayBeMissing`.
    static func credentials(_ path: String, requirePrivate: Bool, mayBeMissing: Bool) throws(FeedSetupError) -> (String, String)? {
        let text: String
        do { text = try InputFile.text(path, limit: credentialsBytes, privateToOwner: requirePrivate) } catch {
            if mayBeMissing, case .system("open", ENOENT) = error.reason { return nil }
            throw FeedSetupError(description: "the credentials file \(error)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, !lines[0].isEmpty, lines.dropFirst(2).allSatisfy(\.isEmpty) else {
            throw FeedSetupError(description: "the credentials file \(path) must hold two lines: the user name, then the password")
        }
        return (String(lines[0]), String(lines[1]))
    }
}
