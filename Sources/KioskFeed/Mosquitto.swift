// The libmosquitto functions the feed calls, looked up when the first client is made rather
// than linked: libmosquitto brings libssl and libcrypto (1.7 MB resident) into every process
// that maps it, and only `swipe-kiosk feed` speaks MQTT (SharedLibrary says why). The types
// and constants still come from mosquitto.h (CMosquitto, which no longer links the library);
// each function's type here is pinned to the header's by MosquittoTests.
import CMosquitto
import KioskHardware

/// libmosquitto's entry points, loaded once per process.
struct Mosquitto: @unchecked Sendable {
    /// The library, opened on first use; the error says which package to install.
    static let loaded = SharedLibrary.load("libmosquitto.so.1", package: "libmosquitto1", Mosquitto.init)

    typealias Client = OpaquePointer
    let libInit: @convention(c) () -> Int32
    let new: @convention(c) (UnsafePointer<CChar>?, Bool, UnsafeMutableRawPointer?) -> Client?
    let destroy: @convention(c) (Client?) -> Void
    let userDataSet: @convention(c) (Client?, UnsafeMutableRawPointer?) -> Void
    let threadedSet: @convention(c) (Client?, Bool) -> Int32
    let willSet: @convention(c) (Client?, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?, Int32, Bool) -> Int32
    let usernamePasswordSet: @convention(c) (Client?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let intOption: @convention(c) (Client?, mosq_opt_t, Int32) -> Int32
    let tlsSet: @convention(c) (Client?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                (@convention(c) (UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32)?) -> Int32
    let tlsOptionsSet: @convention(c) (Client?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let connectWithFlagsCallbackSet: @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32, Int32) -> Void)?) -> Void
    let publishCallbackSet: @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32) -> Void)?) -> Void
    let messageCallbackSet: @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?) -> Void)?) -> Void
    let logCallbackSet: @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?) -> Void
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let connackString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let publish: @convention(c) (Client?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?, Int32, Bool) -> Int32
    let subscribe: @convention(c) (Client?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>?, Int32) -> Int32
    let disconnect: @convention(c) (Client?) -> Int32
    let connect: @convention(c) (Client?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let loop: @convention(c) (Client?, Int32, Int32) -> Int32

    private init(_ library: SharedLibrary) throws(SharedLibraryError) {
        libInit = try library.function("mosquitto_lib_init")
        new = try library.function("mosquitto_new")
        destroy = try library.function("mosquitto_destroy")
        userDataSet = try library.function("mosquitto_user_data_set")
        threadedSet = try library.function("mosquitto_threaded_set")
        willSet = try library.function("mosquitto_will_set")
        usernamePasswordSet = try library.function("mosquitto_username_pw_set")
        intOption = try library.function("mosquitto_int_option")
        tlsSet = try library.function("mosquitto_tls_set")
        tlsOptionsSet = try library.function("mosquitto_tls_opts_set")
        connectWithFlagsCallbackSet = try library.function("mosquitto_connect_with_flags_callback_set")
        publishCallbackSet = try library.function("mosquitto_publish_callback_set")
        messageCallbackSet = try library.function("mosquitto_message_callback_set")
        logCallbackSet = try library.function("mosquitto_log_callback_set")
        strerror = try library.function("mosquitto_strerror")
        connackString = try library.function("mosquitto_connack_string")
        publish = try library.function("mosquitto_publish")
        subscribe = try library.function("mosquitto_subscribe")
        disconnect = try library.function("mosquitto_disconnect")
        connect = try library.function("mosquitto_connect")
        loop = try library.function("mosquitto_loop")
        // libmosquitto's global set-up: once, before any client, on one thread (this
        // initialiser runs once, inside `loaded`'s lazy global initialisation).
        _ = libInit()
    }

    /// libmosquitto's text for a `MOSQ_ERR_*` code.
    func text(ofError code: Int32) -> String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }

    /// libmosquitto's text for a CONNACK refusal code.
    func text(ofConnack code: Int32) -> String { connackString(code).map { String(cString: $0) } ?? "refused" }
}
