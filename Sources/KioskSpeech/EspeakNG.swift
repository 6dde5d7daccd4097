// The espeak-ng functions the speech thread calls, looked up when speech starts rather than
// linked: espeak-ng brings PulseAudio, X11, libsndfile and five codecs (about 2 MB resident)
// into every process that maps it, and speech is off unless configured (SharedLibrary says
// why). The types and constants still come from the headers (CEspeakNG, which no longer links
// the library); each function's type here is pinned to the header's by EspeakNGTests.
import CEspeakNG
import KioskHardware

/// espeak-ng's entry points, loaded once per process.
struct EspeakNG: @unchecked Sendable {
    /// The library, opened on first use; the error says which package to install.
    static let loaded = SharedLibrary.load("libespeak-ng.so.1", package: "libespeak-ng1", EspeakNG.init)

    typealias SynthCallback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32
    let initializePath: @convention(c) (UnsafePointer<CChar>?) -> Void
    let initialize: @convention(c) (UnsafeMutablePointer<espeak_ng_ERROR_CONTEXT?>?) -> espeak_ng_STATUS
    let clearErrorContext: @convention(c) (UnsafeMutablePointer<espeak_ng_ERROR_CONTEXT?>?) -> Void
    let initializeOutput: @convention(c) (espeak_ng_OUTPUT_MODE, Int32, UnsafePointer<CChar>?) -> espeak_ng_STATUS
    let getSampleRate: @convention(c) () -> Int32
    let setSynthCallback: @convention(c) (SynthCallback?) -> Void
    let listVoices: @convention(c) (UnsafeMutablePointer<espeak_VOICE>?) -> UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?
    let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ng_STATUS
    let setParameter: @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ng_STATUS
    let synthesize: @convention(c) (UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
                                    UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> espeak_ng_STATUS
    let getStatusCodeMessage: @convention(c) (espeak_ng_STATUS, UnsafeMutablePointer<CChar>?, Int) -> Void

    private init(_ library: SharedLibrary) throws(SharedLibraryError) {
        initializePath = try library.function("espeak_ng_InitializePath")
        initialize = try library.function("espeak_ng_Initialize")
        clearErrorContext = try library.function("espeak_ng_ClearErrorContext")
        initializeOutput = try library.function("espeak_ng_InitializeOutput")
        getSampleRate = try library.function("espeak_ng_GetSampleRate")
        setSynthCallback = try library.function("espeak_SetSynthCallback")
        listVoices = try library.function("espeak_ListVoices")
        setVoiceByName = try library.function("espeak_ng_SetVoiceByName")
        setParameter = try library.function("espeak_ng_SetParameter")
        synthesize = try library.function("espeak_ng_Synthesize")
        getStatusCodeMessage = try library.function("espeak_ng_GetStatusCodeMessage")
    }

    /// espeak-ng's text for `status`.
    func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        getStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
