// The feed calls libmosquitto through function pointers it looks up by name (Mosquitto.swift),
// whose types nothing checks at the call. This test target links libmosquitto, so each
// looked-up pointer is compared with the header's own function: `isSameFunction` takes both as one type,
// so a type that differs from mosquitto.h does not compile, and a name that looks up another
// function fails.
import CMosquitto
@testable import KioskFeed
import TestSupport
import XCTest

final class MosquittoTests: XCTestCase {
    func testEveryLoadedFunctionIsTheHeadersOwn() throws {
        let m = try Mosquitto.loaded.get()
        // Every entry point is compared below: one added to the type must be added here too.
        XCTAssertEqual(Mirror(reflecting: m).children.count, 21)
        XCTAssertTrue(isSameFunction(m.libInit, mosquitto_lib_init), "lib_init")
        XCTAssertTrue(isSameFunction(m.new, mosquitto_new), "new")
        XCTAssertTrue(isSameFunction(m.destroy, mosquitto_destroy), "destroy")
        XCTAssertTrue(isSameFunction(m.userDataSet, mosquitto_user_data_set), "user_data_set")
        XCTAssertTrue(isSameFunction(m.threadedSet, mosquitto_threaded_set), "threaded_set")
        XCTAssertTrue(isSameFunction(m.willSet, mosquitto_will_set), "will_set")
        XCTAssertTrue(isSameFunction(m.usernamePasswordSet, mosquitto_username_pw_set), "username_pw_set")
        XCTAssertTrue(isSameFunction(m.intOption, mosquitto_int_option), "int_option")
        XCTAssertTrue(isSameFunction(m.tlsSet, mosquitto_tls_set), "tls_set")
        XCTAssertTrue(isSameFunction(m.tlsOptionsSet, mosquitto_tls_opts_set), "tls_opts_set")
        XCTAssertTrue(isSameFunction(m.connectWithFlagsCallbackSet, mosquitto_connect_with_flags_callback_set), "connect_with_flags_callback_set")
        XCTAssertTrue(isSameFunction(m.publishCallbackSet, mosquitto_publish_callback_set), "publish_callback_set")
        XCTAssertTrue(isSameFunction(m.messageCallbackSet, mosquitto_message_callback_set), "message_callback_set")
        XCTAssertTrue(isSameFunction(m.logCallbackSet, mosquitto_log_callback_set), "log_callback_set")
        XCTAssertTrue(isSameFunction(m.strerror, mosquitto_strerror), "strerror")
        XCTAssertTrue(isSameFunction(m.connackString, mosquitto_connack_string), "connack_string")
        XCTAssertTrue(isSameFunction(m.publish, mosquitto_publish), "publish")
        XCTAssertTrue(isSameFunction(m.subscribe, mosquitto_subscribe), "subscribe")
        XCTAssertTrue(isSameFunction(m.disconnect, mosquitto_disconnect), "disconnect")
        XCTAssertTrue(isSameFunction(m.connect, mosquitto_connect), "connect")
        XCTAssertTrue(isSameFunction(m.loop, mosquitto_loop), "loop")
        XCTAssertEqual(m.text(ofError: MOSQ_ERR_NO_CONN.rawValue), "The client is not currently connected.")
    }
}
