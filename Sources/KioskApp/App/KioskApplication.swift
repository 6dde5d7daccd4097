// The product: configuration + item store + UI scene. It turns UI effects into data changes
// (committed before the row's animation continues), keeps the lists in step with the store
// (other processes may write to it), and records what a state dump reports. Backends (headless,
// DRM) feed it input with timestamps and ask it to draw; it never reads a clock itself.
import Canvas
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

/// One running kiosk, independent of where its pixels go.
public final class KioskApplication {
    let configuration: KioskConfiguration
    let store: ItemStore
    public let theme: Theme
    let text = TextCache()
    public let scene: KioskScene
    var pages: [String: ListPage] = [:]
    /// How many items each configured list has, as the lists page last showed it or the list's
    /// page last read it (KioskApplication+ListsPage).
    var listCounts: [String: Int] = [:]
    /// Haptic events in order, with the time they fired (the state dump's `haptics`): the newest
    /// `historyLimit` only, as `run` lives for months (about 2,000 entries an hour of use).
    var haptics: [(timeMs: Int, event: HapticEvent)] = []
    /// Actions performed (the state dump's `log`), the newest `historyLimit`; the database's
    /// actions_log keeps them all.
    var log: [(timeMs: Int, action: String, item: String)] = []
    /// The cap of `haptics` and `log`. The other per-interaction state is bounded elsewhere:
    /// `undoable` by the undo window, `writes` by `WriteQueue.limit`, the scene's
    /// effects and events are drained every frame, and one toast shows at a time.
    static let historyLimit = 1_000
    /// Store writes that failed and are tried again (WriteQueue, KioskApplication+Writes).
    var writes = WriteQueue()
    /// The cause of the last store read that failed, until one succeeds (reported once).
    var failingReadCause: String?
    /// Where a write given up or a failed read is reported (stderr; tests capture it).
    var reportFailure: (String) -> Void = { printError("swipe-kiosk: \($0)") }
    /// Hardware backends listen here (force feedback, LED, command).
    var onHaptic: ((HapticEvent) -> Void)?
    /// When outside writes are looked for: after the watch saw one, or every `poll_interval_ms`.
    var storePoll: StorePoll
    /// Store time of the last look at outside changes: rows newer than it are new to the user.
    var lastSync: StoreTime = 0
    var now = Instant.zero
    let styles: StyleOverrides
    /// Command actions (kept across a configuration reload with the commands it runs).
    var commands = CommandRunner()
    /// Item pictures: decoded on worker threads, cached, drawn by the rows and the detail page.
    public let pictures: PictureLibrary
    /// Reads the lists' sections after another program's write, off the loop (nil for a private
    /// in-memory database, which no other program writes).
    let sectionReader: SectionReader?

    deinit { sectionReader?.stop() }
    /// Changes that may still be undone, and deletes not yet purged (purged when their window closes).
    var undoable = UndoBook()
    /// When the undo window of a delete from before this run ends (the kiosk restarted inside
    /// it): the purge is due then whatever `undoable` holds (`scheduleEarlierPurge`).
    var earlierDeletePurge: Instant?
    /// The sheet last presented and what its rows do (the scene shows at most one).
    var presentedSheet: (sheet: AppSheet, rows: [AppSheetRow])?
    /// The idle time and the fingers down, for the idle reset and the time-out warning.
    var idle: IdleClock
    /// True while the panel is dark (switched off by request or blanked): the session knows, the
    /// host (AppScreen) tells. No time-out warning is shown or said to a screen nobody sees.
    public var panelIsDark = false
    /// How long a toast stays; the Undo toast stays for `[data] undo_window_s` instead.
    static let toastLifetime = Duration.seconds(5)
    /// What is said (`[accessibility]`); silent until a backend gives it an audio output.
    let speech: SpeechAnnouncer
    /// Explore by touch while speech is on, and the gesture that starts it (+Explore).
    var explore: ExploreMode
    /// The display scale chosen for `[accessibility] min_text_mm`, and why (logged at start).
    let textSize: TextSizeRequirement.Choice

    /// Opens the store (creating it with demo data when configured) and builds the root list.
    /// Store timestamps (ms): the wall clock when running, a fixed epoch plus app time headless.
    let storeClock: StoreClock

    /// Where store timestamps come from.
    public enum StoreClock: Sendable {
        case wall
        /// Headless: `epoch` plus the app's own time, so replays write the same data every run.
        case virtual(epoch: StoreTime)
    }

    var storeNow: StoreTime {
        switch storeClock {
        case .wall: return ItemStore.now()
        case .virtual(let epoch): return epoch + StoreTime(timeMs)
        }
    }

    /// `start`: the loop's time as the app starts (`run`: the device's clock, time since boot;
    /// virtual time starts at zero), so that what the app shows or schedules while it starts (a
    /// read failure's toast, the purge of an earlier run's deletes) is timed from the first tick.
    /// `systemFonts: false` draws only with the theme's fonts (the bench's baseline).
    /// `panelMillimetres`: the panel's size as its connector reports it (0 x 0: unknown), for
    /// `[accessibility] min_text_mm`; `[display] panel_mm` overrides it.
    public init(configuration: KioskConfiguration, store: ItemStore, size: Size, fonts: FontFiles, storeClock: StoreClock,
         start: Instant = .zero, systemFonts: Bool = true, panelMillimetres: PixelSize = PixelSize(width: 0, height: 0)) throws {
        now = start
        self.configuration = configuration
        self.store = store
        self.storeClock = storeClock
        speech = SpeechAnnouncer(settings: configuration.accessibility)
        // `[idle] reset_after_s`, or `blank_after_s` when the panel blanks sooner (whoever wakes a
        // dark panel is the next person).
        idle = IdleClock(resetAfter: configuration.idle.resetAfterSeconds.map(Duration.init(seconds:)))
        storePoll = StorePoll(intervalMilliseconds: configuration.data.pollInterval, privateStore: store.path == ItemStore.inMemoryPath)
        sectionReader = store.path == ItemStore.inMemoryPath ? nil : SectionReader()
        styles = StyleOverrides(navigation: configuration.navigation.transition)
        if configuration.data.demoData {
            let seedTime: StoreTime
            switch storeClock {
            case .wall: seedTime = ItemStore.now()
            case .virtual(let epoch): seedTime = epoch
            }
            _ = try store.seedDemoDataIfNeeded(ItemStore.demoLists(for: configuration), at: seedTime)
        }
        // `[display] scale`, raised for `min_text_mm` where the panel's size is known: the theme's
        // lengths become pixels of this panel; every widget sizes from them.
        textSize = configuration.theme.textSizeRequirement(minimumCapitalMillimetres: configuration.accessibility.minTextMillimetres).choose(
            scale: configuration.display.scale, pixels: (Int(size.width), Int(size.height)),
            millimetres: configuration.display.panelMillimetres.map { ($0.width, $0.height) }
                ?? (panelMillimetres.width, panelMillimetres.height),
            maximum: DisplaySettings.scaleRange.upperBound)
        let metrics = configuration.theme.metrics.scaled(by: textSize.scale)
        theme = try Theme(fonts: fonts, palette: configuration.theme.palette, metrics: metrics,
                          library: systemFonts ? try FontLibrary.withSystemFonts(preferring: configuration.theme.fontFamilies)
                              : try FontLibrary())
        let virtualClock: Bool
        if case .virtual = storeClock { virtualClock = true } else { virtualClock = false }
        pictures = PictureLibrary(
            directory: configuration.data.imageDirectory ?? ItemStore.parentDirectory(of: store.path),
            cacheBytes: configuration.data.imageCacheMegabytes << 20,
            cornerFraction: configuration.theme.thumbnailShape.cornerFraction, waitsForDecoder: virtualClock)
        theme.pictures = pictures
        explore = ExploreMode(theme: theme)
        let first = configuration.lists.first ?? .inbox
        let direction = configuration.direction.resolved(title: first.title)
        scene = KioskScene(size: size, theme: theme, text: text, direction: direction,
                           navigationStyle: configuration.navigation.transition)
        lastSync = storeNow
        // `[ui] styles_sheet = false`: no cog, so no Styles sheet at a production panel.
        scene.trailingButtonIcon = configuration.ui.stylesSheet ? "cog" : nil
        scene.swipeBack = configuration.navigation.swipeBack
        scene.setRoot(.list(configuration.ui.listsPage ? makeListsPage() : try makePage(first)))
        // From here on the loop never waits for another writer longer than a frame.
        try store.setBusyTimeout(Self.loopBusyTimeoutMs)
        scheduleEarlierPurge()
    }

    /// A list page over the store's query for `list`.
    func makePage(_ list: ListConfiguration) throws -> ListPage {
        let data = try dataSource(list)
        let direction = (list.direction ?? configuration.direction).resolved(title: list.title)
        let page = ListPage(
            id: list.id, title: list.title, data: data, frame: scene.contentFrame, theme: theme, text: text,
            direction: direction, sectionHeaders: list.sectionHeaders
        ) { [styles] _ in
            let leading = styles.apply(options: list.leading.options, actions: list.leading.swipeActions)
            let trailing = styles.apply(options: list.trailing.options, actions: list.trailing.swipeActions)
            return SwipeRowConfiguration(
                leading: leading.1, trailing: trailing.1,
                leadingOptions: list.leading.fitted(leading.0), trailingOptions: list.trailing.fitted(trailing.0),
                direction: direction)
        }
        pages[list.id] = page
        return page
    }

    // MARK: Input and time

    func handle(_ touch: TouchEvent) {
        now = max(now, touch.time)
        idle.touch(slot: touch.slot, phase: touch.phase, at: now)
        extendTimeIfWarned()
        if !exploreTakes(touch) { scene.handle(touch) }
        process()
        announce(byKey: false)
    }

    /// `extra`: said after what the key changed (KioskApplication+Keypad).
    func handle(key: KeyInput, time: Instant, saying extra: SpokenText? = nil) {
        keyDown(time: time)
        scene.handle(key: key, time: time)
        process()
        announce(byKey: true, then: extra)
    }

    /// A key reached the app: the idle time starts again, and on-demand speech starts.
    func keyDown(time: Instant) {
        now = max(now, time)
        idle.input(at: now)
        speech.keyPressed()
        extendTimeIfWarned()
    }

    /// A key the UI has no use for: a person is at the keypad all the same, so the idle time
    /// starts again and on-demand speech starts, and it says where things are.
    func handleUnmappedKey(time: Instant, saying extra: SpokenText? = nil) {
        keyDown(time: time)
        announce(byKey: true, then: extra)
    }

    /// A plug went into the headphone jack or out of it: plugging starts on-demand speech
    /// (EN 301 549 5.1.3.2) and counts as someone at the kiosk; unplugging leaves it on until
    /// the idle reset.
    func headphonesChanged(plugged: Bool, time: Instant) {
        now = max(now, time)
        speech.headphonesChanged(plugged: plugged)
        guard plugged else { return }
        idle.input(at: now)
        extendTimeIfWarned()
        announce(byKey: true)
    }

    /// Hands the scene's focus and toast to the announcer (only while it speaks: the actions of
    /// the focused row are looked up for it).
    func announce(byKey: Bool, then extra: SpokenText? = nil) {
        guard speech.active else { return }
        speech.update(scene.accessibleFocus, toast: scene.toast, byKey: byKey, time: now, then: extra)
    }

    /// Advances animations and polls the store for outside changes.
    func tick(time: Instant) {
        now = max(now, time)
        scene.tick(time: time)
        process()
        retryPendingWrites()
        purgeExpiredDeletes()
        showCommandResults()
        // Replay: the decoder finishes what the last frame asked for before time moves on.
        _ = pictures.waitForDecoderIfReplaying()
        if pictures.collect() { scene.needsRender = true }
        collectSections()
        tickExplore(time: time)
        resetIfIdle()
        warnIfIdleSoon()
        announce(byKey: false)
        // The same expression as nextDeadline, so a tick at the deadline always polls.
        if storePoll.takeLook(at: time) {
            followDatabaseFile()
            // Not through `read`: that the file changed says nothing of whether its items can be read.
            do {
                if try store.pollForChanges() { refreshAfterOutsideChange() }
            } catch {
                reportReadFailure("changes", error)
            }
        }
    }

    /// The next time the app changes by itself: an animation frame or one of its timers.
    func nextDeadline(after time: Instant) -> Instant? {
        Instant.earliest(scene.nextDeadline(after: time), nextTimer(after: time))
    }

    /// The next time the app must run even when no frame is drawn (a blanked or paused panel):
    /// the store poll, the idle reset, picture decodes, write retries and the undo window's purge.
    func nextTimer(after time: Instant) -> Instant? {
        let poll = storePoll.nextLook(after: time)
        // While pictures are decoding or sections are read, look for them every 8 ms (workers post
        // into a locked list).
        let decoding: Instant? = pictures.isDecoding || sectionReader?.isReading == true ? time + .milliseconds(8) : nil
        return Instant.earliest(poll, idle.resetDeadline, timeoutWarningDeadline, decoding, writes.nextTry, undoable.nextClose,
                                earlierDeletePurge, explore.nextDeadline)
    }

    /// After the idle time: close rows, sheets and toasts, back to the first list (the Styles
    /// sheet's List row may have shown another) or the lists page, scroll to the top.
    func resetIfIdle() {
        guard idle.takeReset(at: now) else { return }
        scene.hideTimeoutWarning()
        scene.removeSheet()
        scene.hideToast()
        scene.popToRoot()
        if !configuration.ui.listsPage, let first = configuration.lists.first, currentListID != first.id, let page = pages[first.id] {
            scene.setRoot(.list(page))
            reload(first.id)
        }
        for page in pages.values { page.reset(time: now) }
        explore.reset()
        scene.needsRender = true
        speech.sessionEnded(focus: scene.accessibleFocus, toast: scene.toast, time: now)
    }

    /// Draws the whole frame. In replay, a frame that asked for pictures waits for the decoder
    /// and is drawn again with them, so the same script always gives the same pixels.
    func render(_ painter: Painter, time: Instant) {
        scene.render(painter, time: time)
        if pictures.waitForDecoderIfReplaying(), pictures.collect() { scene.render(painter, time: time) }
    }
}
