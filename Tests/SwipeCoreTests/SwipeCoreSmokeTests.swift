import XCTest
@testable import SwipeCore

final class SwipeCoreSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
