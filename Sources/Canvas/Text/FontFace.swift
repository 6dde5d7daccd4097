// One font design and where FreeType reads it from. A font file is kept open and read through
// a FreeType stream, so only the tables and glyphs in use take memory: the shipped fonts were
// read whole, 2 MB of the 40 MB a 1920x1080 kiosk may take (issue 26), and fallbacks were
// mapped by path, which a font truncated in place turns into SIGBUS and a font replaced at its
// path into another face. A short read is an error FreeType reports (the glyph is left out),
// never a signal.
import CFreeType
import KioskFiles

/// A font face (one design, e.g. DejaVu Sans Bold) loaded from a file or bytes.
public final class FontFace {
    /// The path or name it was loaded from.
    public let name: String
    /// The family name stored in the font, e.g. "DejaVu Sans".
    public let familyName: String
    /// Whether the face is a bold design (FreeType's style flag): fallbacks are asked in its weight.
    public let isBold: Bool
    let library: FontLibrary
    /// Where FreeType reads the font from, for as long as the face is open.
    private let source: Source
    /// The face's one FreeType handle: each `Font` of it has a size of its own on it
    /// (`FT_New_Size`), so the tables FreeType loads are loaded once, not once per text size.
    let ftFace: FT_Face
    /// The face's index in a collection (.ttc).
    let index: Int

    private enum Source {
        /// The bytes of a font file, owned by this face.
        case bytes(UnsafeMutableBufferPointer<UInt8>)
        /// An open font file, read at offsets.
        case file(ReadOnlyFile)
    }

    /// A face of the font whose file's bytes are `source`; `name` is used in error messages.
    convenience init(library: FontLibrary, bytes source: [UInt8], name: String) throws {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, source.count))
        _ = bytes.initialize(from: source)
        try self.init(library: library, source: .bytes(UnsafeMutableBufferPointer(rebasing: bytes[0..<source.count])),
                      name: name, index: 0)
    }

    /// The face `index` of the open font `file`.
    convenience init(library: FontLibrary, file: ReadOnlyFile, index: Int) throws {
        try self.init(library: library, source: .file(file), name: file.path, index: index)
    }

    private init(library: FontLibrary, source: Source, name: String, index: Int) throws {
        self.library = library
        self.source = source
        self.name = name
        self.index = index
        do {
            ftFace = try Self.open(library: library, source: source, name: name, index: index)
        } catch {
            if case .bytes(let bytes) = source { bytes.deallocate() }
            throw error
        }
        isBold = ftFace.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        familyName = ftFace.pointee.family_name.map { String(cString: $0) } ?? ""
    }

    deinit {
        FT_Done_Face(ftFace)
        if case .bytes(let bytes) = source { bytes.deallocate() }
    }

    private static func open(library: FontLibrary, source: Source, name: String, index: Int) throws -> FT_Face {
        var face: FT_Face?
        let error: FT_Error
        switch source {
        case .bytes(let bytes):
            error = FT_New_Memory_Face(library.library, bytes.baseAddress, FT_Long(bytes.count), FT_Long(index), &face)
        case .file(let file):
            var arguments = FT_Open_Args()
            arguments.flags = FT_UInt(FT_OPEN_STREAM)
            arguments.stream = stream(reading: file)
            // FreeType closes the stream (`closeStream`) when the face is done, or at once when it fails.
            error = FT_Open_Face(library.library, &arguments, FT_Long(index), &face)
        }
        guard error == 0, let face else { throw CanvasError.fontUnloadable(source: name, freeTypeError: error) }
        return face
    }

    /// A FreeType stream of its own for each face (FreeType keeps a position in it), holding
    /// `file` until FreeType closes it.
    private static func stream(reading file: ReadOnlyFile) -> FT_Stream {
        let stream = FT_Stream.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(file.size)
        stream.pointee.descriptor.pointer = Unmanaged.passRetained(file).toOpaque()
        stream.pointee.read = readStream
        stream.pointee.close = closeStream
        return stream
    }
}

/// FreeType's read of `count` bytes at `offset` (a seek when `count` is 0: 0 means it may).
private func readStream(_ stream: FT_Stream?, _ offset: UInt, _ buffer: UnsafeMutablePointer<UInt8>?,
                        _ count: UInt) -> UInt {
    guard let stream, let pointer = stream.pointee.descriptor.pointer else { return count == 0 ? 1 : 0 }
    if count == 0 { return offset <= stream.pointee.size ? 0 : 1 }
    guard let buffer, let start = Int(exactly: offset), let length = Int(exactly: count) else { return 0 }
    let file = Unmanaged<ReadOnlyFile>.fromOpaque(pointer).takeUnretainedValue()
    let read = try? file.read(at: start, into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
    return UInt(read ?? 0)
}

/// FreeType is done with the stream: the file is let go and the stream freed.
private func closeStream(_ stream: FT_Stream?) {
    guard let stream else { return }
    if let pointer = stream.pointee.descriptor.pointer { Unmanaged<ReadOnlyFile>.fromOpaque(pointer).release() }
    stream.deinitialize(count: 1)
    stream.deallocate()
}
