// `swipe-kiosk bench` with no scene: how many touch events per second the swipe core's row
// group turns into row state (arbitration, velocity, elastic drag, expansion, button layout
// and transitions), on one core. The event stream is generated before the clock starts.
import SwipeCore

/// Throughput of `SwipeRowGroup` over scripted swipes across a list of rows.
struct CoreThroughputBench {
    let swipes: Int
    static let rowHeight = 64.0
    static let rowWidth = 1280.0
    static let movesPerSwipe = 40

    struct Result {
        let events: Int
        let seconds: Double
        var eventsPerSecond: Double { Double(events) / seconds }
    }

    /// Alternating long trailing swipes (through expansion and back) and short leading ones, on ten
    /// rows, 8 ms between samples, with a tick every 16 ms as the UI would.
    func events() -> [(TouchEvent, RowHit)] {
        var result: [(TouchEvent, RowHit)] = []
        result.reserveCapacity(swipes * (Self.movesPerSwipe + 2))
        var time = Instant.zero
        for i in 0..<swipes {
            let row = i % 10
            let hit = RowHit(
                id: "row-\(row)", frame: Rect(x: 0, y: Double(row) * Self.rowHeight, width: Self.rowWidth, height: Self.rowHeight))
            let y = hit.frame.midY
            let trailing = i % 2 == 0
            let startX = trailing ? 1200.0 : 100.0
            let travel = trailing ? -1150.0 : 300.0
            result.append((TouchEvent(slot: 0, phase: .began, point: Point(x: startX, y: y), time: time), hit))
            for step in 1...Self.movesPerSwipe {
                time += .milliseconds(8)
                let f = Double(step) / Double(Self.movesPerSwipe)
                // Out past the expansion threshold and most of the way back, so the release opens.
                let x = startX + travel * (f < 0.7 ? f / 0.7 : 1 - 0.8 * (f - 0.7) / 0.3)
                result.append((TouchEvent(slot: 0, phase: .moved, point: Point(x: x, y: y), time: time), hit))
            }
            result.append((TouchEvent(slot: 0, phase: .ended, point: Point(x: startX + travel * 0.2, y: y), time: time), hit))
            time += .milliseconds(500)
        }
        return result
    }

    func run() -> Result {
        let stream = events()
        var options = SwipeOptions()
        options.expansionStyle = .destructive
        options.transitionStyle = .reveal
        let configuration = SwipeRowConfiguration(
            leading: [SwipeAction(id: "read", title: "Read", icon: "email-open", transition: .default)],
            trailing: [
                SwipeAction(id: "delete", title: "Delete", icon: "delete", style: .destructive, transition: .spring),
                SwipeAction(id: "flag", title: "Flag", icon: "flag", transition: .rotate),
                SwipeAction(id: "more", title: "More", icon: "dots-horizontal", transition: .default),
            ],
            leadingOptions: options, trailingOptions: options)
        var group = SwipeRowGroup { _ in configuration }
        var lastTick: Instant = -1.0
        var sink = 0
        let micros = Stopwatch.microseconds {
            for (event, hit) in stream {
                sink &+= group.handle(event, hit: hit).count
                if event.time - lastTick >= .milliseconds(16) {
                    sink &+= group.tick(time: event.time).count
                    lastTick = event.time
                }
                sink &+= group.takeEffects().count
            }
        }
        precondition(sink >= 0)
        return Result(events: stream.count, seconds: micros / 1e6)
    }
}
