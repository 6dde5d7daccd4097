// Builds touch scripts from timed lines given in any order (a drag's moves and the dumps taken
// during it): the lines are sorted by time, stably, as the touch script format requires.

/// A touch script under construction.
struct TimedScript {
    private var lines: [(time: Int, text: String)] = []

    init(size: String) { lines.append((0, "size \(size)")) }

    /// Adds `command` (everything after `at T`) at `time` ms.
    mutating func at(_ time: Int, _ command: String) { lines.append((time, "at \(time) \(command)")) }

    /// Moves `slot` from (x0, y0) to (x1, y1) over `ms`, a move every 8 ms, starting with a down
    /// at `time` and without lifting.
    mutating func drag(_ slot: Int, from p0: (Double, Double), to p1: (Double, Double), at time: Int, ms: Int) {
        at(time, "down \(slot) \(Int(p0.0)) \(Int(p0.1))")
        let steps = max(1, ms / 8)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            at(time + i * 8, "move \(slot) \(Int((p0.0 + (p1.0 - p0.0) * f).rounded())) \(Int((p0.1 + (p1.1 - p0.1) * f).rounded()))")
        }
    }

    var text: String {
        lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element.text).joined(separator: "\n")
    }
}
