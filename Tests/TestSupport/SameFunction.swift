// For the tests that pin a function looked up with dlsym to the C header's own (MosquittoTests,
// EspeakNGTests, ALSATests): both arrive as one C function pointer type `F`, so a looked-up type
// that differs from the header does not compile, and equal addresses show the name found that
// function.

/// Whether `loaded` and `linked`, two C function pointers of one type, are the same function.
public func isSameFunction<F>(_ loaded: F, _ linked: F) -> Bool {
    precondition(MemoryLayout<F>.size == MemoryLayout<UInt>.size, "\(F.self) is not a C function pointer")
    return unsafeBitCast(loaded, to: UInt.self) == unsafeBitCast(linked, to: UInt.self)
}
