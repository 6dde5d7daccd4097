// A CompositeLayer's runs are always those of the undimmed drawing: the resting dim is baked into
// them (a dim keeps equal pixels equal), and taking it out draws the layer anew, never reusing
// runs a dim made (a dim also makes different pixels equal: 0x80 and 0x81 both become 0x4D under
// black at 0.4). The composite must always give the pixels of the drawing on a surface followed
// by a fill with the dim (attack6, finding 1: a sheet coming to rest over a page that still
// flung, then dragged).
import Canvas
import SwipeCore
import XCTest
@testable import KioskUI

final class CompositeLayerTests: XCTestCase {
    /// Alternating columns of 0x808080 and 0x818181: no run of one colour undimmed.
    func drawStripes(_ painter: Painter) {
        for x in 0..<64 {
            painter.fill(Rect(x: Double(x), y: 0, width: 1, height: 8), color: Color(hex: x % 2 == 0 ? 0x80_8080 : 0x81_8181))
        }
    }

    /// `layer` composited with `dim` equals `drawing` (with `baked` blended in) drawn on a
    /// surface and then filled with `dim`.
    func assertCompositeIsDrawAndFill(_ layer: CompositeLayer, drawing: (Painter) -> Void, baked: Color? = nil, dim: Color?,
                                      _ message: String, line: UInt = #line) throws {
        let actual = try Surface(width: 64, height: 8, format: .xrgb8888), expected = try Surface(width: 64, height: 8, format: .xrgb8888)
        layer.composite(into: Painter(target: actual), dim: dim)
        let slow = Painter(target: expected)
        drawing(slow)
        if let baked { slow.fill(Rect(x: 0, y: 0, width: 64, height: 8), color: baked) }
        if let dim { slow.fill(Rect(x: 0, y: 0, width: 64, height: 8), color: dim) }
        for y in 0..<8 {
            for x in 0..<64 where actual.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
                return XCTFail("\(message): pixel (\(x), \(y)) composite \(String(actual.pixel(x: x, y: y), radix: 16)), "
                               + "draw + fill \(String(expected.pixel(x: x, y: y), radix: 16))", line: line)
            }
        }
    }

    func testRunsFoundUnderTheRestingDimAreNotUsedOnceTheDimIsTakenOut() throws {
        let layer = CompositeLayer(covering: Rect(x: 0, y: 0, width: 64, height: 8), shapeCache: ShapeCache())
        let key = [FrameSignature(global: 1, rows: [:], headers: [:])]
        let resting = Color(red: 0, green: 0, blue: 0, alpha: 102), dragged = Color(red: 0, green: 0, blue: 0, alpha: 51)
        // Drawn for a new key while the sheet rests (dim baked in), composited twice: dimmed,
        // every column is one colour, but the runs are those of the undimmed stripes.
        XCTAssertTrue(layer.update(key, dim: resting, draw: drawStripes))
        try assertCompositeIsDrawAndFill(layer, drawing: drawStripes, baked: resting, dim: nil, "resting")
        try assertCompositeIsDrawAndFill(layer, drawing: drawStripes, baked: resting, dim: nil, "resting, again")
        // The sheet is dragged: the same key drawn again undimmed, dimmed per frame.
        XCTAssertTrue(layer.update(key, dim: nil, draw: drawStripes))
        try assertCompositeIsDrawAndFill(layer, drawing: drawStripes, dim: dragged, "dragged")
        try assertCompositeIsDrawAndFill(layer, drawing: drawStripes, dim: dragged, "dragged, again")
    }

    func testRunsFoundUndimmedServeTheBakedDimAndBack() throws {
        let layer = CompositeLayer(covering: Rect(x: 0, y: 0, width: 64, height: 8), shapeCache: ShapeCache())
        let key = [FrameSignature(global: 2, rows: [:], headers: [:])]
        let plainThenStripes: (Painter) -> Void = { p in
            p.fill(Rect(x: 0, y: 0, width: 40, height: 8), color: Color(hex: 0x20_4060))
            for x in 40..<64 { p.fill(Rect(x: Double(x), y: 0, width: 1, height: 8), color: Color(hex: UInt32(x) * 0x01_0203)) }
        }
        let dim = Color(red: 0, green: 0, blue: 0, alpha: 102)
        _ = layer.update(key, dim: nil, draw: plainThenStripes)
        for round in 0..<3 {
            try assertCompositeIsDrawAndFill(layer, drawing: plainThenStripes, dim: dim, "undimmed, round \(round)")
            XCTAssertFalse(layer.update(key, dim: dim, draw: plainThenStripes), "the dim is blended into what it holds")
            try assertCompositeIsDrawAndFill(layer, drawing: plainThenStripes, baked: dim, dim: nil, "baked, round \(round)")
            XCTAssertTrue(layer.update(key, dim: nil, draw: plainThenStripes), "a dim is not taken out: drawn anew")
        }
    }
}
