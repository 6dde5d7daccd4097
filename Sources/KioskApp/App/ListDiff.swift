// The difference between two orderings of a list, so the UI can animate a data change
// (a row collapsing, a new row sliding in, a row refreshing) instead of jumping. Items are
// matched by id; a kept item whose `updated_at` changed is an update; kept items that left
// their relative order are moves (everything outside a longest increasing subsequence).
import KioskStore

/// Removals, insertions, moves and updates that turn an old ordering into a new one.
public struct ListDiff: Hashable, Sendable {
    /// An item's identity and version.
    public struct Entry: Hashable, Sendable {
        public var id: String
        public var updatedAt: StoreTime

        public init(id: String, updatedAt: StoreTime) {
            self.id = id
            self.updatedAt = updatedAt
        }
    }

    /// A kept item that changed place.
    public struct Move: Hashable, Sendable {
        /// Index in the old ordering.
        public var from: Int
        /// Index in the new ordering.
        public var to: Int
    }

    /// Indices in the old ordering of items that are gone, ascending.
    public private(set) var removals: [Int] = []
    /// Indices in the new ordering of items that are new, ascending.
    public private(set) var insertions: [Int] = []
    /// Kept items that moved relative to the others, by new index ascending.
    public private(set) var moves: [Move] = []
    /// Indices in the new ordering of kept items whose `updatedAt` changed, ascending.
    public private(set) var updates: [Int] = []

    /// The diff from `old` to `new`. Ids are unique within each ordering (they are primary keys).
    public init(old: [Entry], new: [Entry]) {
        var oldIndex: [String: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (i, entry) in old.enumerated() { oldIndex[entry.id] = i }
        var kept = Set<String>()
        // (new index, old index) of kept items in new order.
        var pairs: [(new: Int, old: Int)] = []
        for (j, entry) in new.enumerated() {
            if let i = oldIndex[entry.id] {
                pairs.append((j, i))
                kept.insert(entry.id)
                if old[i].updatedAt != entry.updatedAt { updates.append(j) }
            } else {
                insertions.append(j)
            }
        }
        removals = old.indices.filter { !kept.contains(old[$0].id) }
        let stay = Self.longestIncreasingSubsequence(pairs.map(\.old))
        moves = pairs.indices.filter { !stay.contains($0) }.map { Move(from: pairs[$0].old, to: pairs[$0].new) }
    }

    /// True when the orderings are identical, versions included.
    public var isEmpty: Bool { removals.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    /// Positions (into `values`) of one longest strictly increasing subsequence, in O(n log n).
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // tails[k]: position of the smallest tail of an increasing run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            result.insert(position)
            position = previous[position]
        }
        return result
    }
}

extension ItemRecord {
    /// The id and version the diff compares.
    public var diffEntry: ListDiff.Entry { ListDiff.Entry(id: id.key, updatedAt: updatedAt) }
}
