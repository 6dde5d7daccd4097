// A real mosquitto broker for one test: Debian's /usr/sbin/mosquitto with its own configuration
// in the test's directory, on 127.0.0.1 at a free port (optionally a TLS listener with files
// made by `openssl` at test time), started and waited for by the test, killed at its end. It can
// be stopped and started again on the same port (a broker restart with an empty store).
import Foundation
import Glibc
import XCTest

final class MosquittoBroker {
    /// The TLS listener's files.
    struct TLSFiles {
        var caFile: String
        var certFile: String
        var keyFile: String
    }

    /// The plain listener (the tests' own clients use it).
    let port: Int
    /// The TLS listener, when there is one.
    let tlsPort: Int?
    let configPath: String
    let logPath: String
    private var process: Process?

    /// `passwordFile`: a mosquitto_passwd file; every client must then log in.
    init(directory: String, tls: TLSFiles? = nil, passwordFile: String? = nil) throws {
        port = try Self.freePort()
        tlsPort = tls == nil ? nil : try Self.freePort()
        configPath = directory + "/mosquitto-\(port).conf"
        logPath = directory + "/mosquitto-\(port).log"
        // Started as root, mosquitto would drop to user `mosquitto`, who cannot read the test's files.
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        // No limit on what waits for a slow subscriber: at the default 1000 the broker drops a
        // message for the tests' own client when the machine is loaded and its reader lags (CI on
        // dbd845b lost k1:1167 of 3000 that the feed had published and the broker acknowledged),
        // and README.md ("Fleets") tells fleets to raise it above the catalogue's size too.
        var lines = ["per_listener_settings false", "persistence false", "user \(user)", "max_queued_messages 0"]
        lines += passwordFile.map { ["allow_anonymous false", "password_file \($0)"] } ?? ["allow_anonymous true"]
        lines.append("listener \(port) 127.0.0.1")
        if let tls, let tlsPort {
            lines += ["listener \(tlsPort) 127.0.0.1", "cafile \(tls.caFile)", "certfile \(tls.certFile)", "keyfile \(tls.keyFile)"]
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)
        try start()
    }

    deinit { stop() }

    /// Starts the broker and waits until it accepts connections.
    func start() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        child.arguments = ["-c", configPath]
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        child.standardOutput = log
        child.standardError = log
        try child.run()
        process = child
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline {
            if Self.accepts(port: port) { return }
            guard child.isRunning else { break }
            usleep(50_000)
        }
        throw BrokerError(description: "mosquitto did not start on port \(port): \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
    }

    /// Stops the broker (SIGKILL: its store is gone, as after a crash; `persistence false`).
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    struct BrokerError: Error, CustomStringConvertible { let description: String }

    /// A port nobody listens on now (bound to 0 and released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError(description: "no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True when a TCP connection to 127.0.0.1:`port` succeeds.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
