// The audio output calls alsa-lib through function pointers it looks up by name (ALSA.swift),
// whose types nothing checks at the call. This test target links libasound, so each looked-up
// pointer is compared with the header's own function: `isSameFunction` takes both as one type,
// so a type that differs from the headers does not compile, and a name that looks up another
// function fails.
import CALSA
@testable import KioskHardware
import TestSupport
import XCTest

final class ALSATests: XCTestCase {
    func testEveryLoadedFunctionIsTheHeadersOwn() throws {
        let a = try ALSA.loaded.get()
        // Every entry point is compared below: one added to the type must be added here too.
        XCTAssertEqual(Mirror(reflecting: a).children.count, 10)
        XCTAssertTrue(isSameFunction(a.pcmOpen, snd_pcm_open), "pcm_open")
        XCTAssertTrue(isSameFunction(a.pcmSetParams, snd_pcm_set_params), "pcm_set_params")
        XCTAssertTrue(isSameFunction(a.pcmWritei, snd_pcm_writei), "pcm_writei")
        XCTAssertTrue(isSameFunction(a.pcmWait, snd_pcm_wait), "pcm_wait")
        XCTAssertTrue(isSameFunction(a.pcmRecover, snd_pcm_recover), "pcm_recover")
        XCTAssertTrue(isSameFunction(a.pcmDrop, snd_pcm_drop), "pcm_drop")
        XCTAssertTrue(isSameFunction(a.pcmPrepare, snd_pcm_prepare), "pcm_prepare")
        XCTAssertTrue(isSameFunction(a.pcmClose, snd_pcm_close), "pcm_close")
        XCTAssertTrue(isSameFunction(a.strerror, snd_strerror), "strerror")
        XCTAssertTrue(isSameFunction(a.setErrorHandler, snd_lib_error_set_handler), "lib_error_set_handler")
        XCTAssertEqual(a.message(-ENOENT), "No such file or directory")
        XCTAssertNil(ALSAAudioOutput.libraryFailure())
    }
}
