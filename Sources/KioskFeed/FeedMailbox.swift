// The hand-over from the MQTT network thread (MQTTClient, where libmosquitto's callbacks run)
// to the feed's own loop thread, which owns the database. Events queue here under a lock and
// the loop is woken through its eventfd. The queue is bounded in bytes: when the loop falls
// behind (a burst of 100,000 retained items, a database locked for a while) the network thread
// waits in its message callback, so libmosquitto stops reading the socket and TCP slows the
// broker down. Nothing is dropped and memory stays bounded.
import Foundation

/// What happened on the network side.
enum MQTTEvent: Sendable {
    /// CONNACK accepted.
    case connected
    /// CONNACK refused: the reason code (4 bad user name or password, 5 not authorised, …).
    case refused(code: Int32)
    /// A connection attempt or an established connection failed.
    case failed(ConnectFailure)
    /// A message arrived; `payload` is nil when it was over `FeedLimits.payloadBytes` (not copied).
    case message(topic: String, payload: [UInt8]?, size: Int, retained: Bool)
    /// The broker acknowledged the QoS 1 publish `mid` (PUBACK).
    case published(mid: Int32)
    /// The command thread has the app's answer to a command (posted by FleetCommandRunner, not the network thread).
    case commandDone(CommandOutcome)
}

/// A bounded, locked queue of ``MQTTEvent``s, from the producer threads to one consumer.
final class FeedMailbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [MQTTEvent] = []
    private var queuedBytes = 0
    private var closed = false
    private let byteLimit: Int
    /// Called after an event is queued (wakes the consumer's loop); safe from any thread.
    private let wake: @Sendable () -> Void

    init(byteLimit: Int, wake: @escaping @Sendable () -> Void) {
        self.byteLimit = byteLimit
        self.wake = wake
    }

    /// Queues `event`; a message waits while the queue holds more than the byte limit.
    func post(_ event: MQTTEvent) {
        condition.lock()
        let size = Self.size(of: event)
        while size > 0 && queuedBytes + size > byteLimit && !events.isEmpty && !closed { condition.wait() }
        events.append(event)
        queuedBytes += size
        condition.broadcast()
        condition.unlock()
        wake()
    }

    /// Takes every queued event, oldest first, and lets a waiting producer go on.
    func takeAll() -> [MQTTEvent] {
        condition.lock()
        defer { condition.unlock() }
        let taken = events
        events = []
        queuedBytes = 0
        condition.broadcast()
        return taken
    }

    /// Waits up to `milliseconds` for an event, then takes every queued one (shutdown only:
    /// the loop is not iterating then).
    func wait(milliseconds: Int) -> [MQTTEvent] {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
        while events.isEmpty { if !condition.wait(until: deadline) { break } }
        condition.unlock()
        return takeAll()
    }

    /// Stops every wait for room (the feed is shutting down).
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Bytes a queued event holds (its topic and payload; other events count nothing).
    private static func size(of event: MQTTEvent) -> Int {
        if case .message(let topic, let payload, _, _) = event { return topic.utf8.count + (payload?.count ?? 0) + 64 }
        return 0
    }
}
