import XCTest
@testable import KioskApp

final class KioskAppSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
