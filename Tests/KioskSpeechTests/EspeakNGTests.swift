// The synthesiser calls espeak-ng through function pointers it looks up by name (EspeakNG.swift),
// whose types nothing checks at the call. This test target links libespeak-ng, so each
// looked-up pointer is compared with the header's own function: `same` takes both as one type,
// so a type that differs from the headers does not compile, and a name that looks up another
// function fails.
import CEspeakNG
@testable import KioskSpeech
import XCTest

final class EspeakNGTests: XCTestCase {
    private func same<F>(_ loaded: F, _ linked: F, _ name: String) {
        XCTAssertEqual(unsafeBitCast(loaded, to: UInt.self), unsafeBitCast(linked, to: UInt.self), name)
    }

    func testEveryLoadedFunctionIsTheHeadersOwn() throws {
        let e = try EspeakNG.loaded.get()
        same(e.initializePath, espeak_ng_InitializePath, "InitializePath")
        same(e.initialize, espeak_ng_Initialize, "Initialize")
        same(e.clearErrorContext, espeak_ng_ClearErrorContext, "ClearErrorContext")
        same(e.initializeOutput, espeak_ng_InitializeOutput, "InitializeOutput")
        same(e.getSampleRate, espeak_ng_GetSampleRate, "GetSampleRate")
        same(e.setSynthCallback, espeak_SetSynthCallback, "SetSynthCallback")
        same(e.listVoices, espeak_ListVoices, "ListVoices")
        same(e.setVoiceByName, espeak_ng_SetVoiceByName, "SetVoiceByName")
        same(e.setParameter, espeak_ng_SetParameter, "SetParameter")
        same(e.synthesize, espeak_ng_Synthesize, "Synthesize")
        same(e.getStatusCodeMessage, espeak_ng_GetStatusCodeMessage, "GetStatusCodeMessage")
        XCTAssertEqual(e.message(ENS_VOICE_NOT_FOUND), "The specified espeak-ng voice does not exist")
    }
}
