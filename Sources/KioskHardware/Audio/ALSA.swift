// The alsa-lib functions ALSAAudioOutput calls, looked up when the output first opens its
// device rather than linked: libasound is about 0.3 MB resident in every process that maps it
// (/proc/PID/smaps at the bench's peak, BENCHMARKS.md), and only speech plays sound, which is
// off unless configured and on demand by default (SharedLibrary says why). The types still
// come from the headers (CALSA, which no longer links the library); each function's type here
// is pinned to the header's by ALSATests.
import CALSA

/// alsa-lib's entry points, loaded once per process.
struct ALSA: @unchecked Sendable {
    /// The library, opened on first use; the error says which package to install.
    static let loaded = SharedLibrary.load("libasound.so.2", package: "libasound2", ALSA.init)

    let pcmOpen: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, snd_pcm_stream_t, Int32) -> Int32
    let pcmSetParams: @convention(c) (OpaquePointer?, snd_pcm_format_t, snd_pcm_access_t, UInt32, UInt32, Int32, UInt32) -> Int32
    let pcmWritei: @convention(c) (OpaquePointer?, UnsafeRawPointer?, snd_pcm_uframes_t) -> snd_pcm_sframes_t
    let pcmWait: @convention(c) (OpaquePointer?, Int32) -> Int32
    let pcmRecover: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let pcmDrop: @convention(c) (OpaquePointer?) -> Int32
    let pcmPrepare: @convention(c) (OpaquePointer?) -> Int32
    let pcmClose: @convention(c) (OpaquePointer?) -> Int32
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// snd_lib_error_set_handler (the handler's variadic type reaches Swift as an OpaquePointer).
    let setErrorHandler: @convention(c) (OpaquePointer?) -> Int32

    /// Looks the functions up and silences alsa-lib's own error printing: it writes every failed
    /// open ("Unknown PCM …") to stderr, and the output reports a failing device itself, once,
    /// through the journal.
    private init(_ library: SharedLibrary) throws(SharedLibraryError) {
        pcmOpen = try library.function("snd_pcm_open")
        pcmSetParams = try library.function("snd_pcm_set_params")
        pcmWritei = try library.function("snd_pcm_writei")
        pcmWait = try library.function("snd_pcm_wait")
        pcmRecover = try library.function("snd_pcm_recover")
        pcmDrop = try library.function("snd_pcm_drop")
        pcmPrepare = try library.function("snd_pcm_prepare")
        pcmClose = try library.function("snd_pcm_close")
        strerror = try library.function("snd_strerror")
        setErrorHandler = try library.function("snd_lib_error_set_handler")
        _ = setErrorHandler(swipekiosk_alsa_silent_handler())
    }

    /// alsa-lib's text for the error `code` (a negative errno or one of its own).
    func message(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
