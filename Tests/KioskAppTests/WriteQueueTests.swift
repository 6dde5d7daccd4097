// The app's write queue (WriteQueue) at explicit times: a failed write is tried again every
// 0.1 s, given up 3 s after its first try or at once when hopeless, at most 64 wait, and they
// are tried in the order they were made, a write tried again keeping its place. A random
// sequence of failures, tries and losses of the file checks the same against a model.
import KioskStore
import SwipeCore
import TestSupport
import XCTest
@testable import KioskApp

final class WriteQueueTests: XCTestCase {
    private func add(_ queue: inout WriteQueue, _ label: String, _ item: String? = nil, at time: Instant, hopeless: Bool = false) -> Bool {
        queue.add(label, itemID: item.map { ItemID($0) }, failedAt: time, hopeless: hopeless, attempt: {}, landed: {})
    }

    func testAFailedWriteIsTriedAgainEveryTenthOfASecond() {
        var queue = WriteQueue()
        XCTAssertNil(queue.nextTry)
        XCTAssertTrue(add(&queue, "flag", "a", at: 1))
        XCTAssertEqual(queue.nextTry, 1 + .milliseconds(100))
        XCTAssertEqual(queue.due(at: 1.05).count, 0)
        let due = queue.due(at: 1 + .milliseconds(100))
        XCTAssertEqual(due.map(\.label), ["flag"])
        queue.settle([], at: 1 + .milliseconds(100))
        XCTAssertEqual(queue.nextTry, 1 + .milliseconds(100) + .milliseconds(100))
        XCTAssertEqual(queue.count, 1, "a due write stays queued until it is settled")
        // A late tick tries it; landed, it leaves the queue.
        queue.settle(queue.due(at: 2), at: 2)
        XCTAssertTrue(queue.isEmpty)
        XCTAssertNil(queue.nextTry)
    }

    func testAWriteIsGivenUpThreeSecondsAfterItsFirstTryOrAtOnceWhenHopeless() {
        var queue = WriteQueue()
        XCTAssertTrue(add(&queue, "delete", "a", at: 10))
        let write = queue.pending[0]
        XCTAssertEqual(write.since, 10)
        XCTAssertFalse(queue.givesUp(write, at: 12.999, hopeless: false))
        XCTAssertTrue(queue.givesUp(write, at: 13, hopeless: false))
        XCTAssertTrue(queue.givesUp(write, at: 10.1, hopeless: true), "its file left the path")
        XCTAssertFalse(add(&queue, "flag", "b", at: 11, hopeless: true), "a hopeless write is not queued")
        XCTAssertEqual(queue.pending.map(\.label), ["delete"])
    }

    func testAtMostSixtyFourWritesWait() {
        var queue = WriteQueue()
        for n in 0..<64 { XCTAssertTrue(add(&queue, "w\(n)", "item-\(n)", at: .zero + .milliseconds(10 * n))) }
        XCTAssertFalse(add(&queue, "w64", "item-64", at: 1), "the 65th is given up")
        XCTAssertEqual(queue.count, 64)
        queue.settle([queue.pending[5]], at: 1)
        XCTAssertTrue(add(&queue, "w65", at: 1), "one left: one more waits")
        XCTAssertEqual(queue.count, 64)
    }

    func testWritesAreTriedInTheOrderTheyWereMadeAndKeepTheirPlaces() {
        var queue = WriteQueue()
        XCTAssertTrue(add(&queue, "delete", "a", at: 0))
        XCTAssertTrue(add(&queue, "flag", "b", at: 0.05))
        XCTAssertTrue(add(&queue, "undo-delete", "a", at: 0.08))
        XCTAssertEqual(queue.due(at: 0.1).map(\.label), ["delete"])
        queue.settle([], at: 0.1)
        XCTAssertEqual(queue.due(at: 0.2).map(\.label), ["delete", "flag", "undo-delete"])
        queue.settle([queue.pending[1]], at: 0.2)
        XCTAssertEqual(queue.pending.map(\.label), ["delete", "undo-delete"], "the delete tried again stays first")
        XCTAssertEqual(queue.pending.map(\.nextTry), [0.2 + .milliseconds(100), 0.2 + .milliseconds(100)])
        XCTAssertTrue(queue.holds("delete", on: "a"))
        XCTAssertFalse(queue.holds("flag", on: "b"))
        XCTAssertFalse(queue.holds("delete", on: "b"))
        XCTAssertEqual(queue.itemKeys, ["a"])
        XCTAssertEqual(queue.takeAll().map(\.label), ["delete", "undo-delete"])
        XCTAssertTrue(queue.isEmpty)
    }

    func testTwoWritesAlikeAreSettledApart() {
        var queue = WriteQueue()
        XCTAssertTrue(add(&queue, "flag", "a", at: 0))
        XCTAssertTrue(add(&queue, "flag", "a", at: 0.5))
        queue.settle(queue.due(at: 0.1), at: 0.1)
        XCTAssertEqual(queue.pending.map(\.since), [0.5])
    }

    /// Quiet runs (writes now and then, long pauses, the file lost) and busy ones (a store that
    /// fails every write while someone keeps swiping: the queue fills up).
    func testRandomSequencesAgreeWithAModel() {
        struct Entry { let label: String, item: String?, since: Instant; var next: Instant }
        var random = SplitMix64(state: 0x3C_5E77)
        var fullQueues = 0
        for run in 0..<200 {
            let busy = run % 2 == 1
            var queue = WriteQueue(), model: [Entry] = [], time = Instant.zero, made = 0
            for step in 0..<300 {
                time += .milliseconds((busy ? [0, 10, 20] : [0, 20, 50, 100, 100, 500, 3000]).randomElement(using: &random)!)
                let context = "run \(run) step \(step) at \(time)"
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<(busy ? 80 : 50):
                    let hopeless = Int.random(in: 0..<10, using: &random) == 0
                    let label = "w\(made)", item = Bool.random(using: &random) ? "item-\(made % 7)" : nil
                    made += 1
                    if model.count == 64 { fullQueues += 1 }
                    let queued = model.count < 64 && !hopeless
                    if queued { model.append(Entry(label: label, item: item, since: time, next: time + .milliseconds(100))) }
                    XCTAssertEqual(add(&queue, label, item, at: time, hopeless: hopeless), queued, context)
                case 90..<(busy ? 91 : 100):
                    XCTAssertEqual(queue.takeAll().map(\.label), model.map(\.label), context)
                    model = []
                default:
                    let due = queue.due(at: time)
                    XCTAssertEqual(due.map(\.label), model.filter { $0.next <= time }.map(\.label), context)
                    var settled: [WriteQueue.Write] = []
                    for write in due {
                        guard let entry = model.first(where: { $0.label == write.label }) else { return XCTFail("\(write.label) is due: \(context)") }
                        if Int.random(in: 0..<(busy ? 50 : 4), using: &random) == 0 {
                            settled.append(write)  // landed
                            continue
                        }
                        let hopeless = Int.random(in: 0..<(busy ? 200 : 20), using: &random) == 0
                        let givenUp = time - entry.since >= .seconds(3) || hopeless
                        XCTAssertEqual(queue.givesUp(write, at: time, hopeless: hopeless), givenUp, context)
                        if givenUp { settled.append(write) }
                    }
                    queue.settle(settled, at: time)
                    let gone = Set(settled.map(\.label))
                    model = model.filter { !gone.contains($0.label) }.map { entry in
                        var entry = entry
                        if entry.next <= time { entry.next = time + .milliseconds(100) }
                        return entry
                    }
                }
                XCTAssertEqual(queue.pending.map(\.label), model.map(\.label), context)
                XCTAssertEqual(queue.pending.map(\.nextTry), model.map(\.next), context)
                XCTAssertEqual(queue.nextTry, model.map(\.next).min(), context)
                XCTAssertEqual(queue.itemKeys, Set(model.compactMap(\.item)), context)
                // The first disagreement says it all (and the model is no guide after it).
                guard testRun?.failureCount == 0 else { return }
            }
        }
        XCTAssertGreaterThan(fullQueues, 100, "the runs filled the queue")
    }
}
