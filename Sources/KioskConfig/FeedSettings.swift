// `[feed]`: where `swipe-kiosk feed` finds its MQTT broker and how it talks to it (README.md,
// "Fleets"). Read and checked here like every other section (file:line:column diagnostics,
// ranges), so `check-config` refuses a feed that could never connect safely: a plain mqtt://
// broker that is not on this machine, unless `allow_insecure = true` says the network is trusted.
import KioskFiles

/// `[feed]`: the fleet feed's broker, topics and credentials. Absent: the kiosk runs no feed.
public struct FeedSettings: Hashable, Sendable {
    /// The broker: `mqtt://host[:port]` (plain, 1883) or `mqtts://host[:port]` (TLS, 8883).
    public var broker: FeedBroker
    /// The first topic levels of every topic the feed uses (`site-a/kiosks` is fine).
    public var prefix: String = "swipe-kiosk"
    /// This kiosk's topic level and MQTT client id; nil: the first 12 hex digits of /etc/machine-id.
    public var kioskID: String?
    /// The lists whose items come from the broker; nil: every configured list.
    public var lists: [String]?
    /// PEM file of the certificate authorities the broker's certificate must chain to (mqtts);
    /// nil: the operating system's trusted authorities.
    public var caFile: String?
    /// A client certificate and its key (PEM), for brokers that require one.
    public var certFile: String?
    public var keyFile: String?
    /// A file holding "username\npassword", readable only by the service user; nil: the systemd
    /// credential `$CREDENTIALS_DIRECTORY/mqtt` when there is one, else no login.
    public var credentialsFile: String?
    /// Allows a plain mqtt:// broker that is not on the loopback interface.
    public var allowInsecure = false
    /// Seconds between MQTT keep-alives; the broker declares the kiosk offline after 1.5 times that.
    public var keepAlive = 60
    /// The accepted `keepalive_s` (libmosquitto refuses below 5).
    public static let keepAliveRange = 5...3600
    /// The running app's control socket, where the feed sends the commands it receives: the
    /// kiosk unit's RuntimeDirectory (`run` without `--control-socket` under systemd).
    public var controlSocket = "/run/swipe-kiosk/control.sock"
    /// The longest socket path: a Unix socket address holds 107 bytes and a NUL.
    public static let controlSocketBytes = 107

    public init(broker: FeedBroker) { self.broker = broker }
}

/// A parsed `broker` URL.
public struct FeedBroker: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var usesTLS: Bool

    public init(host: String, port: Int, usesTLS: Bool) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
    }

    /// `mqtt://host[:port]` or `mqtts://host[:port]`; an IPv6 address in brackets. Nil when malformed.
    public init?(url: String) {
        let scheme: Bool
        let rest: Substring
        if url.hasPrefix("mqtts://") { (scheme, rest) = (true, url.dropFirst(8)) }
        else if url.hasPrefix("mqtt://") { (scheme, rest) = (false, url.dropFirst(7)) }
        else { return nil }
        var host: Substring
        var portText: Substring?
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        if host.last == "/" { host = host.dropLast() }
        guard !host.isEmpty, host.utf8.count <= 253,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:_".contains($0)) }) else { return nil }
        let port: Int
        if let portText {
            guard let number = Int(portText.hasSuffix("/") ? portText.dropLast() : portText), (1...65_535).contains(number) else { return nil }
            port = number
        } else {
            port = scheme ? 8883 : 1883
        }
        self.init(host: String(host), port: port, usesTLS: scheme)
    }

    /// True for this machine's own addresses: localhost, 127.0.0.0/8, ::1.
    public var isLoopback: Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name.hasPrefix("127.") && name.split(separator: ".").count == 4
    }

    public var description: String {
        (usesTLS ? "mqtts://" : "mqtt://") + (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}

extension FeedSettings {
    /// True when `text` can be one topic level: not empty, at most 128 bytes, no `/`, `+`, `#`,
    /// NUL or other control character.
    public static func isTopicLevel(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128 && !text.unicodeScalars.contains {
            $0 == "/" || $0 == "+" || $0 == "#" || $0.properties.generalCategory == .control
        }
    }

    /// Reads `[feed]`; nil when `broker` is missing or malformed (reported).
    init?(reading r: ConfigReader) {
        let url = r.requiredString("broker")
        let broker = url.flatMap(FeedBroker.init(url:))
        if let url, !url.isEmpty, broker == nil {
            r.report("feed.broker must look like \"mqtts://broker.example.com:8883\" or \"mqtt://127.0.0.1:1883\", not \"\(url.shown(atMost: 80))\"",
                     key: "broker")
        }
        self.init(broker: broker ?? FeedBroker(host: "localhost", port: 1883, usesTLS: false))
        if let text = r.string("prefix") {
            let levels = text.split(separator: "/", omittingEmptySubsequences: false)
            if levels.allSatisfy({ Self.isTopicLevel(String($0)) }) { prefix = text } else {
                r.report("feed.prefix must be topic levels separated by \"/\" (no empty level, \"+\", \"#\" or control characters), "
                         + "not \"\(text.shown(atMost: 80))\"", key: "prefix")
            }
        }
        if let text = r.string("kiosk_id") {
            if Self.isTopicLevel(text) { kioskID = text } else {
                r.report("feed.kiosk_id must be one topic level of 1 to 128 bytes without \"/\", \"+\", \"#\" or control characters",
                         key: "kiosk_id")
            }
        }
        if let names = r.strings("lists") {
            for (i, name) in names.enumerated() where !Self.isTopicLevel(name) {
                r.diagnostics.report("feed.lists[\(i)] must be a list id usable as one topic level (no \"/\", \"+\", \"#\")",
                                     at: r.path.appending("lists").appending(index: i))
            }
            lists = names
        }
        func file(_ key: String) -> String? {
            guard let path = r.string(key) else { return nil }
            if path.isEmpty { r.report("feed.\(key) must be a file path; it is empty", key: key); return nil }
            return path
        }
        caFile = file("ca_file")
        certFile = file("cert_file")
        keyFile = file("key_file")
        credentialsFile = file("credentials_file")
        allowInsecure = r.bool("allow_insecure", default: allowInsecure)
        keepAlive = r.integer("keepalive_s", default: keepAlive, in: Self.keepAliveRange)
        if let path = r.string("control_socket") {
            if path.hasPrefix("/"), path.utf8.count <= Self.controlSocketBytes, !path.unicodeScalars.contains(where: { $0.value == 0 }) {
                controlSocket = path
            } else {
                r.report("feed.control_socket must be an absolute path of at most \(Self.controlSocketBytes) bytes "
                         + "(a Unix socket address), not \"\(path.shown(atMost: 80))\"", key: "control_socket")
            }
        }
        if (certFile == nil) != (keyFile == nil) {
            r.report("feed.cert_file and feed.key_file go together: a client certificate needs its key", key: certFile == nil ? "key_file" : "cert_file")
        }
        if let broker, !broker.usesTLS {
            if caFile != nil || certFile != nil {
                r.report("feed.ca_file and feed.cert_file need an mqtts:// broker; \(broker) is plain TCP", key: "broker")
            }
            if !broker.isLoopback && !allowInsecure {
                r.report("feed.broker \(broker) is plain MQTT to another machine: passwords and items would cross the network "
                         + "in clear text; use mqtts:// (or set feed.allow_insecure = true on a trusted network)", key: "broker")
            }
        }
        r.finish()
        guard broker != nil else { return nil }
    }
}
