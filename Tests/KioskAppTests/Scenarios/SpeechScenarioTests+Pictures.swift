// Speech says what the screen shows in words a person who cannot see can use (issue 25): a
// row's picture by its text alternative (`items.image_alt`, "Picture: …"), or as "Picture."
// without one, on the row and on the detail page; and each piece of an utterance in the voice
// of its own script, so a Japanese title is said in Japanese and the kiosk's words after it in
// English (the first script of the whole string chose the voice of it all before).
import Foundation
import KioskSpeech
import TestSupport
import XCTest
@testable import KioskStore

extension SpeechScenarioTests {
    typealias Part = (text: String, voice: String)

    func parts(_ state: [String: Any]) -> [[Part]] {
        (state["speech"] as? [[String: Any]] ?? []).map { entry in
            (entry["parts"] as? [[String: Any]] ?? []).map { ($0["text"] as? String ?? "", $0["voice"] as? String ?? "") }
        }
    }

    /// A database of `items` (id, title, image, image_alt) in the inbox, read.
    func database(_ items: [(String, String, String?, String?)], in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("items.sqlite3")
        try ItemStore(path: path).insert(items.enumerated().map { n, item in
            ItemRecord(id: ItemID(item.0), listID: "inbox", title: item.1, body: "Body \(n).", unread: false,
                       sortKey: Int64(n), updatedAt: 1, image: item.2, imageAlt: item.3)
        })
        return path
    }

    func testAPictureIsSaidByItsDescriptionOnTheRowAndTheDetailPage() throws {
        let dir = try TemporaryDirectory()
        let path = try database([
            ("a", "Bike", "bike.png", "A red bicycle by a canal"),
            ("b", "Harbour", "harbour.jpg", nil),
            ("c", "Plain", nil, nil),
            ("d", "Blank", "blank.png", ""),
            ("e", "Spaces", "spaces.png", "  \n\t"),
            ("f", "Controls", "controls.png", "\u{1B}\u{7}"),
        ], in: dir)
        let s = try Scenario("""
            size 1280x800
            at 0     key DOWN
            at 1000  key DOWN
            at 2000  key DOWN
            at 3000  key DOWN
            at 4000  key UP
            at 5000  key UP
            at 6000  key UP
            at 7000  key ENTER
            at 8000  key ESC
            at 9000  key DOWN
            at 9500  key DOWN
            at 10000 key DOWN
            at 10500 key DOWN
            at 11000 key DOWN
            at 12000 end
            """, config: "[data]\ndemo_data = false\n", database: path)
        let said = speech(try s.state("final")).map(\.text)
        XCTAssertEqual(said, [
            "Inbox. Bike. Picture: A red bicycle by a canal. 1 of 6. \(Self.actions)",
            "Harbour. Picture. 2 of 6. \(Self.actions)",
            "Plain. 3 of 6. \(Self.actions)",
            "Blank. Picture. 4 of 6. \(Self.actions)",
            "Plain. 3 of 6. \(Self.actions)",
            "Harbour. Picture. 2 of 6. \(Self.actions)",
            "Bike. Picture: A red bicycle by a canal. 1 of 6. \(Self.actions)",
            "Bike. Picture: A red bicycle by a canal. Body 0.",
            "Inbox. Bike. Picture: A red bicycle by a canal. 1 of 6. \(Self.actions)",
            "Harbour. Picture. 2 of 6. \(Self.actions)",
            "Plain. 3 of 6. \(Self.actions)",
            "Blank. Picture. 4 of 6. \(Self.actions)",
            "Spaces. Picture. 5 of 6. \(Self.actions)",
            "Controls. Picture. 6 of 6. \(Self.actions)",
        ], "a picture with no description (NULL, empty, only spaces or controls) is named, a row without one is not")
    }

    func testEachPieceIsSaidInTheVoiceOfItsScript() throws {
        let dir = try TemporaryDirectory()
        let path = try database([
            ("ja", "東京の天気", "tokyo.png", "富士山の写真"),
            ("ru", "Обед в четверг", nil, nil),
            ("en", "Lunch", "lunch.png", "Soup"),
        ], in: dir)
        let script = "size 1280x800\nat 0 key DOWN\nat 1000 key DOWN\nat 2000 key DOWN\nat 3000 end\n"
        let s = try Scenario(script, config: "[data]\ndemo_data = false\n", database: path)
        let state = try s.state("final")
        let rest = "of 3. \(Self.actions)"
        XCTAssertEqual(parts(state).map { $0.map(\.voice) }, [["en", "ja", "en", "ja", "en"], ["ru", "en"], ["en"]])
        XCTAssertEqual(parts(state).map { $0.map(\.text) }, [
            ["Inbox.", "東京の天気.", "Picture:", "富士山の写真.", "1 \(rest)"],
            ["Обед в четверг.", "2 \(rest)"],
            ["Lunch. Picture: Soup. 3 \(rest)"],
        ], "the kiosk's words (Latin) in English, each title and description in its script's voice; neighbours of one voice are one part")
        XCTAssertEqual(speech(state).map(\.voice), ["en", "ru", "en"], "`voice`: the one it starts in")
        XCTAssertEqual(speech(state).map(\.text), parts(state).map { $0.map(\.text).joined(separator: " ") }, "`text` is the parts")

        // A configured voice says it all.
        let german = try Scenario(script, config: "[data]\ndemo_data = false\n[accessibility]\nvoice = \"de\"\n", database: path)
        XCTAssertEqual(parts(try german.state("final")).map { $0.map(\.voice) }, [["de"], ["de"], ["de"]])
    }

    func testEveryPieceIsHeardInTheRecording() throws {
        let dir = try TemporaryDirectory()
        let path = try database([("ja", "東京の天気", nil, nil)], in: dir)
        let s = try Scenario("size 1280x800\nat 0 key DOWN\nat 20000 end\n", config: "[data]\ndemo_data = false\n",
                             database: path, audio: true)
        let wav = try WAV(try s.audio())
        let alone = try WAV(try Scenario("size 1280x800\nat 0 key DOWN\nat 20000 end\n",
                                         config: "[data]\ndemo_data = false\n[accessibility]\nvoice = \"en\"\n",
                                         database: path, audio: true).audio())
        XCTAssertGreaterThan(wav.peak(from: 0, to: wav.duration), 1_000)
        // The Japanese title said by the Japanese voice differs from the English voice spelling it.
        XCTAssertNotEqual(wav.samples, alone.samples)
    }
}

extension SpeechScenarioTests {
    /// Another program wrote the description: 30,000 combining marks, 10 MB, a blob, text with
    /// controls. Each is said bounded (read cut to 1,024 characters, marks cut with the note,
    /// never a hang), a blob as its bytes.
    func testAHostileDescriptionIsSaidBoundedWithoutHanging() throws {
        let dir = try TemporaryDirectory()
        let path = try database([
            ("marks", "Marks", "m.png", String(repeating: "\u{0301}", count: 30_000)),
            ("huge", "Huge", "h.png", String(repeating: "word ", count: 2_000_000)),
            ("ctl", "Controls", "c.png", "a\u{1B}[2Jb\u{0}c"),
        ], in: dir)
        try ItemStore(path: path).db.execute("INSERT INTO items (id, list_id, title, unread, sort_key, updated_at, image, image_alt) "
                                             + "VALUES ('blob', 'inbox', 'Blob', 0, 9, 1, 'b.png', x'42696B65')", operation: "test")
        let s = try Scenario("size 1280x800\nat 0 key DOWN\nat 500 key DOWN\nat 1000 key DOWN\nat 1500 key DOWN\nat 2000 end\n",
                             config: "[data]\ndemo_data = false\n", database: path)
        let said = speech(try s.state("final")).map(\.text)
        XCTAssertEqual(said.count, 4)
        XCTAssertTrue(said[0].hasPrefix("Inbox. Marks. Picture:"), said[0])
        XCTAssertTrue(said[0].hasSuffix("Text shortened."), "the pile of marks is cut, with the note")
        XCTAssertLessThan(said[1].unicodeScalars.count, ItemStore.maximumTitleCharacters + 100, "10 MB is read as its first 1,024 characters")
        XCTAssertFalse(said[2].unicodeScalars.contains { $0.properties.generalCategory == .control }, "controls are not said")
        XCTAssertEqual(said[3], "Blob. Picture: Bike. 4 of 4. \(Self.actions)", "a blob is read as its bytes")
    }
}

extension SpeechScenarioTests {
    /// The texts of one item share a voice, chosen from all of them as the fonts choose: a
    /// kanji-only title with a kana subtitle is Japanese, not Mandarin (a title alone would be).
    func testAnItemsTextsShareTheVoiceOfTheItemsScript() throws {
        let dir = try TemporaryDirectory()
        let path = try database([("ja", "天気予報", "w.png", "雨"), ("zh", "天气预报", nil, nil)], in: dir)
        try ItemStore(path: path).db.execute("UPDATE items SET subtitle = '明日は晴れです' WHERE id = 'ja'", operation: "test")
        let s = try Scenario("size 1280x800\nat 0 key DOWN\nat 1000 key DOWN\nat 2000 key UP\nat 3000 key ENTER\nat 5000 end\n",
                             config: "[data]\ndemo_data = false\n", database: path)
        let said = parts(try s.state("final"))
        let rest = "of 2. \(Self.actions)"
        XCTAssertEqual(said.map { $0.map(\.voice) }, [["en", "ja", "en", "ja", "en"], ["cmn-latn-pinyin", "en"], ["ja", "en", "ja", "en"], ["ja", "en", "ja"]])
        XCTAssertEqual(said[0].map(\.text), ["Inbox.", "天気予報. 明日は晴れです.", "Picture:", "雨.", "1 \(rest)"])
        XCTAssertEqual(said[1].map(\.text), ["天气预报.", "2 \(rest)"], "without kana, Han is Mandarin")
        XCTAssertEqual(said[3].map(\.text), ["天気予報. 明日は晴れです.", "Picture:", "雨. Body 0."], "the detail page alike")
    }
}
