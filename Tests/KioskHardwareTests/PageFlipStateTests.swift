// The page-flip state's transitions without a device: one flip in flight at a time, the
// completion frees the buffer it replaced, and an abandoned flip leaves its buffer in front.
import KioskHardware
import XCTest

final class PageFlipStateTests: XCTestCase {
    func testAFlipOwnsItsBufferUntilTheKernelReportsIt() {
        var state = PageFlipState.idle(front: 0)
        XCTAssertEqual(state.backBuffer(count: 2), 1)
        state.queued(1)
        XCTAssertEqual(state, .flipPending(buffer: 1, replacing: 0))
        XCTAssertTrue(state.isFlipPending)
        XCTAssertEqual(state.front, 1, "the mode set after a VT switch scans out the newest frame")
        XCTAssertNil(state.backBuffer(count: 2), "a new frame while the flip is in flight waits: nothing to draw into")
        XCTAssertEqual(state.completed(), 0, "the completion frees the buffer that was on screen")
        XCTAssertEqual(state, .idle(front: 1))
        XCTAssertEqual(state.backBuffer(count: 2), 0)
    }

    func testThreeBuffersRotate() {
        var state = PageFlipState.idle(front: 0)
        var shown: [Int] = []
        for _ in 0..<4 {
            let back = state.backBuffer(count: 3)!
            state.queued(back)
            state.completed()
            shown.append(state.front)
        }
        XCTAssertEqual(shown, [1, 2, 0, 1])
    }

    func testAStaleCompletionChangesNothing() {
        var state = PageFlipState.idle(front: 2)
        XCTAssertNil(state.completed())
        XCTAssertEqual(state, .idle(front: 2))
    }

    func testAnAbandonedFlipLeavesItsBufferInFront() {
        var state = PageFlipState.idle(front: 0)
        state.queued(1)
        state.abandon()
        XCTAssertEqual(state, .idle(front: 1))
        XCTAssertNil(state.completed(), "the lost event, if it comes after all, frees nothing")
        XCTAssertEqual(state.backBuffer(count: 2), 0)
    }
}
