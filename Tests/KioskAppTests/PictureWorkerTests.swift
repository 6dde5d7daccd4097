// The decoder threads' order and bookkeeping: rows on screen (asked for) are decoded before any
// prefetched row, and a picture asked for while its prefetch waits or runs is decoded once.
// The jobs are 4000x3000 photos, whose decodes take milliseconds, against calls microseconds
// apart, so which job a thread holds at each call is known.
import Canvas
import XCTest
@testable import KioskApp

final class PictureWorkerTests: XCTestCase {
    func testAskedForPicturesGoBeforePrefetchedOnesAndEachIsDecodedOnce() throws {
        let f = try PictureFixtures()
        defer { f.remove() }
        let photo = try Surface(width: 4000, height: 3000)
        photo.fill(Color(hex: PictureFixtures.red))
        let jpeg = try JPEG.encode(photo, quality: 90)
        for name in ["a", "b", "c", "d"] { try f.write(jpeg, name + ".jpg") }
        func request(_ name: String) -> PictureRequest {
            PictureRequest(path: name, file: f.pictures + "/" + name + ".jpg", fit: .cover(width: 40, height: 40), cornerRadius: 0)
        }
        let worker = PictureWorker(threads: 1)
        worker.loopWaitsForLock = true  // as in replay: every hand-over happens when it is asked for
        defer { worker.stop() }
        worker.submit(request("a"))
        worker.prefetch([request("b"), request("c")])
        worker.submit(request("d"))
        // "c" is asked for while it waits in the prefetch list: it moves to the front, once.
        worker.submit(request("c"))
        XCTAssertTrue(worker.isBusy)
        worker.waitUntilIdle()
        XCTAssertFalse(worker.isBusy)
        let order = worker.take().map(\.0.path)
        XCTAssertEqual(order.sorted(), ["a", "b", "c", "d"], "each decoded once: \(order)")
        XCTAssertEqual(order.last, "b", "the prefetched row that nobody asked for comes last: \(order)")

        // Asked for while its prefetch is being decoded: one result.
        worker.prefetch([request("a")])
        worker.submit(request("a"))
        worker.waitUntilIdle()
        XCTAssertEqual(worker.take().map(\.0.path), ["a"])
        // A new list replaces the old one: what dropped out is never decoded.
        worker.submit(request("d"))
        worker.prefetch([request("b")])
        worker.prefetch([request("c")])
        worker.waitUntilIdle()
        XCTAssertEqual(worker.take().map(\.0.path).sorted(), ["c", "d"])
    }
}
