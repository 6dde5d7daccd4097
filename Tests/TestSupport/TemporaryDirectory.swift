// Files the tests of several targets need: a scratch directory removed when the test ends, and
// the `swipe-kiosk` executable built beside the test bundle (the store, app and feed tests run
// the real binary as a child process).
import Foundation

/// A fresh directory under the system temp dir, removed when the test ends.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "swipekiosk-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func file(_ name: String) -> String { path + "/" + name }
}

/// The `swipe-kiosk` executable is not beside the test bundle.
public struct MissingExecutable: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "\(path) is missing: build it first (swift build --build-tests)" }
}

/// The `swipe-kiosk` executable built next to the test bundle; a missing one fails the test.
public func kioskExecutable() throws -> URL {
    let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("swipe-kiosk")
    guard FileManager.default.isExecutableFile(atPath: url.path) else { throw MissingExecutable(path: url.path) }
    return url
}
