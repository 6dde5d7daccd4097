import XCTest
@testable import KioskHardware

final class KioskHardwareSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
