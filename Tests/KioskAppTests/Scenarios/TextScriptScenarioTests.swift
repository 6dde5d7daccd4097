// Text in every script a kiosk shows, through `replay` with golden images: Japanese, Chinese,
// Korean, Thai, Devanagari, Arabic, Hebrew and emoji rows (installed fonts found through
// fontconfig, colour emoji), a wrapped Japanese detail body, and an ellipsis that stops before
// an emoji ZWJ sequence rather than inside it. The pictures need Debian's fonts-noto-core,
// fonts-noto-cjk and fonts-noto-color-emoji (`make deps` installs them); without them each test
// fails naming the missing package.
import Canvas
import Foundation
import GoldenImages
import XCTest
@testable import KioskApp
@testable import KioskStore

final class TextScriptScenarioTests: XCTestCase {
    /// The font packages the golden images were rendered with, and a file each installs.
    static let fontPackages = [
        ("fonts-noto-core", "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"),
        ("fonts-noto-cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
        ("fonts-noto-color-emoji", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    ]

    override func setUpWithError() throws {
        let missing = Self.fontPackages.filter { !FileManager.default.fileExists(atPath: $0.1) }.map(\.0)
        if !missing.isEmpty {
            throw MissingFonts(packages: missing)
        }
    }

    /// Fails a test whose golden image needs font packages that are not installed.
    struct MissingFonts: Error, CustomStringConvertible {
        let packages: [String]
        var description: String {
            "these golden images need the Debian font packages \(packages.joined(separator: ", ")): run make deps"
        }
    }

    static let config = """
        [data]
        demo_data = false
        """

    typealias Item = (title: String, subtitle: String, body: String)

    /// Replays `items` (ids text-1…, in the inbox) at `size`, after `steps` (a tap, say), and
    /// compares the screen at 800 ms with golden image `name` in `references` (default References/).
    func check(_ items: [Item], size: String, steps: String = "", name: String, in references: GoldenImage? = nil) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("items.sqlite3").path
        try ItemStore(path: path).insert(items.enumerated().map { i, item in
            ItemRecord(id: ItemID("text-\(i + 1)"), listID: "inbox", title: item.title, subtitle: item.subtitle, body: item.body,
                       unread: false, sortKey: Int64(i), updatedAt: 1)
        })
        let s = try Scenario("size \(size)\n\(steps)at 800 screenshot \(name).png\nat 800 end\n",
                             config: Self.config, database: path)
        if let message = try (references ?? Scenario.references).mismatch(try s.image(name), name) { XCTFail(message) }
    }

    func testRowsInEveryScriptUseInstalledFonts() throws {
        try check([
            ("田中 愛子", "東京都 渋谷区 🍣", ""),
            ("王秀英", "北京市 朝阳区", ""),
            ("김민준", "서울특별시 강남구", ""),
            ("สวัสดีครับ", "กรุงเทพมหานคร", ""),
            ("नमस्ते दुनिया", "नई दिल्ली", ""),
            ("مرحبا بالعالم", "القاهرة", ""),
            ("שלום עולם", "תל אביב", ""),
            ("Lunch 🍕 with 👩‍👩‍👧‍👦 👍🏽 🇯🇵 ❤️", "Emoji keep their colours", ""),
        ], size: "800x720", name: "scripts")
    }

    /// docs/CONFIGURATION.md's picture (Tests/Screenshots/japanese.png) is this test's golden image.
    func testJapaneseListWithEmojiForTheReadme() throws {
        let screenshots = GoldenImage(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path + "/Screenshots")
        try check([
            ("田中 愛子 🌸", "受付 · 10:30 来訪予定", ""),
            ("鈴木 一郎", "会議室 B 🗓️ 14:00", ""),
            ("本日のランチ 🍱🍜", "社員食堂 · 11:30〜13:30", ""),
            ("佐藤 花子 👩🏻‍💻", "リモート勤務", ""),
            ("避難訓練のお知らせ ⚠️", "本日 15:00 から 1 階ロビーに集合してください", ""),
            ("お誕生日おめでとう 🎂🎉", "山本さん", ""),
        ], size: "800x520", name: "japanese", in: screenshots)
    }

    func testJapaneseDetailBodyWrapsBetweenIdeographsInsideTheMargin() throws {
        let body = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で"
            + "ニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。"
        try check([("夏目漱石「吾輩は猫である」", "1905年", body)], size: "480x720", steps: "at 100 tap 240 100\n",
                  name: "japanese-detail")
    }

    func testEllipsisNeverCutsAnEmojiZWJSequence() throws {
        try check([("Family outing planned 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 and more", "", "")], size: "360x200", name: "emoji-ellipsis")
    }
}
