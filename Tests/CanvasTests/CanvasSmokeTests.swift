import XCTest
@testable import Canvas

final class CanvasSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
