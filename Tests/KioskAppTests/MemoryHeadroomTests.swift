// MemoryHeadroom's answer without a limit set: small blocks are not probed, blocks the address
// space could hold with the headroom are allowed, and one it never could (or whose size with the
// headroom overflows) is refused. MemoryLimitTests sweeps it under `ulimit -v`.
import KioskFiles
import XCTest

final class MemoryHeadroomTests: XCTestCase {
    func testABlockIsAllowedOnlyWithTheHeadroomBesideIt() {
        XCTAssertTrue(MemoryHeadroom.allows(MemoryHeadroom.largeBlockBytes - 1))
        XCTAssertTrue(MemoryHeadroom.allows(64 << 20), "64 MB and 32 MB more fit any 64-bit process without a limit")
        // x86_64 and arm64 user space is 128 TB or 256 TB at most: 1 PB never fits.
        XCTAssertFalse(MemoryHeadroom.allows(1 << 50))
        XCTAssertFalse(MemoryHeadroom.allows(Int.max - 1), "the size with the headroom overflows")
    }
}
