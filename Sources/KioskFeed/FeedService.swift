// `swipe-kiosk feed`: the process that keeps a kiosk's database in step with its fleet's MQTT
// broker (README.md, "Fleets"). One loop thread (KioskHardware's EventLoop: signalfd, timers,
// an inotify watch on the database) owns the database and all state; MQTTClient's network thread
// only moves bytes and posts events to the FeedMailbox, which wakes this loop. The items side
// is in FeedService+Items.swift, the actions and status side in FeedService+Outbox.swift.
//
// Protocol choice: MQTT 3.1.1 with a clean session and a fresh SUBSCRIBE on every connect. The
// retained items are the catalogue's source of truth and are re-sent whole on each SUBSCRIBE;
// a persistent session would make the broker queue every live change while the kiosk is away
// (silently dropped beyond `max_queued_messages`, reference §1.2) and leave orphan sessions, and
// the v5 alternative needs a session expiry that libmosquitto never sets on its own (§1.1). The
// re-sent catalogue costs no writes: the store skips every item that is not newer than its row.
import Foundation
import KioskHardware
import KioskStore
import Logging
import SwipeCore

/// The running feed.
public final class FeedService: EventLoopClient {
    let setup: FeedSetup
    let store: ItemStore
    let logger: Logger
    let loop: EventLoop
    let client: MQTTClient
    let reader: ItemMessageReader
    var outbox: ActionOutbox
    let commands: FleetCommandRunner
    var counters = FeedCounters()
    var refusalLog = RefusalLog()
    /// Item changes not committed yet, by item (a newer message for the same item replaces one).
    var batch: [ItemID: FeedChange] = [:]
    var flushTimer: TimerID?
    /// When the last batch was committed (or tried).
    var lastCommit = Instant.zero
    /// The wait before the next try of a commit that failed (lock contention, a full disk).
    var commitRetryMilliseconds: Int64 = 0
    var lastCommitProblem: String?
    var connected = false
    var lastFailureKind: String?
    var statusMid: Int32?
    var statusDue = false
    var statusTimer: TimerID?
    var lastStatus = Instant.zero
    /// The app's last answer to the presence message's `status` request, or why it gave none.
    var appStatus: ControlStatus?
    var appStatusError: String?
    let started: Instant
    private let notifier: ServiceNotifier?
    private var readySent = false
    private var watcher: FileChangeWatcher?

    /// The outbox cursor's name in `feed_outbox`.
    static let outboxName = "actions"
    /// The largest batch committed at once, and the shortest time between two commits.
    static let batchLimit = 2000
    static let batchDelayMilliseconds: Int64 = 100
    /// Bytes of messages waiting for the loop before the network thread stops reading.
    static let mailboxBytes = 16 << 20
    static let statusIntervalMilliseconds: Int64 = 60_000

    /// Prepares the feed on `store` (the database the app reads); nothing connects before ``run()``.
    public init(setup: FeedSetup, store: ItemStore, logger: Logger) throws(FeedSetupError) {
        self.setup = setup
        self.store = store
        self.logger = logger
        do {
            loop = try EventLoop(signals: [SIGTERM, SIGINT, SIGHUP])
            outbox = ActionOutbox(cursor: try store.outboxCursor(Self.outboxName))
        } catch {
            throw FeedSetupError(description: "\(error)")
        }
        started = loop.now
        reader = ItemMessageReader(prefix: setup.prefix, lists: Set(setup.lists))
        let waker = LoopWaker(loop: loop)
        let mailbox = FeedMailbox(byteLimit: Self.mailboxBytes) { waker.wake() }
        commands = FleetCommandRunner(socketPath: setup.controlSocket) { mailbox.post(.commandDone($0)) }
        let connection = MQTTConnection(
            host: setup.broker.host, port: Int32(setup.broker.port), keepAlive: Int32(setup.keepAlive),
            clientID: "swipe-kiosk-" + setup.kioskID, usesTLS: setup.broker.usesTLS,
            caFile: setup.caFile, certFile: setup.certFile, keyFile: setup.keyFile,
            username: setup.username, password: setup.password,
            willTopic: setup.statusTopic, willPayload: Array(#"{"state":"offline"}"#.utf8))
        do {
            client = try MQTTClient(connection, mailbox: mailbox)
        } catch {
            throw FeedSetupError(description: error.description)
        }
        notifier = try? ServiceNotifier()
    }

    /// Runs until SIGTERM/SIGINT.
    public func run() throws(SystemError) {
        loop.client = self
        // New actions_log rows wake the loop through inotify (FileChangeWatcher looks again after
        // each burst of writes: a WAL write is seen before its commit is). Where no watch can be
        // set up, the log says so and the action log is read every second instead.
        do {
            let watcher = try FileChangeWatcher(path: store.path)
            try watcher.watch(on: loop) { [weak self] in self?.publishActions() }
            self.watcher = watcher
        } catch {
            logger.notice("feed: no change notifications for \(store.path) (\(error)): reading the action log every second")
            schedulePoll()
        }
        if let notifier { notifier.startWatchdog(on: loop, logger: logger) }
        scheduleStatus()
        guard commands.start() else { throw SystemError(errno: EAGAIN, operation: "pthread_create(feed-commands)") }
        logger.info("feed: kiosk \(setup.kioskID), broker \(setup.broker), lists \(setup.lists.joined(separator: ", ")), outbox after log row \(outbox.cursor)")
        client.start()
        try loop.run()
    }

    private func schedulePoll() {
        loop.schedule(afterMilliseconds: 1000) { [weak self] in
            self?.publishActions()
            self?.schedulePoll()
        }
    }

    private func scheduleStatus() {
        loop.schedule(afterMilliseconds: Self.statusIntervalMilliseconds) { [weak self] in
            self?.refreshPresence()
            self?.scheduleStatus()
        }
    }

    // MARK: EventLoopClient

    /// Every iteration: take what the network thread posted.
    public func tick(now: Instant) {
        if takesMessages { for event in client.mailbox.takeAll() { handle(event) } }
        if !batch.isEmpty && flushTimer == nil && commitRetryMilliseconds == 0 {
            // The first change after a quiet spell is committed at once; while changes keep
            // coming, at most one commit every `batchDelayMilliseconds` (or per `batchLimit`).
            let wait = (lastCommit + .milliseconds(Self.batchDelayMilliseconds) - now).nanoseconds / 1_000_000
            if wait <= 0 || batch.count >= Self.batchLimit {
                commitBatch()
            } else {
                flushTimer = loop.schedule(afterMilliseconds: wait) { [weak self] in
                    self?.flushTimer = nil
                    self?.commitBatch()
                }
            }
        }
        if statusDue && statusTimer == nil {
            // On change, at most once a second: a stream of updates is not a stream of statuses.
            let wait = max(0, (lastStatus + .seconds(1) - now).nanoseconds) / 1_000_000
            statusTimer = loop.schedule(afterMilliseconds: wait) { [weak self] in
                self?.statusTimer = nil
                self?.publishStatus()
            }
        }
    }

    public var needsRender: Bool { false }
    public func render(now: Instant) {}
    public func nextDeadline(now: Instant) -> Instant? { nil }

    public func handle(signal: LoopSignal) {
        switch signal {
        case .terminate: shutDown()
        case .reload: logger.info("feed: SIGHUP ignored; restart the service to read a changed configuration")
        default: break
        }
    }

    // MARK: Events

    private func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            if lastFailureKind != nil || !readySent { logger.info("feed: connected to \(setup.broker)") }
            if readySent { counters.reconnects += 1 }
            lastFailureKind = nil
            connected = true
            noteFirstAttempt(status: "connected to \(setup.broker)")
            for list in setup.lists { client.subscribe(reader.filter(list: list)) }
            subscribeToCommands()
            outbox.resend()
            refreshPresence()
            publishActions()
        case .refused(let code):
            failed(.refused(client.connackText(code)))
        case .failed(let failure):
            failed(failure)
        case .message(let topic, let payload, let size, let retained):
            counters.received += 1
            if isCommandTopic(topic) {
                receiveCommand(topic: topic, payload: payload, size: size, retained: retained)
                return
            }
            switch reader.change(topic: topic, payload: payload, size: size) {
            case .success(let change): add(change)
            case .failure(let refusal):
                counters.refuse(refusal.reason)
                statusDue = true
                refusalLog.log(refusal, topicShown: ItemMessageReader.shown(topic),
                               nowMilliseconds: loop.now.nanoseconds / 1_000_000, logger: logger)
            }
        case .published(let mid):
            acknowledged(mid: mid)
        case .commandDone(let outcome):
            finish(outcome)
        }
    }

    private func failed(_ failure: ConnectFailure) {
        connected = false
        statusMid = nil
        outbox.resend()
        if failure.kind != lastFailureKind { logger.warning("feed: \(failure); retrying with back-off") }
        lastFailureKind = failure.kind
        noteFirstAttempt(status: "not connected: \(failure)")
    }

    /// READY=1 once the first connection attempt has an outcome, either way: the feed runs
    /// offline too, and retries on its own.
    private func noteFirstAttempt(status: String) {
        guard !readySent else { return }
        readySent = true
        _ = try? notifier?.ready(status: status)
    }

    /// SIGTERM: commit what arrived, replace the retained status with "offline", disconnect
    /// (the broker then drops the Will) and end the loop.
    private func shutDown() {
        _ = try? notifier?.stopping()
        commands.stop()
        for event in client.mailbox.takeAll() { handle(event) }
        commitBatch()
        if connected, let mid = client.publish(topic: setup.statusTopic, payload: Array(#"{"state":"offline"}"#.utf8), retain: true) {
            waitForAcknowledgement(mid: mid, milliseconds: 2000)
        }
        client.stop(waitingMilliseconds: 2000)
        logger.info("feed: stopped (\(counters.applied) item rows applied in \(counters.commits) commits, \(counters.acked) actions acknowledged)")
        loop.stop()
    }

    /// Handles events until `mid` is acknowledged or `milliseconds` passed (shutdown only).
    private func waitForAcknowledgement(mid: Int32, milliseconds: Int64) {
        let deadline = loop.now + .milliseconds(milliseconds)
        var done = false
        while !done && loop.now < deadline {
            for event in client.mailbox.wait(milliseconds: 50) {
                if case .published(mid) = event { done = true }
                handle(event)
            }
        }
    }
}

/// Lets the network thread wake the loop (its eventfd write is thread-safe).
private final class LoopWaker: @unchecked Sendable {
    private weak var loop: EventLoop?
    init(loop: EventLoop) { self.loop = loop }
    func wake() { loop?.wake() }
}
