// libmosquitto, driven from one network thread of our own. Why not `mosquitto_loop_start`: its
// reconnect has no jitter and reports nothing for a failed TCP or DNS attempt, and the feed must
// log each failure class and spread a fleet's reconnects (ReconnectBackoff). Why not the feed's
// epoll loop: every connect does a blocking getaddrinfo and TCP connect (reference §1.1), which
// would stall the database work and the watchdog. So this thread connects, runs
// `mosquitto_loop` (which libmosquitto wakes through its own socket pair when another thread
// publishes) and sleeps between attempts; its callbacks only post events to the FeedMailbox.
// Other threads call `publish`/`subscribe`, which libmosquitto makes thread-safe.
import CMosquitto
import Foundation
import KioskFiles

/// What the client connects to and how.
struct MQTTConnection: Sendable {
    var host: String
    var port: Int32
    var keepAlive: Int32
    var clientID: String
    var usesTLS: Bool
    var caFile: String?
    var certFile: String?
    var keyFile: String?
    var username: String?
    var password: String?
    /// The retained Last Will: topic and payload.
    var willTopic: String
    var willPayload: [UInt8]
}

/// Why the client could not be set up (bad files, out of memory): the feed exits with 65 or 70.
struct MQTTSetupError: Error, CustomStringConvertible {
    let description: String
}

/// One libmosquitto client and its network thread.
final class MQTTClient: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lib: Mosquitto
    private let connection: MQTTConnection
    let mailbox: FeedMailbox
    /// Guards `stopping`; the thread's back-off waits on it.
    private let control = NSCondition()
    private var stopping = false
    private var finished = false
    private var thread: Thread?
    /// The current connection attempt: whether a CONNACK or a failure already said how it went,
    /// and whether the broker accepted it (network thread only).
    private var attemptSettled = false
    private var attemptAccepted = false

    /// Creates the client (clean session, MQTT 3.1.1) and applies TLS, login and Will.
    init(_ connection: MQTTConnection, mailbox: FeedMailbox) throws(MQTTSetupError) {
        self.connection = connection
        self.mailbox = mailbox
        switch Mosquitto.loaded {
        case .success(let lib): self.lib = lib
        case .failure(let error): throw MQTTSetupError(description: error.description)
        }
        guard let handle = lib.new(connection.clientID, true, nil) else {
            throw MQTTSetupError(description: "mosquitto_new failed (out of memory)")
        }
        self.handle = handle
        lib.userDataSet(handle, Unmanaged.passUnretained(self).toOpaque())
        _ = lib.threadedSet(handle, true)
        try check(lib.willSet(handle, connection.willTopic, Int32(connection.willPayload.count), connection.willPayload, 1, true),
                  "set the Last Will")
        if let user = connection.username {
            try check(lib.usernamePasswordSet(handle, user, connection.password), "set the user name and password")
        }
        if connection.usesTLS {
            if connection.caFile == nil { try check(lib.intOption(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "trust the system's CAs") }
            try check(lib.tlsSet(handle, connection.caFile, nil, connection.certFile, connection.keyFile, nil),
                      "load the TLS files (\(connection.caFile ?? "system CAs"), \(connection.certFile ?? "no client certificate"))")
            try check(lib.tlsOptionsSet(handle, 1, "tlsv1.2", nil), "require TLS 1.2 with peer verification")
        }
        // The callbacks run on the network thread, inside mosquitto_loop.
        lib.connectWithFlagsCallbackSet(handle) { _, context, code, _ in
            let client = MQTTClient.client(context)
            client.noteAttemptEnded(accepted: code == 0)
            client.mailbox.post(code == 0 ? .connected : .refused(code: code))
        }
        lib.publishCallbackSet(handle) { _, context, mid in
            MQTTClient.client(context).mailbox.post(.published(mid: mid))
        }
        lib.messageCallbackSet(handle) { _, context, message in
            guard let message else { return }
            let m = message.pointee
            let topic = m.topic.map { String(cString: $0) } ?? ""
            let size = Int(m.payloadlen)
            var payload: [UInt8]?
            if size <= FeedLimits.payloadBytes {
                payload = size == 0 ? [] : m.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
            }
            MQTTClient.client(context).mailbox.post(.message(topic: topic, payload: payload, size: size, retained: m.retain))
        }
        lib.logCallbackSet(handle) { _, context, level, text in
            // libmosquitto reports a TLS verification failure only through its log.
            guard level == MOSQ_LOG_ERR, let text else { return }
            let line = String(cString: text)
            guard line.contains("SSL") || line.contains("certificate") || line.contains("TLS") else { return }
            let client = MQTTClient.client(context)
            client.noteAttemptEnded(accepted: false)
            client.mailbox.post(.failed(.tls(line.shown(atMost: 200))))
        }
    }

    deinit {
        lib.destroy(handle)
    }

    private static func client(_ context: UnsafeMutableRawPointer?) -> MQTTClient {
        Unmanaged<MQTTClient>.fromOpaque(context!).takeUnretainedValue()
    }

    /// A CONNACK or a TLS failure settled the current attempt (network thread only).
    private func noteAttemptEnded(accepted: Bool) {
        attemptSettled = true
        if accepted { attemptAccepted = true }
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTSetupError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTSetupError(description: "cannot \(what): \(lib.text(ofError: code))")
        }
    }

    /// Starts the network thread: connect, run, back off, until ``stop()``.
    func start() {
        let thread = Thread { [self] in runNetwork() }
        thread.name = "mqtt"
        self.thread = thread
        thread.start()
    }

    /// Publishes at QoS 1; returns the message id, or nil when libmosquitto refused (not connected).
    func publish(topic: String, payload: [UInt8], retain: Bool) -> Int32? {
        var mid: Int32 = 0
        let code = lib.publish(handle, &mid, topic, Int32(payload.count), payload, 1, retain)
        return code == MOSQ_ERR_SUCCESS.rawValue ? mid : nil
    }

    /// Subscribes to `filter` at `qos` (0 unless told); false when not connected. Items are
    /// subscribed at QoS 0: mosquitto sends the retained messages of a new QoS 1 subscription
    /// 20 in flight and `max_queued_messages` (default 1000) waiting, and silently drops the
    /// rest: 10,000 items arrived as 1,020. QoS 0 is dropped only when that many packets wait for
    /// a slow reader (100,000 items arrived as 93,481 at the default), which the broker's
    /// `max_queued_messages` above the catalogue's size rules out (docs/OPERATIONS.md, "Fleets").
    /// QoS 0 loses nothing else: TCP delivers in order while connected, and every reconnect
    /// re-subscribes and gets the whole retained catalogue again. Commands (a few, never
    /// retained) are subscribed at QoS 1.
    @discardableResult
    func subscribe(_ filter: String, qos: Int32 = 0) -> Bool {
        lib.subscribe(handle, nil, filter, qos) == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Sends DISCONNECT (the broker then drops the Will), ends the thread and waits for it, at most `milliseconds`.
    func stop(waitingMilliseconds milliseconds: Int) {
        control.lock()
        stopping = true
        control.broadcast()
        control.unlock()
        mailbox.close()
        _ = lib.disconnect(handle)
        control.lock()
        let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
        while !finished && thread != nil { if !control.wait(until: deadline) { break } }
        control.unlock()
    }

    private var isStopping: Bool {
        control.lock()
        defer { control.unlock() }
        return stopping
    }

    private func runNetwork() {
        var backoff = ReconnectBackoff()
        while !isStopping {
            attemptSettled = false
            attemptAccepted = false
            let code = lib.connect(handle, connection.host, connection.port, connection.keepAlive)
            if code == MOSQ_ERR_SUCCESS.rawValue {
                var loopCode: Int32 = MOSQ_ERR_SUCCESS.rawValue
                while !isStopping {
                    loopCode = lib.loop(handle, 1000, 1)
                    guard loopCode == MOSQ_ERR_SUCCESS.rawValue else { break }
                }
                if isStopping { break }
                if attemptAccepted {
                    mailbox.post(.failed(.lost(describe(loopCode))))
                    backoff.reset()
                } else if !attemptSettled {
                    mailbox.post(.failed(.network("closed before the broker answered: \(describe(loopCode))")))
                }
            } else {
                mailbox.post(.failed(classify(code)))
            }
            sleep(milliseconds: backoff.nextDelay())
        }
        control.lock()
        finished = true
        control.broadcast()
        control.unlock()
    }

    /// Waits `milliseconds`, or less when ``stop()`` is called.
    private func sleep(milliseconds: Int) {
        control.lock()
        let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
        while !stopping { if !control.wait(until: deadline) { break } }
        control.unlock()
    }

    private func describe(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        return lib.text(ofError: code)
    }

    /// libmosquitto's text for a CONNACK refusal code.
    func connackText(_ code: Int32) -> String {
        "\(lib.text(ofConnack: code)) (CONNACK \(code))"
    }

    /// The failure class of a `mosquitto_connect` result.
    private func classify(_ code: Int32) -> ConnectFailure {
        switch code {
        case MOSQ_ERR_EAI.rawValue: return .nameLookup(describe(code))
        case MOSQ_ERR_TLS.rawValue: return .tls(describe(code))
        default: return .network(describe(code))
        }
    }
}
