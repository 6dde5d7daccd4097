// Items in: checked messages collect in a batch (one entry per item: a newer message replaces
// an older one), committed as one transaction: at once when the feed was quiet for 100 ms (a
// single update reaches the screen without waiting), otherwise 100 ms after the last commit or
// when 2,000 items are waiting. A burst of 100,000 retained items at connect is ~50 commits
// and as many screen updates, not 100,000. A commit that fails (another process holds the write
// lock past busy_timeout, a full disk) keeps the whole batch and is tried again with back-off:
// a message is never lost and never half-applied. While a failing batch is full, the loop stops
// taking messages, the mailbox fills and the network thread stops reading (FeedMailbox).
import KioskStore

extension FeedService {
    /// The longest wait between commit retries.
    static let commitRetryCapMilliseconds: Int64 = 5000

    /// Adds a checked change to the batch.
    func add(_ change: FeedChange) {
        let id = change.itemID
        if case .upsert(let new) = change, case .upsert(let pending)? = batch[id], pending.updatedAt > new.updatedAt {
            return  // an older version arriving after a newer one changes nothing
        }
        batch[id] = change
        if batch.count >= Self.batchLimit && commitRetryMilliseconds == 0 { commitBatch() }
    }

    /// Commits the batch in one transaction, or keeps it and schedules a retry.
    func commitBatch() {
        if let flushTimer { loop.cancel(flushTimer) }
        flushTimer = nil
        guard !batch.isEmpty else { return }
        lastCommit = loop.now
        do throws(StoreError) {
            let changed = try store.applyFeed(Array(batch.values))
            counters.applied += changed
            counters.commits += 1
            batch = [:]
            if lastCommitProblem != nil {
                logger.info("feed: the database takes writes again")
                loop.wake()  // the messages left in the mailbox meanwhile
            }
            lastCommitProblem = nil
            commitRetryMilliseconds = 0
            if changed > 0 { statusDue = true }
        } catch {
            let problem = error.isLockContention ? "the database is locked by another process" : "\(error)"
            if problem != lastCommitProblem {
                logger.warning("feed: cannot commit \(batch.count) item changes: \(problem); keeping them and retrying")
            }
            lastCommitProblem = problem
            commitRetryMilliseconds = min(Self.commitRetryCapMilliseconds, max(100, commitRetryMilliseconds * 2))
            flushTimer = loop.schedule(afterMilliseconds: commitRetryMilliseconds) { [weak self] in
                self?.flushTimer = nil
                self?.commitBatch()
            }
        }
    }

    /// False while a failing commit holds a full batch: the loop leaves new messages in the mailbox.
    var takesMessages: Bool { !(commitRetryMilliseconds > 0 && batch.count >= Self.batchLimit) }
}
