// The synthesiser calls espeak-ng through function pointers it looks up by name (EspeakNG.swift),
// whose types nothing checks at the call. This test target links libespeak-ng, so each
// looked-up pointer is compared with the header's own function: `isSameFunction` takes both as one type,
// so a type that differs from the headers does not compile, and a name that looks up another
// function fails.
import CEspeakNG
@testable import KioskSpeech
import TestSupport
import XCTest

final class EspeakNGTests: XCTestCase {
    func testEveryLoadedFunctionIsTheHeadersOwn() throws {
        let e = try EspeakNG.loaded.get()
        // Every entry point is compared below: one added to the type must be added here too.
        XCTAssertEqual(Mirror(reflecting: e).children.count, 11)
        XCTAssertTrue(isSameFunction(e.initializePath, espeak_ng_InitializePath), "InitializePath")
        XCTAssertTrue(isSameFunction(e.initialize, espeak_ng_Initialize), "Initialize")
        XCTAssertTrue(isSameFunction(e.clearErrorContext, espeak_ng_ClearErrorContext), "ClearErrorContext")
        XCTAssertTrue(isSameFunction(e.initializeOutput, espeak_ng_InitializeOutput), "InitializeOutput")
        XCTAssertTrue(isSameFunction(e.getSampleRate, espeak_ng_GetSampleRate), "GetSampleRate")
        XCTAssertTrue(isSameFunction(e.setSynthCallback, espeak_SetSynthCallback), "SetSynthCallback")
        XCTAssertTrue(isSameFunction(e.listVoices, espeak_ListVoices), "ListVoices")
        XCTAssertTrue(isSameFunction(e.setVoiceByName, espeak_ng_SetVoiceByName), "SetVoiceByName")
        XCTAssertTrue(isSameFunction(e.setParameter, espeak_ng_SetParameter), "SetParameter")
        XCTAssertTrue(isSameFunction(e.synthesize, espeak_ng_Synthesize), "Synthesize")
        XCTAssertTrue(isSameFunction(e.getStatusCodeMessage, espeak_ng_GetStatusCodeMessage), "GetStatusCodeMessage")
        XCTAssertEqual(e.message(ENS_VOICE_NOT_FOUND), "The specified espeak-ng voice does not exist")
    }
}
