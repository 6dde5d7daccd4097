// The tests' side of the broker: a libmosquitto client (loop_start thread) that publishes many
// retained items quickly and waits for their PUBACKs, and records what its subscriptions receive.
// The same library the feed uses, but none of the feed's code: what the feed does is seen only
// through the broker and the databases.
import CMosquitto
import Foundation
import TestSupport
import XCTest

final class TestMQTTClient: @unchecked Sendable {
    struct Message: Equatable {
        var topic: String
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    private let handle: OpaquePointer
    private let lock = NSLock()
    private var connected = false
    private var acknowledged = 0
    private var messages: [Message] = []

    init(port: Int, id: String = "test-\(UUID().uuidString.prefix(8))", login: (String, String)? = nil) throws {
        _ = mosquitto_lib_init()
        handle = mosquitto_new(id, true, nil)!
        if let login { mosquitto_username_pw_set(handle, login.0, login.1) }
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_int_option(handle, MOSQ_OPT_SEND_MAXIMUM, 1000)
        mosquitto_connect_callback_set(handle) { _, context, code in
            let client = Unmanaged<TestMQTTClient>.fromOpaque(context!).takeUnretainedValue()
            client.lock.withLock { client.connected = code == 0 }
        }
        mosquitto_publish_callback_set(handle) { _, context, _ in
            let client = Unmanaged<TestMQTTClient>.fromOpaque(context!).takeUnretainedValue()
            client.lock.withLock { client.acknowledged += 1 }
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            let client = Unmanaged<TestMQTTClient>.fromOpaque(context!).takeUnretainedValue()
            let m = message!.pointee
            let payload = m.payloadlen == 0 ? [] : Array(UnsafeRawBufferPointer(start: m.payload, count: Int(m.payloadlen)))
            client.lock.withLock { client.messages.append(Message(topic: String(cString: m.topic), payload: payload)) }
        }
        XCTAssertEqual(mosquitto_connect(handle, "127.0.0.1", Int32(port), 60), MOSQ_ERR_SUCCESS.rawValue)
        XCTAssertEqual(mosquitto_loop_start(handle), MOSQ_ERR_SUCCESS.rawValue)
        XCTAssertTrue(waitUntil(timeout: 10) { self.lock.withLock { self.connected } }, "the test client connects")
    }

    deinit {
        mosquitto_disconnect(handle)
        mosquitto_loop_stop(handle, false)
        mosquitto_destroy(handle)
    }

    /// Publishes at QoS 1 (retained unless told otherwise).
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool = true) {
        let code = mosquitto_publish(handle, nil, topic, Int32(payload.count), payload, 1, retain)
        XCTAssertEqual(code, MOSQ_ERR_SUCCESS.rawValue, "publish \(topic)")
    }

    func publish(_ topic: String, json: String) { publish(topic, Array(json.utf8)) }

    /// Waits until `count` publishes of this client were acknowledged in all.
    func waitForAcknowledgements(_ count: Int, timeout: Double = 120) {
        XCTAssertTrue(waitUntil(timeout: timeout) { self.lock.withLock { self.acknowledged >= count } },
                      "the broker acknowledged \(lock.withLock { acknowledged }) of \(count) publishes")
    }

    func subscribe(_ filter: String, qos: Int32 = 1) {
        XCTAssertEqual(mosquitto_subscribe(handle, nil, filter, qos), MOSQ_ERR_SUCCESS.rawValue)
    }

    /// What arrived on `topic` so far.
    func received(on topic: String) -> [Message] {
        lock.withLock { messages.filter { $0.topic == topic } }
    }
}
