// What `swipe-kiosk bench --scenario outside-write` times (issue 26, "data changes off the frame
// path"): the loop's share of bringing in another program's write. The device's path asks the
// section reader and later swaps in its sections; the path it replaced read them on the loop.
// Both are timed on the same app and database in one run, so their ratio holds on a noisy machine.
extension KioskApplication {
    /// Microseconds the loop spends on one outside change on the device's path: asking the
    /// section reader (`ask`) and, once it has read, swapping in its sections (`swap`).
    public func loopTimeForOutsideChange() -> (ask: Double, swap: Double) {
        let clock = ContinuousClock()
        let ask = clock.measure { refreshAfterOutsideChange() }
        sectionReader?.waitUntilRead()
        let swap = clock.measure { collectSections() }
        return (Self.microseconds(ask), Self.microseconds(swap))
    }

    /// Microseconds the loop spends on the same change when it reads the sections itself.
    public func loopTimeReadingOnTheLoop() -> Double {
        Self.microseconds(ContinuousClock().measure { pages.keys.forEach { syncWithStore($0) } })
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}
