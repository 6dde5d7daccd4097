// The feed calls libmosquitto through function pointers it looks up by name (Mosquitto.swift),
// whose types nothing checks at the call. This test target links libmosquitto, so each
// looked-up pointer is compared with the header's own function: `same` takes both as one type,
// so a type that differs from mosquitto.h does not compile, and a name that looks up another
// function fails.
import CMosquitto
@testable import KioskFeed
import XCTest

final class MosquittoTests: XCTestCase {
    private func same<F>(_ loaded: F, _ linked: F, _ name: String) {
        XCTAssertEqual(unsafeBitCast(loaded, to: UInt.self), unsafeBitCast(linked, to: UInt.self), name)
    }

    func testEveryLoadedFunctionIsTheHeadersOwn() throws {
        let m = try Mosquitto.loaded.get()
        same(m.libInit, mosquitto_lib_init, "lib_init")
        same(m.new, mosquitto_new, "new")
        same(m.destroy, mosquitto_destroy, "destroy")
        same(m.userDataSet, mosquitto_user_data_set, "user_data_set")
        same(m.threadedSet, mosquitto_threaded_set, "threaded_set")
        same(m.willSet, mosquitto_will_set, "will_set")
        same(m.usernamePasswordSet, mosquitto_username_pw_set, "username_pw_set")
        same(m.intOption, mosquitto_int_option, "int_option")
        same(m.tlsSet, mosquitto_tls_set, "tls_set")
        same(m.tlsOptionsSet, mosquitto_tls_opts_set, "tls_opts_set")
        same(m.connectWithFlagsCallbackSet, mosquitto_connect_with_flags_callback_set, "connect_with_flags_callback_set")
        same(m.publishCallbackSet, mosquitto_publish_callback_set, "publish_callback_set")
        same(m.messageCallbackSet, mosquitto_message_callback_set, "message_callback_set")
        same(m.logCallbackSet, mosquitto_log_callback_set, "log_callback_set")
        same(m.strerror, mosquitto_strerror, "strerror")
        same(m.connackString, mosquitto_connack_string, "connack_string")
        same(m.publish, mosquitto_publish, "publish")
        same(m.subscribe, mosquitto_subscribe, "subscribe")
        same(m.disconnect, mosquitto_disconnect, "disconnect")
        same(m.connect, mosquitto_connect, "connect")
        same(m.loop, mosquitto_loop, "loop")
        XCTAssertEqual(m.text(ofError: MOSQ_ERR_NO_CONN.rawValue), "The client is not currently connected.")
    }
}
