// The feed's security settings against a real broker: plain MQTT to another machine is refused
// (exit 65) before anything connects unless allow_insecure says so; TLS with a CA made by openssl
// at test time connects, and a wrong CA is refused with a clear journal line; the login comes
// from a credentials file only the service user may read, and a wrong password is reported.
import Foundation
import Glibc
import KioskStore
import TestSupport
import XCTest

final class FeedSecurityTests: XCTestCase {
    /// Runs `swipe-kiosk ARGUMENTS` to its end; returns the exit status and stderr. A command
    /// expected to exit that runs on (a feed that was not refused) is killed after 60 s, so the
    /// test fails instead of hanging.
    private func run(_ arguments: [String]) throws -> (Int32, String) {
        let child = Process()
        child.executableURL = try kioskExecutable()
        child.arguments = arguments
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let pid = child.processIdentifier
        let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: deadline)
        defer { deadline.cancel() }  // exited in time: the pid is not ours to signal any more
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }

    func testPlainMQTTToAnotherMachineIsRefusedUnlessAllowed() throws {
        let dir = try TemporaryDirectory()
        // 192.0.2.1 is TEST-NET-1: a connection attempt would hang, not fail fast.
        let config = try writeFeedConfig(dir, name: "k", broker: "mqtt://192.0.2.1:1883", kiosk: "k")
        let (status, errors) = try run(["feed", "--config", config, "--database", dir.file("k.sqlite3")])
        XCTAssertEqual(status, 65, errors)
        XCTAssertTrue(errors.contains("k.toml:2:10: feed.broker mqtt://192.0.2.1:1883 is plain MQTT to another machine"), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("k.sqlite3")), "refused before the database or the network")
        XCTAssertEqual(try run(["check-config", config]).0, 65)
        let allowed = try writeFeedConfig(dir, name: "allowed", broker: "mqtt://192.0.2.1:1883", kiosk: "k", extra: ["allow_insecure = true"])
        XCTAssertEqual(try run(["check-config", allowed]).0, 0)
        // `feed --check` (the unit's ExecCondition=): 0 with a [feed], 1 without one.
        XCTAssertEqual(try run(["feed", "--check", "--config", allowed]).0, 0)
        let none = dir.file("none.toml")
        try "[idle]\nreset_after_s = 10\n".write(toFile: none, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["feed", "--check", "--config", none]).0, 1)
        let (noFeedStatus, noFeed) = try run(["feed", "--config", none, "--database", dir.file("k.sqlite3")])
        XCTAssertEqual(noFeedStatus, 65)
        XCTAssertTrue(noFeed.contains("no [feed] section"), noFeed)
    }

    /// `openssl` as in the reference §1.3: a CA, and a server certificate for localhost and 127.0.0.1.
    private func makeCertificates(in dir: TemporaryDirectory) throws -> (MosquittoBroker.TLSFiles, otherCA: String) {
        func openssl(_ arguments: String) throws {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = ["-c", "cd '\(dir.path)' && openssl \(arguments) 2>/dev/null"]
            try child.run()
            child.waitUntilExit()
            XCTAssertEqual(child.terminationStatus, 0, "openssl \(arguments)")
        }
        try openssl(#"req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Test CA" -keyout ca.key -out ca.crt"#)
        try openssl(#"req -new -newkey rsa:2048 -nodes -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout server.key -out server.csr"#)
        try openssl("x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 30 -copy_extensions copy -out server.crt")
        try openssl(#"req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Other CA" -keyout other.key -out other.crt"#)
        return (MosquittoBroker.TLSFiles(caFile: dir.file("ca.crt"), certFile: dir.file("server.crt"), keyFile: dir.file("server.key")),
                dir.file("other.crt"))
    }

    func testTLSWithTheRightCAConnectsAndAWrongCAIsRefusedWithAClearLine() throws {
        let dir = try TemporaryDirectory()
        let (files, otherCA) = try makeCertificates(in: dir)
        let broker = try MosquittoBroker(directory: dir.path, tls: files)
        let tlsPort = try XCTUnwrap(broker.tlsPort)
        let client = try TestMQTTClient(port: broker.port)
        client.publish("swipe-kiosk/lists/inbox/items/secure", json: itemJSON(title: "Over TLS", updatedAt: 1))
        client.waitForAcknowledgements(1)
        let good = try FeedProcess(
            config: writeFeedConfig(dir, name: "good", broker: "mqtts://127.0.0.1:\(tlsPort)", kiosk: "good", extra: ["ca_file = \"\(files.caFile)\""]),
            database: dir.file("good.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 60) { visibleCount(good.database) == 1 }, good.log)
        XCTAssertTrue(good.log.contains("connected to mqtts://127.0.0.1:\(tlsPort)"), good.log)
        let wrong = try FeedProcess(
            config: writeFeedConfig(dir, name: "wrong", broker: "mqtts://127.0.0.1:\(tlsPort)", kiosk: "wrong", extra: ["ca_file = \"\(otherCA)\""]),
            database: dir.file("wrong.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 60) { wrong.log.contains("TLS failed") }, wrong.log)
        XCTAssertTrue(wrong.log.contains("certificate verify failed"), wrong.log)
        XCTAssertFalse(wrong.log.contains("connected to"), wrong.log)
        XCTAssertEqual(visibleCount(wrong.database), 0)
        XCTAssertEqual(good.terminate(), 0)
        XCTAssertEqual(wrong.terminate(), 0)
    }

    func testLoginComesFromAPrivateCredentialsFileAndAWrongPasswordIsReported() throws {
        let dir = try TemporaryDirectory()
        let passwords = dir.file("passwords")
        for (index, (user, password)) in [("kiosk", "right"), ("tester", "test")].enumerated() {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_passwd")
            child.arguments = (index == 0 ? ["-c"] : []) + ["-b", passwords, user, password]
            try child.run()
            child.waitUntilExit()
        }
        let broker = try MosquittoBroker(directory: dir.path, passwordFile: passwords)
        let client = try TestMQTTClient(port: broker.port, login: ("tester", "test"))
        client.publish("swipe-kiosk/lists/inbox/items/private", json: itemJSON(title: "Logged in", updatedAt: 1))
        client.waitForAcknowledgements(1)
        let credentials = dir.file("mqtt-credentials")
        try "kiosk\nright\n".write(toFile: credentials, atomically: true, encoding: .utf8)
        chmod(credentials, 0o644)
        let config = try writeFeedConfig(dir, name: "k", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k",
                                         extra: ["credentials_file = \"\(credentials)\""])
        let (status, errors) = try run(["feed", "--config", config, "--database", dir.file("k.sqlite3")])
        XCTAssertEqual(status, 65)
        XCTAssertTrue(errors.contains("may be read by others (mode 644); chmod 600"), errors)
        chmod(credentials, 0o600)
        let feed = try FeedProcess(config: config, database: dir.file("k.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 60) { visibleCount(feed.database) == 1 }, feed.log)
        XCTAssertEqual(feed.terminate(), 0)
        try "kiosk\nwrong\n".write(toFile: credentials, atomically: true, encoding: .utf8)
        chmod(credentials, 0o600)
        let refused = try FeedProcess(config: config, database: dir.file("refused.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 60) { refused.log.contains("the broker refused the login") }, refused.log)
        usleep(3_000_000)  // more attempts, with back-off: the class does not change, so no more lines
        XCTAssertEqual(refused.log.components(separatedBy: "refused the login").count - 1, 1, refused.log)
        XCTAssertEqual(refused.terminate(), 0)
    }
}
