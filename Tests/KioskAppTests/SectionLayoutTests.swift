// The section reader lays out the sections it read for the list's page (issue 26: placing and
// upper-casing 10,000 section headers took ~1 ms of the UI loop at every swap), and the page takes
// that layout as it is; a layout made for other metrics is not taken (the page lays its sections
// out itself, as before).
import Foundation
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskStore
@testable import KioskUI

final class SectionLayoutTests: XCTestCase {
    /// An app over 50 items in sections of ten on the device's clock, its inbox page.
    func inbox(_ dir: TemporaryDirectory) throws -> (KioskApplication, ListPage) {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(OwnWriteOffLoopTests.configuration(), file: "k.toml"),
            databasePath: try OwnWriteOffLoopTests.database(dir, items: 50), size: (800, 480), storeClock: .wall)
        return (app, try XCTUnwrap(app.pages["inbox"]))
    }

    func storage(_ index: SectionIndex) -> UnsafeRawPointer? {
        index.headers.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func testTheReaderLaysOutTheSectionsForThePage() throws {
        let dir = try TemporaryDirectory()
        let (app, page) = try inbox(dir)
        let reader = try XCTUnwrap(app.sectionReader)
        let query = try XCTUnwrap(app.configuration.list(id: "inbox")).query
        reader.request(["inbox": SectionReader.Request(query: query, use: .reload, metrics: page.sectionMetrics)],
                       path: app.store.path, generation: app.store.fileGeneration)
        reader.waitUntilRead()
        let read = try XCTUnwrap(reader.collect().first).sections.get()
        let layout = try XCTUnwrap(read.layout, "laid out for the page")
        XCTAssertEqual(layout.metrics, page.sectionMetrics)
        XCTAssertEqual(layout.index.headers.map(\.label), ["DAY 1", "DAY 2", "DAY 3", "DAY 4", "DAY 5"])
        XCTAssertEqual(layout.index.headers.map(\.top), page.sections.headers.map(\.top))
        XCTAssertEqual(layout.sections, page.data.sections)
    }

    func testTheSwapTakesTheLayoutAsItIs() throws {
        let dir = try TemporaryDirectory()
        let (app, page) = try inbox(dir)
        let data = try app.dataSource(try XCTUnwrap(app.configuration.list(id: "inbox")))
        let layout = SectionLayout(sections: data.sections, rowCount: data.count, metrics: page.sectionMetrics)
        page.setData(data, layout: layout, time: 1)
        XCTAssertEqual(storage(page.sections), storage(layout.index), "not laid out again on the loop")
    }

    func testALayoutForOtherMetricsIsNotTaken() throws {
        let dir = try TemporaryDirectory()
        let (app, page) = try inbox(dir)
        let data = try app.dataSource(try XCTUnwrap(app.configuration.list(id: "inbox")))
        let headless = SectionLayout.Metrics(rowHeight: page.rowHeight, headerHeight: 28, headers: false)
        page.setData(data, layout: SectionLayout(sections: data.sections, rowCount: data.count, metrics: headless), time: 1)
        XCTAssertEqual(page.sections.headers.map(\.title), ["Day 1", "Day 2", "Day 3", "Day 4", "Day 5"], "the page's own headers")
        // Nor one for another count of rows (a layout of other data).
        let short = SectionLayout(sections: [ListSection(title: "Day 1", count: 10)], rowCount: 10, metrics: page.sectionMetrics)
        page.setData(data, layout: short, time: 1)
        XCTAssertEqual(page.sections.rowCount, 50)
    }
}
