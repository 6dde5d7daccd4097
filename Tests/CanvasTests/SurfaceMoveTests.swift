// `Surface.moveRows` is what a scrolled list's frame starts from (KioskScene+ScrollMove.swift):
// checked against moving each pixel on its own, over random rectangles (partly outside the
// surface, odd widths), moves both ways, and a subsurface whose stride is wider than its rows.
@testable import Canvas
import SwipeCore
import TestSupport
import XCTest

final class SurfaceMoveTests: XCTestCase {
    func testMoveRowsEqualsMovingEachPixel() throws {
        var rng = SplitMix64(state: 26)
        let parent = try Surface(width: 97, height: 61, format: .xrgb8888)
        for trial in 0..<400 {
            let surface = trial % 2 == 0 ? parent : try parent.subsurface(PixelRect(x: 5, y: 3, width: 83, height: 55))
            for y in 0..<surface.height { for x in 0..<surface.width { surface.row(y)[x] = UInt32.random(in: 0...UInt32.max, using: &rng) } }
            let rect = PixelRect(x: Int.random(in: -10...90, using: &rng), y: Int.random(in: -10...55, using: &rng),
                                 width: Int.random(in: 0...100, using: &rng), height: Int.random(in: 0...70, using: &rng))
            let dy = Int.random(in: -70...70, using: &rng)
            let before = (0..<surface.height).map { y in (0..<surface.width).map { surface.row(y)[$0] } }
            surface.moveRows(in: rect, by: dy)
            let r = rect.intersection(surface.bounds)
            for y in 0..<surface.height {
                for x in 0..<surface.width {
                    let from = y - dy
                    let moves = dy != 0 && abs(dy) < r.height && x >= r.x && x < r.maxX && y >= r.y && y < r.maxY
                        && from >= r.y && from < r.maxY
                    let expected = moves ? before[from][x] : before[y][x]
                    guard surface.row(y)[x] == expected else {
                        return XCTFail("trial \(trial): \(rect) by \(dy): (\(x), \(y)) is \(surface.row(y)[x]), not \(expected)")
                    }
                }
            }
        }
    }
}
