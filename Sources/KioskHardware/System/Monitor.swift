// A mutex with a condition variable, and a detached thread: what KioskHardware's own worker
// threads (the ALSA writer) need, on Glibc's pthreads (this layer does not import Foundation).
// The loop thread only ever takes the lock for a few instructions; waiting is for workers.
import Glibc

/// pthread_mutex_t + pthread_cond_t, heap-allocated so they never move.
public final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    public func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Holding the lock: waits until `ready()` is true (it is checked under the lock), then runs `body`.
    public func wait<T>(until ready: () -> Bool, _ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready() { pthread_cond_wait(condition, mutex) }
        return try body()
    }

    /// Wakes every waiter (call after changing what they wait for, with or without the lock).
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Starts a detached thread running `body`; false when the system refuses one.
    public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
