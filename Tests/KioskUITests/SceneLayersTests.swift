// SceneLayers: the transition's pair and the sheet's backdrop are made once and reused until
// their transition or sheet ends, then let go (their memory counts against the peak), and a
// drawing is counted only when a layer had to draw.
import Canvas
import SwipeCore
import XCTest
@testable import KioskUI

final class SceneLayersTests: XCTestCase {
    let frame = Rect(x: 0, y: 64, width: 32, height: 16)
    let shapes = ShapeCache()

    func testLayersAreMadeOnceAndLetGoWhenTheirTransitionOrSheetEnds() {
        let layers = SceneLayers()
        weak var lower: CompositeLayer?, upper: CompositeLayer?, sheet: CompositeLayer?
        do {
            let pair = layers.transitionPair(covering: frame, shapeCache: shapes)
            XCTAssertTrue(layers.transitionPair(covering: frame, shapeCache: shapes).lower === pair.lower)
            XCTAssertEqual(pair.lower.origin, Point(x: 0, y: 64))
            XCTAssertFalse(pair.lower === pair.upper)
            let backdrop = layers.backdrop(covering: frame, shapeCache: shapes)
            XCTAssertTrue(layers.backdrop(covering: frame, shapeCache: shapes) === backdrop)
            (lower, upper, sheet) = (pair.lower, pair.upper, backdrop)
        }
        XCTAssertNotNil(lower, "the layers hold them while their transition runs")
        layers.endTransition()
        XCTAssertNil(layers.transition)
        XCTAssertNil(lower, "nothing else holds a transition's layers once it ended")
        XCTAssertNil(upper)
        XCTAssertNotNil(sheet, "the sheet's backdrop outlives the transition")
        layers.endSheet()
        XCTAssertNil(layers.sheetBackdrop)
        XCTAssertNil(sheet)
    }

    func testADrawingIsCountedOnlyWhenTheLayerHadToDraw() {
        let layers = SceneLayers()
        let layer = layers.backdrop(covering: frame, shapeCache: shapes)
        let a = [FrameSignature(global: 1, rows: [:], headers: [:])], b = [FrameSignature(global: 2, rows: [:], headers: [:])]
        var drawn = 0
        let draw: (Painter) -> Void = { painter in drawn += 1; painter.fill(Rect(x: 0, y: 64, width: 32, height: 16), color: Color(hex: 0x20_4060)) }
        layers.update(layer, key: a, draw: draw)
        layers.update(layer, key: a, draw: draw)
        XCTAssertEqual(layers.draws, 1, "the same key is not drawn again")
        layers.update(layer, key: b, draw: draw)
        XCTAssertEqual(layers.draws, 2)
        let dim = Color(hex: 0x00_0000).withAlpha(0.4)
        layers.update(layer, key: b, dim: dim, draw: draw)
        XCTAssertEqual(layers.draws, 2, "a dim blended over what it holds is no drawing")
        layers.update(layer, key: b, draw: draw)
        XCTAssertEqual(layers.draws, 3, "taking the dim out draws it anew")
        XCTAssertGreaterThan(drawn, 0)
    }
}
