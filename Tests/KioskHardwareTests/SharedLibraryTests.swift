// SharedLibrary against real libraries: a function looked up by name is the one the linker
// would have bound, and a missing library or function is an error that names the package to
// install instead of a crash at the first call.
import Glibc
import KioskHardware
import TestSupport
import XCTest

final class SharedLibraryTests: XCTestCase {
    func testAFunctionLookedUpByNameIsTheLibrarysOwnAndCanBeCalled() throws {
        let libc = try SharedLibrary("libc.so.6", package: "libc6")
        let length: @convention(c) (UnsafePointer<CChar>) -> Int = try libc.function("strlen")
        XCTAssertEqual(length("kiosk"), 5)
        let linked: @convention(c) (UnsafePointer<CChar>) -> Int = strlen
        XCTAssertTrue(isSameFunction(length, linked))
    }

    func testAMissingLibraryNamesItselfAndThePackageToInstall() {
        XCTAssertThrowsError(try SharedLibrary("libswipe-kiosk-absent.so.9", package: "swipe-kiosk-absent9")) { error in
            guard let error = error as? SharedLibraryError else { return XCTFail("\(error)") }
            XCTAssertNil(error.symbol)
            XCTAssertTrue(error.description.hasPrefix("cannot load libswipe-kiosk-absent.so.9: "), error.description)
            XCTAssertTrue(error.description.contains("No such file"), error.description)
            XCTAssertTrue(error.description.hasSuffix("install the swipe-kiosk-absent9 package"), error.description)
        }
    }

    func testAMissingFunctionIsAnErrorNotACrash() throws {
        let libc = try SharedLibrary("libc.so.6", package: "libc6")
        XCTAssertThrowsError(try libc.function("swipe_kiosk_no_such_function", as: (@convention(c) () -> Void).self)) { error in
            guard let error = error as? SharedLibraryError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.symbol, "swipe_kiosk_no_such_function")
            XCTAssertTrue(error.description.contains("has no swipe_kiosk_no_such_function"), error.description)
        }
    }
}
