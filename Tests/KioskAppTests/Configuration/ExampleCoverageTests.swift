// Every key of the shipped example configuration has a test that shows its effect: this walks
// example.toml and fails on a key that no test covers, or on a covering test that does not
// exist. A key's effect is shown by toggling it (ConfigurationEffectTests), by what reaches
// the hardware layer (ConfigurationMappingTests), or by a named unit or VM test.
import Foundation
import XCTest

final class ExampleCoverageTests: XCTestCase {
    /// Table path + key → tests that show its effect ("Class.method", or "e2e:file.py:test").
    static let coverage: [String: [String]] = {
        let effect = "ConfigurationEffectTests."
        let first = effect + "testThemeAndListKeysChangeTheFirstScreen"
        let side = effect + "testSwipeSideKeysChangeTheRevealedButtons"
        let full = effect + "testExpansionAndEffectKeysChangeWhatAFullSwipeDoes"
        let sheet = effect + "testSheetKeysChangeHowTheSheetFollowsAndDismisses"
        let hapticPulse = effect + "testHapticKeysChangeTheVisualPulse"
        let mapping = "ConfigurationMappingTests."
        var table: [String: [String]] = [
            "direction": [first],
            "data.image_dir": ["PictureScenarioTests.testRelativePathsAreFoundUnderImageDir"],
            "data.image_cache_mb": ["PictureLibraryTests.testImageCacheMegabytesSetsTheBudget"],
            "theme.thumbnail_shape": ["PictureScenarioTests.testThumbnailShapeComesFromTheTheme"],
            "theme.preset": ["ThemeContrastTests.testHighContrastFirstScreenIsTheGolden",
                             "ThemeContrastTests.testExplicitColoursOverrideThePresets"],
            "theme.fonts.families": ["TextSettingsTests.testTheAppsFontsPreferTheConfiguredFamilies",
                                     "TextSettingsTests.testPreferredFamiliesChooseAmongInstalledFontsThatHaveTheCharacter"],
            "display.backend": ["ConfigurationMappingTests.testHeadlessBackendKeyRunsTheAppOnAVirtualPanel"],
            "display.on_hours": ["ScreenScheduleScenarioTests.testPanelFollowsTheOfficeHours", "ScreenScheduleScenarioTests.testScreenOnAtNightHoldsUntilTheNextChange"],
            "display.on_days": ["ScreenScheduleScenarioTests.testPanelFollowsTheOfficeHours"],
            "display.device": [mapping + "testDisplayKeysReachTheOutputConfiguration", "e2e:test_session_vm.py:test_3_second_instance_exits_69_naming_the_holder"],
            "display.connector": [mapping + "testDisplayKeysReachTheOutputConfiguration"],
            "display.mode": [mapping + "testDisplayKeysReachTheOutputConfiguration", "DisplayNamingTests.testModeSelection"],
            "display.rotation": [mapping + "testDisplayKeysReachTheOutputConfiguration", "e2e:test_app_vm.py:test_4_rotation_90_swipe"],
            "display.atomic": [mapping + "testDisplayKeysReachTheOutputConfiguration", "e2e:test_drivers_vm.py:test_0_driver_and_modesetting"],
            "display.scale": ["DisplayScaleTests.testRowsAndTextAreTwiceAsLargeAtScaleTwo",
                              "DisplayScaleTests.testASwipeNeedsTwiceTheDistanceToOpenAtScaleTwo",
                              "DisplayScaleTests.testATapOpensTheRowDrawnUnderTheFinger",
                              "DisplayScaleTests.testTheBackButtonAndTheBackSwipeEdgeScale"],
            "input.devices": [mapping + "testInputDevicesChooseTheBackend"],
            "input.calibration": [effect + "testCalibrationMovesWhereATouchLands"],
            "input.pointer_as_touch": ["VirtualSessionTests.testPointerActsAsAFingerOnlyWhenAllowed",
                                       "PointerRecordingTests.testWithPointerAsTouchOffTheSameClickDoesNothing"],
            "input.vt_switching": [mapping + "testLockDownKeysReachTheInputLayer",
                                   "SessionTests.testWithSwitchingOffCtrlAltFunctionKeysAreSwallowedNotSwitched",
                                   "e2e:test_service_vm.py:test_3b_ctrl_alt_f2_sysrq_b_and_power_from_the_keyboard_change_nothing"],
            "input.keyboard": [mapping + "testLockDownKeysReachTheInputLayer",
                               "SessionTests.testKeyboardPolicyAdmitsOnlyAllowedNamesAndUSBIds",
                               "e2e:test_service_vm.py:test_3a_a_plugged_in_keyboard_is_unreadable_for_the_service_user"],
            "input.keyboard_allow": [mapping + "testLockDownKeysReachTheInputLayer",
                                     "SessionTests.testKeyboardPolicyAdmitsOnlyAllowedNamesAndUSBIds"],
            "haptics.backend": [hapticPulse, mapping + "testHapticKeysReachTheBackend"],
            "haptics.device": [mapping + "testHapticKeysReachTheBackend", "e2e:test_kiosk_vm.py:test_force_feedback_rumbles_on_tap"],
            "haptics.led": [mapping + "testHapticKeysReachTheBackend", "HapticAndPowerTests.testMissingLEDDisablesFeedbackWithoutThrowing"],
            "haptics.command": [mapping + "testHapticKeysReachTheBackend"],
            "haptics.rate_limit_ms": [mapping + "testHapticKeysReachTheBackend", "HapticAndPowerTests.testRateLimiterAllowsOnePerInterval"],
            "haptics.events.*.duration_ms": [hapticPulse],
            "haptics.events.*.strength": [hapticPulse],
            "idle.reset_after_s": [effect + "testIdleKeysResetAndBlank"],
            "idle.blank_after_s": [effect + "testIdleKeysResetAndBlank", "e2e:test_session_vm.py:test_4_idle_blank_then_the_first_tap_only_wakes"],
            "data.demo_data": [first],
            "navigation.transition": [effect + "testNavigationTransitionChangesThePush"],
            "navigation.swipe_back": ["NavigationOptionTests.testSwipeBackOffLeavesTheEdgeToThePageButTheBackButtonPops"],
            "sheet.detail_as_sheet": [effect + "testNavigationTransitionChangesThePush"],
            "lists.id": [effect + "testListFilterKeysChangeTheItems"],
            "lists.title": [first], "lists.direction": [first], "lists.section_headers": [first],
            "lists.leading.circle_diameter": [effect + "testCircleDiameterAndButtonAnimationChangeCircularButtons"],
            "lists.leading.button_animation": [effect + "testCircleDiameterAndButtonAnimationChangeCircularButtons"],
            "lists.leading.vertical_alignment": [effect + "testVerticalAlignmentMovesAWrappedTitle"],
            "lists.trailing.actions.hides_when_selected": [effect + "testHidesWhenSelectedClosesTheRowAfterItsAction"],
            "lists.trailing.actions.command": ["ItemStoreActionTests.testEffectsWithoutDataChangeAreOnlyLogged",
                                               "CommandActionScenarioTests.testItemIDsReachArgvOnlyThroughAPlaceholderAndNeverAsOptionsOrPaths"],
            "lists.trailing.actions.timeout_s": ["CommandActionScenarioTests.testATimeoutKillsTheProcessGroupOfACommandThatIgnoresSIGTERM"],
            "lists.trailing.actions.max_running": ["CommandActionScenarioTests.testThreeHundredTapsOnASlowCommandStartAtMostMaxRunning"],
            "data.undo_window_s": ["NavigationOptionTests.testUndoWindowDecidesWhenADeletedItemIsGoneForGood"],
            "data.database": ["e2e:test_service_vm.py:test_4_sigkill_restarts_within_5s"],
            "ui.styles_sheet": ["StylesSheetScenarioTests.testStylesSheetFalseHidesTheCog"],
            "accessibility.speech": ["SpeechScenarioTests.testSpeechOffSaysNothingAndOnSpeaksFromTheStart",
                                     "SpeechScenarioTests.testTheIdleResetEndsOnDemandSpeechUntilTheNextKey"],
            "accessibility.voice": ["SpeechScenarioTests.testRateVolumeAndVoiceDoWhatTheySay"],
            "accessibility.rate": ["SpeechScenarioTests.testRateVolumeAndVoiceDoWhatTheySay"],
            "accessibility.volume": ["SpeechScenarioTests.testRateVolumeAndVoiceDoWhatTheySay"],
            "accessibility.keypad": ["SpeechScenarioTests.testAKeypadMapFromTheConfigurationIsUsed",
                                     "KeypadConfigTests.testATableChangesSingleKeysInAnySpelling"],
            "accessibility.timeout_warning": ["TimeoutWarningScenarioTests.testTheWarningShowsAndIsSpokenAtResetLessNThenTheResetComesAsBefore",
                                              "TimeoutWarningScenarioTests.testNoWarningWhenTurnedOffAndNoSpeechWhenSpeechIsOff"],
            "accessibility.min_text_mm": ["TextSizeTests.testTheAppScalesItsRowsForTheConfiguredPanel",
                                          "TextSizeTests.testKnownPanelsGetTheScaleThatMakesCapitalsTheMinimum"],
            "display.panel_mm": ["TextSizeTests.testTheAppScalesItsRowsForTheConfiguredPanel"],
            "accessibility.audio_device": ["ALSAAudioOutputTests.testADeviceThatDoesNotExistIsReportedOnceAndPlayDoesNotWait"],
            "ui.lists_page": ["ListsPageScenarioTests.testATapOpensAListSwipingBackReturnsAndTheListKeepsItsPlace"],
            "ui.lists_title": ["ListsPageScenarioTests.testATapOpensAListSwipingBackReturnsAndTheListKeepsItsPlace"],
            "data.poll_interval_ms": ["NavigationOptionTests.testPollIntervalDecidesHowSoonAnOutsideChangeShows"],
        ]
        for key in ["background", "nav_bar", "nav_title", "row", "separator", "title", "subtitle", "accent", "badge", "unread",
                    "section_header", "section_title", "fonts.regular", "fonts.bold", "fonts.icon",
                    "sizes.title", "sizes.subtitle", "sizes.nav_title", "sizes.row_height"] {
            table["theme." + key] = [first]
        }
        for key in ["sticky", "fade", "animation_duration", "minimum_velocity", "minimum_fraction"] { table["sheet." + key] = [sheet] }
        for key in ["source", "archived", "flagged", "unread"] { table["lists.filter." + key] = [effect + "testListFilterKeysChangeTheItems"] }
        for key in ["transition", "display_mode", "button_style", "maximum_button_width", "minimum_button_width", "padding",
                    "spacing", "background"] {
            table["lists.leading." + key] = [side]
        }
        // Both sides are read by the same code (ListConfiguration+Loading): an effect shown on
        // one side is the key's effect on the other.
        for side in ["leading", "trailing"] {
            table["lists.\(side).expansion"] = [full]
            for key in ["title", "icon", "style", "color"] { table["lists.\(side).actions.\(key)"] = [effect + "testSwipeSideKeysChangeTheRevealedButtons"] }
            for key in ["id", "effect"] { table["lists.\(side).actions.\(key)"] = [full] }
        }
        table["lists.leading.actions.text_color"] = [side]
        // [feed]: each key read and checked (FeedSettingsTests) and shown at work against a real broker.
        let settings = "FeedSettingsTests.testEveryKeyIsReadWithItsDefault"
        table["feed.broker"] = [settings, "FeedConvergenceTests.testThreeFeedsConvergeOnTenThousandItemsThenOnUpdatesAndRemovals"]
        table["feed.prefix"] = [settings, "FeedConvergenceTests.testThreeFeedsConvergeOnTenThousandItemsThenOnUpdatesAndRemovals"]
        table["feed.kiosk_id"] = [settings, "FeedActionTests.testEveryLoggedActionReachesASubscriberInOrderWithItsID"]
        table["feed.lists"] = [settings, "FeedSettingsTests.testKioskIDComesFromTheMachineIDAndListsFromTheConfiguredOnes"]
        table["feed.ca_file"] = [settings, "FeedSecurityTests.testTLSWithTheRightCAConnectsAndAWrongCAIsRefusedWithAClearLine"]
        table["feed.cert_file"] = [settings, "FeedSecurityTests.testTLSWithTheRightCAConnectsAndAWrongCAIsRefusedWithAClearLine"]
        table["feed.key_file"] = [settings, "FeedSecurityTests.testTLSWithTheRightCAConnectsAndAWrongCAIsRefusedWithAClearLine"]
        table["feed.credentials_file"] = [settings, "FeedSecurityTests.testLoginComesFromAPrivateCredentialsFileAndAWrongPasswordIsReported"]
        table["feed.allow_insecure"] = [settings, "FeedSecurityTests.testPlainMQTTToAnotherMachineIsRefusedUnlessAllowed"]
        table["feed.keepalive_s"] = [settings, "FeedActionTests.testStatusIsOnlineWhileRunningAndOfflineAfterKillOrStop"]
        table["feed.control_socket"] = [settings, "FeedCommandTests.testScreenshotIsThePNGCtlWrites"]
        table["lists.trailing.actions.undo"] = ["UndoScenarioTests.testAFlagOffersUndoOnlyWhenConfiguredSo"]
        table["lists.leading.actions.hides_when_selected"] = [effect + "testHidesWhenSelectedClosesTheRowAfterItsAction"]
        return table
    }()

    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of every test source (Swift and the VM tests' Python).
    static let sources: String = {
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".py") }
            .compactMap { try? String(contentsOfFile: tests.appendingPathComponent($0).path, encoding: .utf8) }
            .joined(separator: "\n")
    }()

    func testEveryKeyOfTheExampleHasATestShowingItsEffect() {
        let keys = ExampleVariant.keys().map { $0.table.isEmpty ? $0.key : "\($0.table).\($0.key)" }
        XCTAssertGreaterThan(keys.count, 50, "example.toml read from \(ExampleVariant.path)")
        let uncovered = Set(keys).filter { Self.coverage[$0] == nil }.sorted()
        XCTAssertEqual(uncovered, [], "keys of example.toml that no test shows the effect of")
        for (key, names) in Self.coverage {
            XCTAssertTrue(keys.contains(key), "\(key) is not in example.toml any more")
            for name in names {
                let function = name.split(separator: name.hasPrefix("e2e:") ? ":" : ".").last.map(String.init) ?? name
                let declared = name.hasPrefix("e2e:") ? "def \(function)(" : "func \(function)("
                XCTAssertTrue(Self.sources.contains(declared), "\(key): no test \(name)")
            }
        }
    }
}
