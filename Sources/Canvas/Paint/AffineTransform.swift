// 2-D affine transforms for compositing layers (navigation pushes, sheets, button effects):
// translate, scale and rotate about a point, composed and inverted.
import Glibc

/// Maps a point (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (x, y).
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by (sx, sy) about `center`.
    public static func scale(x sx: Double, y sy: Double, around center: Point = Point(x: 0, y: 0)) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: center.x - sx * center.x, ty: center.y - sy * center.y)
    }

    /// A rotation by `radians` (clockwise on screen, since y points down) about `center`.
    public static func rotation(_ radians: Double, around center: Point = Point(x: 0, y: 0)) -> AffineTransform {
        let cs = cos(radians), sn = sin(radians)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs,
                               tx: center.x - cs * center.x + sn * center.y,
                               ty: center.y - sn * center.x - cs * center.y)
    }

    /// `self` applied first, then `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
                        c: next.a * c + next.c * d, d: next.b * c + next.d * d,
                        tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// Where `p` goes.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular or not finite.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det.isFinite, abs(det) > 1e-12, tx.isFinite, ty.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The transform with coefficients within 1e-9 of an integer made exact, so that quarter
    /// turns and whole-pixel moves computed with cos/sin map pixel centres exactly onto
    /// pixel centres (bilinear sampling then copies pixels instead of mixing neighbours).
    var snapped: AffineTransform {
        func s(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-9 ? v.rounded() : v }
        return AffineTransform(a: s(a), b: s(b), c: s(c), d: s(d), tx: s(tx), ty: s(ty))
    }

    /// True when the transform only moves by whole pixels (the fast compositing path).
    var isIntegerTranslation: Bool {
        a == 1 && b == 0 && c == 0 && d == 1 && tx == tx.rounded() && ty == ty.rounded() && abs(tx) < 1e7 && abs(ty) < 1e7
    }
}
