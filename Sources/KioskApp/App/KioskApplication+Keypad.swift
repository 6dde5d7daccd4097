// The tactile keypad (issue 25, EN 301 549 5.1.3, ADA 707): `[accessibility] keypad` maps its
// keys to commands (KioskConfig's KeypadMap) and this carries them out. Moving, opening and
// going back are the arrow keys' own (KioskScene+Input, ListPage+Input, SheetView+Focus), so
// a keypad and a keyboard move one focus; the row's actions are the long press's actions sheet,
// announced "Actions.", whose rows next/previous/open reach. Repeat, volume, stop and help
// act on the speech alone. The first keypad key of a session also says how to get help.
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

extension KioskApplication {
    /// The command of keypad key `key`, nil when it has none.
    func keypadCommand(for key: Key) -> KeypadCommand? {
        configuration.accessibility.keypad.command(for: key)
    }

    /// Said when back is pressed on the first page with no sheet up.
    static let atTheStartPhrase: SpokenText = "At the start."

    /// Carries out a keypad command pressed at `time`.
    func handle(keypad command: KeypadCommand, time: Instant) {
        let map = configuration.accessibility.keypad
        let hint = helpHintOnce()
        switch command {
        case .next: return handle(key: .down, time: time, saying: hint)
        case .previous: return handle(key: .up, time: time, saying: hint)
        case .open: return handle(key: .enter, time: time, saying: hint)
        case .back where scene.sheet == nil && scene.stack.count <= 1:
            // Nothing to go back to: say so, or the key seems dead to someone who cannot see.
            return handle(key: .escape, time: time, saying: Self.atTheStartPhrase + (hint ?? SpokenText()))
        case .back: return handle(key: .escape, time: time, saying: hint)
        case .actions, .repeat, .volumeUp, .volumeDown, .stop, .help: break
        }
        keyDown(time: time)
        var said: SpokenText?
        switch command {
        case .actions: showActionsOfFocus()
        case .repeat: said = speech.lastSaid
        case .volumeUp: said = speech.changeVolume(by: 1)
        case .volumeDown: said = speech.changeVolume(by: -1)
        case .stop: speech.stop(time: now)
        case .help: said = SpokenText(map.help)
        case .next, .previous, .open, .back: break
        }
        process()
        let extra = [said, command == .help ? nil : hint].compactMap { $0 }.reduce(SpokenText(), +)
        announce(byKey: true, then: extra.isEmpty ? nil : extra)
    }

    /// A keypad key without a command (7 in the default map): it starts on-demand speech as any
    /// key does, and says where help is. Other keys: KioskApplication.handleUnmappedKey.
    func handleKeypadKeyWithoutCommand(time: Instant) {
        handleUnmappedKey(time: time, saying: helpHintOnce())
    }

    /// "Press 5 for help." for the session's first keypad key (said after where the person is);
    /// nil after it. Help itself takes it too: whoever heard the map needs no hint.
    func helpHintOnce() -> SpokenText? {
        speech.takeHelpHint() ? configuration.accessibility.keypad.helpHint.map { SpokenText($0) } : nil
    }

    /// The actions sheet of the focused row, or of the item on the detail page; nothing while a
    /// sheet is up (its rows are what next/previous move over) or no row is focused.
    func showActionsOfFocus() {
        guard scene.sheet == nil else { return }
        let focus = scene.accessibleFocus
        guard let key = focus.row?.item.id ?? focus.page?.item?.id else {
            speech.sayFirst("No row chosen.")
            return
        }
        guard let itemID = ItemID(key: key) else { return }
        speech.sayFirst("Actions.")
        presentActions(for: itemID)
    }
}
