// How much of each utterance the synthesiser produced, and whether it finished: written on the
// speech thread by the announcer's sink, read on the loop for the state dump's `interrupted`.
// Bounded like the announcer's record: older utterances are forgotten.
import Foundation

/// Sample counts per utterance, under a lock.
final class SpeechLengths: @unchecked Sendable {
    private let lock = NSLock()
    private var produced: [Int: Int] = [:]
    private var finished: Set<Int> = []
    private var newest = 0

    func add(_ count: Int, to id: Int) {
        lock.lock()
        defer { lock.unlock() }
        produced[id, default: 0] += count
        forget(before: id)
    }

    func finish(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        finished.insert(id)
        forget(before: id)
    }

    /// Whether utterance `id`, cut after `cut` samples, was still being said then: it had not
    /// finished, or it has more samples than that.
    func interrupted(_ id: Int, cutAfter cut: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return !finished.contains(id) || produced[id, default: 0] > cut
    }

    /// Drops what is older than the announcer keeps.
    private func forget(before id: Int) {
        guard id > newest else { return }
        newest = id
        let oldest = id - SpeechAnnouncer.historyLimit
        if produced.count > SpeechAnnouncer.historyLimit { produced = produced.filter { $0.key > oldest } }
        if finished.count > SpeechAnnouncer.historyLimit { finished = finished.filter { $0 > oldest } }
    }
}
