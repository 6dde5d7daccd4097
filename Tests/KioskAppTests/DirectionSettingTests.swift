// `direction = "auto"`: a right-to-left locale or a right-to-left list title mirrors the layout.
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class DirectionSettingTests: XCTestCase {
    func testAutoFollowsTheLocaleThenTheTitle() {
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "Inbox", locale: "ar_EG.UTF-8"), .rightToLeft)
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "Inbox", locale: "he_IL"), .rightToLeft)
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "Inbox", locale: "en_US.UTF-8"), .leftToRight)
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "דואר נכנס", locale: "en_US.UTF-8"), .rightToLeft)
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "Inbox", locale: nil), .leftToRight)
        XCTAssertEqual(DirectionSetting.leftToRight.resolved(title: "صندوق", locale: "ar"), .leftToRight, "explicit wins")
    }
}
