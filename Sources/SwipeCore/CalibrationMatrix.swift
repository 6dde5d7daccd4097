// Touch calibration on top of libinput's own: an affine 2×3 matrix over normalised coordinates
// (0…1 across the panel), the same convention as libinput's LIBINPUT_CALIBRATION_MATRIX, so a
// matrix from one place can be pasted into the other.

/// `[a b c; d e f]`: `x' = a·x + b·y + c`, `y' = d·x + e·y + f` on normalised coordinates.
public struct CalibrationMatrix: Equatable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// Leaves points unchanged.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// Parses six numbers separated by spaces or commas (`"1 0 0 0 1 0"`); nil otherwise.
    public init?(parsing text: String) {
        let values = text.split { $0 == " " || $0 == "," || $0 == "\t" }.compactMap { Double($0) }
        guard values.count == 6, text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).count == 6 else {
            return nil
        }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    /// libinput's float[6] order.
    public init(libinput values: [Float]) {
        self.init(Double(values[0]), Double(values[1]), Double(values[2]),
                  Double(values[3]), Double(values[4]), Double(values[5]))
    }

    /// Applies the matrix to a normalised point.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }

    /// Applies the matrix to a point in pixels of a `size` surface (normalise, apply, scale back).
    public func apply(_ p: Point, in size: PixelSize) -> Point {
        let w = Double(size.width), h = Double(size.height)
        let n = apply(Point(x: p.x / w, y: p.y / h))
        return Point(x: n.x * w, y: n.y * h)
    }

    /// `self` applied after `first` (so `m.after(n).apply(p) == m.apply(n.apply(p))`).
    public func after(_ first: CalibrationMatrix) -> CalibrationMatrix {
        CalibrationMatrix(
            a * first.a + b * first.d, a * first.b + b * first.e, a * first.c + b * first.f + c,
            d * first.a + e * first.d, d * first.b + e * first.e, d * first.c + e * first.f + f)
    }

    /// The matrix undoing this one, or nil when it is singular.
    public var inverse: CalibrationMatrix? {
        let det = a * e - b * d
        guard abs(det) > 1e-12 else { return nil }
        let ia = e / det, ib = -b / det, id = -d / det, ie = a / det
        return CalibrationMatrix(ia, ib, -(ia * c + ib * f), id, ie, -(id * c + ie * f))
    }

    /// Why a matrix would send touches nowhere: a term that is NaN, infinite or beyond ±100, or a
    /// singular 2×2 part that maps every touch onto one line or point.
    public enum Problem: Sendable {
        case outOfRange
        case singular
    }

    /// What makes this matrix lose touches, or nil when it is usable (the configuration's
    /// `input.calibration` and touch-test's `--calibration` refuse the same matrices).
    public var problem: Problem? {
        guard [a, b, c, d, e, f].allSatisfy({ $0.isFinite && abs($0) <= 100 }) else { return .outOfRange }
        return abs(a * e - b * d) < 1e-6 ? .singular : nil
    }

    public var description: String { "\(a) \(b) \(c) \(d) \(e) \(f)" }
}
