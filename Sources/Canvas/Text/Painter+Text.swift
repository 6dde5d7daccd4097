// Drawing laid-out text: each glyph's cached mask is blended at its pen position. This is the
// hottest loop of a list frame (about 1900 glyphs for the reference scene), so it does one
// table read per glyph and rejects whole lines outside the clip (damage redraws).
import SwipeCore

extension Painter {
    /// Draws `line` with its left end at `x` and its baseline at `baseline` (both snapped to
    /// whole pixels).
    public func draw(_ line: TextLine, x: Double, baseline: Double, color: Color) {
        guard x.isFinite, baseline.isFinite, abs(x) < 1e7, abs(baseline) < 1e7, let first = line.runs.first else { return }
        let reach = Int(line.reach)
        let ox = Int((x + state.originX).rounded()), oy = Int((baseline + state.originY).rounded())
        // Whole-line reject (damage redraws skip most lines here).
        let box = PixelRect(x: ox - reach, y: oy - reach, width: Int(line.width) + 2 * reach, height: 2 * reach)
        guard box.intersects(state.clip) else { return }
        let w = word(color)
        guard w != 0 else { return }
        let cache = first.font.cache
        cache.tick()
        // Hot loop: class state is read once into locals (each class property access costs an
        // exclusivity check), one slot-table read per glyph, rows clipped here.
        let clip = state.clip, clock = cache.clock
        let base = target.baseAddress, stride = target.stride
        let masked = !clipMasks.isEmpty
        var entries = cache.entries
        let blender = PixelOps.SpreadBlender(color: w)
        for run in line.runs {
            let font = run.font, slots = font.slots, glyphCount = font.glyphCount
            run.glyphs.withUnsafeBufferPointer { glyphs in
                for g in glyphs {
                    guard Int(g.id) < glyphCount else { continue }
                    var index = Int(slots[Int(g.id)])
                    if index < 0 {
                        index = Int(font.render(g.id))
                        entries = cache.entries  // rendering may have grown the table
                    }
                    entries[index].lastUse = clock
                    let e = entries[index]
                    let gx = ox + Int(g.x) + Int(e.left), gy = oy + Int(g.y) - Int(e.top)
                    let pitch = Int(e.pitch)
                    if let pixels = e.color {
                        // Colour glyphs keep their own colours, faded by the text colour's alpha;
                        // they are clipped to the clip rectangle (not to rounded clip masks).
                        let x0 = max(gx, clip.x), x1 = min(gx + pitch, clip.maxX)
                        let y0 = max(gy, clip.y), y1 = min(gy + Int(e.height), clip.maxY)
                        guard x0 < x1, y0 < y1 else { continue }
                        for y in y0..<y1 {
                            PixelOps.blendRow((base + y * stride).assumingMemoryBound(to: UInt32.self) + x0,
                                              pixels + (y - gy) * pitch + (x0 - gx), count: x1 - x0,
                                              alpha: w >> 24, coverage: nil, forceOpaque: false)
                        }
                        continue
                    }
                    guard let mask = e.mask, let spread = e.spread else { continue }
                    if masked {
                        blit(mask: mask, pitch: pitch, width: pitch, height: Int(e.height), spans: nil, x: gx, y: gy, word: w)
                        continue
                    }
                    let x0 = max(gx, clip.x), x1 = min(gx + pitch, clip.maxX)
                    let y0 = max(gy, clip.y), y1 = min(gy + Int(e.height), clip.maxY)
                    guard x0 < x1, y0 < y1 else { continue }
                    var src = UnsafePointer(spread) + (y0 - gy) * pitch + (x0 - gx)
                    var dst = (base + y0 * stride).assumingMemoryBound(to: UInt32.self) + x0
                    for _ in y0..<y1 {
                        blender.blend(dst, coverage: src, count: x1 - x0)
                        src += pitch
                        dst = UnsafeMutableRawPointer(dst).advanced(by: stride).assumingMemoryBound(to: UInt32.self)
                    }
                }
            }
        }
    }

    /// Draws every line of `layout` in a box whose top-left corner is `origin`: line `i` has
    /// its baseline at `origin.y + ascent + i * lineHeight` and is aligned inside the box width
    /// (`boxWidth`, else the layout's `maxWidth`, else its widest line).
    public func draw(_ layout: TextLayout, at origin: Point, boxWidth: Double? = nil, color: Color) {
        for (i, line) in layout.lines.enumerated() {
            draw(line, x: origin.x + layout.lineOffset(i, boxWidth: boxWidth),
                 baseline: origin.y + layout.ascent + Double(i) * layout.lineHeight, color: color)
        }
    }
}
