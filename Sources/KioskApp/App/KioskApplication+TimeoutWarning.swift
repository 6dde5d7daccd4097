// The time-out warning (issue 25; Section 508 407.5, the EAA's "timed responses announced through
// more than one sensory channel, with a way to extend the time"): `[accessibility]
// timeout_warning` seconds before the idle reset, a card asks whether someone is still there and,
// while speech is on, the same words are said. Any touch or key gives the full idle time again,
// takes the card away and, while speech is on, says so. The warning's time is one of the app's
// timers (nextTimer), so it comes on a panel that draws no frames, as the reset itself does.
import KioskUI
import SwipeCore

extension KioskApplication {
    /// What the card shows, and what is said with it.
    static let timeoutWarning = TimeoutWarning(title: "Still there?", message: "Touch the screen for more time")
    /// Said when input answered the warning.
    static let timeExtendedPhrase: SpokenText = "More time given."

    /// How long before the idle reset the warning shows; nil: no warning (none configured, or no reset).
    var timeoutWarningLead: Duration? {
        configuration.accessibility.timeoutWarningLead(idle: configuration.idle.resetAfterSeconds).map(Duration.init(seconds:))
    }

    /// When the warning is due: while a reset is pending, the warning is not showing yet and
    /// the panel is lit (a screen switched off for the night is warned to nobody; the reset
    /// still comes).
    var timeoutWarningDeadline: Instant? {
        guard !panelIsDark, scene.timeoutWarning == nil else { return nil }
        return idle.warningDeadline(lead: timeoutWarningLead)
    }

    /// Shows (and says) the warning once its time has come.
    func warnIfIdleSoon() {
        guard let due = timeoutWarningDeadline, now >= due else { return }
        let warning = Self.timeoutWarning
        scene.show(warning)
        if speech.active { speech.say(SpeechAnnouncer.sentences([warning.title, warning.message]), time: now) }
    }

    /// Input came: with the warning showing, the idle time starts again from now (the callers
    /// tell `idle`), the card goes and the extension is said before what the input changed.
    func extendTimeIfWarned() {
        guard scene.timeoutWarning != nil else { return }
        idle.extend(at: now)
        scene.hideTimeoutWarning()
        speech.sayFirst(Self.timeExtendedPhrase)
    }
}
