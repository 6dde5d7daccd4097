// The ALSA output through real alsa-lib without a sound card: ALSA's `file` PCM (over its
// `null` one) writes what the kiosk plays to a file, so the writer thread, the non-blocking
// writes and the device configuration are exercised as on a panel; a device that does not
// exist is reported (once) and the output goes on without it.
import Foundation
import KioskHardware
import XCTest

final class ALSAAudioOutputTests: XCTestCase {
    /// Collects reports from the writer thread.
    final class Reports: @unchecked Sendable {
        let lock = NSLock()
        var messages: [String] = []
        func add(_ m: String) { lock.lock(); messages.append(m); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
    }

    /// Waits (up to `limit` polls of 10 ms) until `done`: the writer thread works on its own time.
    func wait(_ limit: Int = 1_000, until done: () -> Bool) {
        for _ in 0..<limit where !done() { usleep(10_000) }
    }

    /// ALSA's `file` PCM writes a buffer (100 ms) once the stream starts, and its `null` slave
    /// never consumes more in non-blocking mode: enough to see the samples arrive, in order, and
    /// that after a stop (drop, then prepare) the next sound is written, not refused (EBADFD).
    func testWhatIsPlayedReachesTheDeviceAndAStopReadiesItForTheNextSound() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("alsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("out.raw").path
        let reports = Reports()
        let output = try ALSAAudioOutput(device: "file:FILE=\(file),FORMAT=raw", sampleRate: 22_050, report: reports.add)
        func read() -> [Int16] {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            return stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
        }
        let first = (0..<4_410).map { Int16(truncatingIfNeeded: ($0 % 50) * 600 - 15_000) }
        output.play(first, sound: 1)
        wait { read().count >= 2_205 }
        XCTAssertTrue(read().prefix(2_205).elementsEqual(first.prefix(2_205)), "the samples, in order, as S16_LE mono (\(read().count))")
        output.stop(through: 1)
        output.play([Int16](repeating: 1_234, count: 4_410), sound: 2)
        wait { read().contains(1_234) || !reports.all.isEmpty }
        XCTAssertTrue(read().contains(1_234), "the next sound is written after the stop")
        XCTAssertEqual(reports.all, [])
    }

    func testADeviceThatDoesNotExistIsReportedOnceAndPlayDoesNotWait() throws {
        let reports = Reports()
        let output = try ALSAAudioOutput(device: "no_such_device_here", sampleRate: 22_050, report: reports.add)
        for id in 1...3 { output.play([Int16](repeating: 1_000, count: 22_050), sound: id) }
        wait { !reports.all.isEmpty }
        XCTAssertEqual(reports.all.count, 1, "\(reports.all)")
        XCTAssertTrue(reports.all.first?.hasPrefix("audio device 'no_such_device_here': snd_pcm_open: ") == true, "\(reports.all)")
    }
}
