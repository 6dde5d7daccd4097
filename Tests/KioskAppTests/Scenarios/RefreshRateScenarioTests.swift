// `replay --refresh HZ`: the virtual panel's rate paces the frames (flips at its vblanks), while
// every animation is a function of time: a gesture ends in the same state and the same pixels at
// 30, 60 and 75 Hz, with fewer or more frames drawn on the way.
import Foundation
import XCTest
@testable import KioskApp

final class RefreshRateScenarioTests: XCTestCase {
    func testAGestureEndsTheSameAtEveryRefreshRateWithItsOwnFrameCount() throws {
        let script = """
            size 800x480
            at 0    swipe 0 760 206 480 206 200
            at 600  state mid.json
            at 1500 tap 400 358
            at 2600 state a.json
            at 2600 screenshot a.png
            at 2700 end
            """
        var frames: [Double: Int] = [:]
        var reference: Scenario?
        for refresh in [30.0, 60.0, 75.0] {
            let s = try Scenario(script, arguments: ["--refresh", String(refresh)])
            let display = try s.state("a")["display"] as? [String: Any]
            XCTAssertEqual(display?["refresh_hz"] as? Double, refresh)
            frames[refresh] = display?["frames"] as? Int
            if let reference {
                XCTAssertEqual(try s.state("a").rows.map { $0["frame"] as? [Double] }, try reference.state("a").rows.map { $0["frame"] as? [Double] })
                XCTAssertEqual(try s.state("a").stack, try reference.state("a").stack)
                XCTAssertEqual(try s.state("mid").swipeOffset("inbox-2"), try reference.state("mid").swipeOffset("inbox-2"))
                XCTAssertFalse(try ConfigurationEffectTests.pixelsDiffer(s, reference), "\(refresh) Hz: the same picture at rest")
            }
            reference = reference ?? s
        }
        let f30 = try XCTUnwrap(frames[30]), f60 = try XCTUnwrap(frames[60]), f75 = try XCTUnwrap(frames[75])
        XCTAssertLessThan(f30, f60, "fewer flips at 30 Hz")
        XCTAssertLessThan(f60, f75, "more flips at 75 Hz")
        XCTAssertEqual(Double(f60) / Double(f30), 2, accuracy: 0.5, "frames scale with the rate: \(frames)")
    }
}
