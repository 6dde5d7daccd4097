// On the device an utterance waits for the frame that shows what it says (SpeechAnnouncer's
// hold, released by AppScreen after the frame is drawn): synthesis started with the key took the
// CPU from that frame on a one-core panel. A held utterance that a newer one replaces is never
// synthesised; a stop drops it too. Real espeak-ng, into a VirtualAudioOutput.
import KioskConfig
import KioskHardware
import KioskSpeech
import XCTest
@testable import KioskApp

final class SpeechAnnouncerHoldTests: XCTestCase {
    private func deviceSpeech() -> (SpeechAnnouncer, VirtualAudioOutput) {
        let speech = SpeechAnnouncer(settings: AccessibilitySettings())
        let output = VirtualAudioOutput(sampleRate: SpeechSynthesizer.sampleRate)
        speech.output = output
        speech.deterministic = false
        return (speech, output)
    }

    func testAnUtteranceWaitsForItsFrameAndANewerOneReplacesIt() {
        let (speech, output) = deviceSpeech()
        speech.say("First", time: 0)
        SpeechSynthesizer.shared.waitUntilIdle()
        XCTAssertEqual(output.samples(of: 1), [], "held until its frame is drawn")
        speech.say("Second", time: 0.01)
        speech.startHeld()
        SpeechSynthesizer.shared.waitUntilIdle()
        XCTAssertEqual(output.samples(of: 1), [], "replaced while held: never said")
        let said = output.samples(of: 2).count
        XCTAssertGreaterThan(said, SpeechSynthesizer.sampleRate / 10, "said once released")
        speech.startHeld()
        SpeechSynthesizer.shared.waitUntilIdle()
        XCTAssertEqual(output.samples(of: 2).count, said, "released once only")
    }

    func testAStopDropsTheHeldUtterance() {
        let (speech, output) = deviceSpeech()
        speech.say("Never heard", time: 0)
        speech.stop(time: 0.01)
        speech.startHeld()
        SpeechSynthesizer.shared.waitUntilIdle()
        XCTAssertEqual(output.samples(of: 1), [])
    }
}
