// A C library opened when it is first needed instead of when the program starts (dlopen(3)).
// libmosquitto pulls in libssl and libcrypto, and espeak-ng pulls in PulseAudio, X11, libsndfile
// and five codecs: linked at build time, every process would map and relocate the two and the
// 24 they bring at exec (3.6-3.9 MB resident at a bench's peak, BENCHMARKS.md "Libraries opened
// when used"),
// though only `swipe-kiosk feed` speaks MQTT and speech is off unless configured. The feed and
// the synthesiser open their library through this type and look their functions up by name.
// A library is never closed: libssl and espeak-ng keep threads, callbacks and atexit handlers
// that must not outlive their code.
import Glibc

/// A shared library opened by its soname, whose functions are looked up by name.
public final class SharedLibrary: @unchecked Sendable {
    /// The name it was opened by, e.g. `libmosquitto.so.1`.
    public let soname: String
    /// The Debian package that installs it, named in errors.
    public let package: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname` (resolving every symbol now, `RTLD_NOW`, so a broken install fails here
    /// and not in the middle of a call; `RTLD_LOCAL`, so its symbols do not leak into later
    /// lookups).
    public init(_ soname: String, package: String) throws(SharedLibraryError) {
        self.soname = soname
        self.package = package
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw SharedLibraryError(soname: soname, package: package, symbol: nil, reason: Self.lastError())
        }
        self.handle = handle
    }

    /// The function `name` as the C function pointer type `T`. The type must be the one the C
    /// header declares: nothing can check it here, so each caller pins its types with a test
    /// that assigns the header's own function to them.
    public func function<T>(_ name: String, as type: T.Type = T.self) throws(SharedLibraryError) -> T {
        precondition(MemoryLayout<T>.size == MemoryLayout<UnsafeMutableRawPointer>.size, "\(T.self) is not a C function pointer")
        _ = dlerror()
        guard let address = dlsym(handle, name) else {
            throw SharedLibraryError(soname: soname, package: package, symbol: name, reason: Self.lastError())
        }
        return unsafeBitCast(address, to: T.self)
    }

    /// `soname` opened and handed to `entryPoints` (which looks up the functions a caller uses),
    /// or why either failed: what a caller keeps in a `static let`, so the library is opened
    /// once, on first use, by whichever thread comes first (Swift runs a global's initialiser once).
    public static func load<EntryPoints>(
        _ soname: String, package: String, _ entryPoints: (SharedLibrary) throws(SharedLibraryError) -> EntryPoints
    ) -> Result<EntryPoints, SharedLibraryError> {
        do throws(SharedLibraryError) {
            return .success(try entryPoints(SharedLibrary(soname, package: package)))
        } catch {
            return .failure(error)
        }
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}

/// A library that could not be opened, or lacks a function the program calls.
public struct SharedLibraryError: Error, Equatable, CustomStringConvertible, Sendable {
    public let soname: String
    public let package: String
    /// The function that was missing (nil: the library itself could not be opened).
    public let symbol: String?
    /// dlerror(3)'s text.
    public let reason: String

    public var description: String {
        if let symbol { return "\(soname) has no \(symbol) (\(reason)); reinstall \(package)" }
        return "cannot load \(soname): \(reason); install the \(package) package"
    }
}
