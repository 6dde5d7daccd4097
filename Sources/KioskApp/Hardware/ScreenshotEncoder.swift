// `ctl screenshot` without a stall: encoding a 1080p frame as PNG takes longer than a frame
// (over 100 ms in a debug build), so the loop only copies the frame (a memcpy) and a worker
// encodes it on a thread of its own. Requests that arrive while one is being encoded share its result, so at most one
// copy and one encode exist at a time however many clients ask. The loop looks for the result
// every 8 ms while one is under way (the app's timers run on the same tick), as it does for
// picture decodes, and answers the waiting clients.
import Canvas
import Foundation
import KioskHardware

/// One PNG encode at a time, off the loop, for any number of waiting clients.
final class ScreenshotEncoder: @unchecked Sendable {
    /// How often the loop looks for the result.
    static let pollNanoseconds: Int64 = 8_000_000

    /// Loop only: the clients waiting for the encode under way.
    private var waiting: [ControlResponder] = []
    private let lock = NSLock()
    /// Set by the worker, taken by the loop.
    private var result: ControlReply?

    /// True while clients wait for an encode.
    var isEncoding: Bool { !waiting.isEmpty }

    /// Answers `responder` with the PNG of `frame` (copied now), or with the encode under way.
    func request(_ responder: ControlResponder, frame: Surface) {
        waiting.append(responder)
        guard waiting.count == 1 else { return }
        let copy: Surface
        do {
            copy = try Surface(width: frame.width, height: frame.height, format: frame.format)
        } catch {
            return finish(.error("screenshot: \(error)"))
        }
        for y in 0..<frame.height {
            (copy.baseAddress + y * copy.stride).copyMemory(from: frame.baseAddress + y * frame.stride, byteCount: frame.width * 4)
        }
        let box = UncheckedBox(copy)
        Thread.detachNewThread { [self] in
            let reply: ControlReply
            do { reply = .ok(try PNG.encode(box.value)) } catch { reply = .error("screenshot: \(error)") }
            lock.lock()
            result = reply
            lock.unlock()
        }
    }

    /// Loop: answers the waiting clients when the encode is done.
    func collect() {
        guard isEncoding else { return }
        lock.lock()
        let reply = result
        result = nil
        lock.unlock()
        if let reply { finish(reply) }
    }

    private func finish(_ reply: ControlReply) {
        let answered = waiting
        waiting = []
        for responder in answered { responder(reply) }
    }
}

/// Hands a surface nobody else touches to the worker.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
