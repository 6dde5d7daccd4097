// `[accessibility] min_text_mm` (issue 25): text big enough to read on the panel actually fitted.
// Section 508 402.4 and ADA 707.7.2 ask capitals of at least 4.8 mm (3/16 in, on "I"); EN 301 549
// 5.1.4 asks a capital "H" of 0.7° at the viewing distance (6.1 mm at 500 mm). Pixels say nothing
// about millimetres: the connector's physical size (EDID) does. Given it, this raises the display
// scale (the one factor Metrics applies to every length) until the capital height of the rows'
// text reaches the minimum; without it nothing changes, and the log says why. A pure function:
// the app hands in the sizes and logs the choice.

/// The smallest capital height asked for, and the text it is measured on.
public struct TextSizeRequirement: Sendable, Equatable {
    /// Millimetres; 0: no requirement.
    public var minimumCapitalMillimetres: Double
    /// Size in points (at scale 1) of the smallest text the requirement covers.
    public var textPoints: Double
    /// Capital height over the em of the text's font: DejaVu Sans, the bundled face, has
    /// capitals of 1493/2048 em.
    public var capitalHeightRatio: Double

    public static let dejaVuCapitalHeight = 1493.0 / 2048.0

    public init(minimumCapitalMillimetres: Double, textPoints: Double, capitalHeightRatio: Double = dejaVuCapitalHeight) {
        self.minimumCapitalMillimetres = minimumCapitalMillimetres
        self.textPoints = textPoints
        self.capitalHeightRatio = capitalHeightRatio
    }

    /// What was chosen, and the line the log gets.
    public struct Choice: Sendable, Equatable {
        public var scale: Double
        /// Pixels per inch of the panel; nil when its size is unknown.
        public var dotsPerInch: Double?
        /// The capital height at `scale`, in millimetres; nil when the panel's size is unknown.
        public var capitalMillimetres: Double?
        public var summary: String
    }

    /// The display scale for a screen of `pixels` on a panel of `millimetres` (either 0: unknown),
    /// starting from the configured `scale` and never above `maximum`. The longer sides are
    /// paired (so a rotated screen needs no turning of the panel's size), and the smaller of the
    /// two densities counts (a panel whose EDID rounds one side gets the larger text).
    public func choose(scale configured: Double, pixels: (width: Int, height: Int), millimetres: (width: Int, height: Int),
                       maximum: Double) -> Choice {
        guard minimumCapitalMillimetres > 0 else {
            return Choice(scale: configured, dotsPerInch: nil, capitalMillimetres: nil, summary: "min_text_mm is off: scale \(Self.decimal(configured))")
        }
        guard millimetres.width > 0, millimetres.height > 0, pixels.width > 0, pixels.height > 0 else {
            return Choice(scale: configured, dotsPerInch: nil, capitalMillimetres: nil,
                          summary: "min_text_mm = \(Self.decimal(minimumCapitalMillimetres)): the panel does not report its size "
                              + "(no EDID size; set [display] panel_mm): scale \(Self.decimal(configured)) unchanged")
        }
        let px = [pixels.width, pixels.height].sorted(), mm = [millimetres.width, millimetres.height].sorted()
        let perMillimetre = min(Double(px[0]) / Double(mm[0]), Double(px[1]) / Double(mm[1]))
        let capitalPixelsPerScale = textPoints * capitalHeightRatio
        // Rounded up to a hundredth, so the logged scale is the one used and still reaches the minimum.
        let needed = (minimumCapitalMillimetres * perMillimetre / capitalPixelsPerScale * 100).rounded(.up) / 100
        let scale = min(maximum, max(configured, needed))
        let capital = capitalPixelsPerScale * scale / perMillimetre
        var summary = "min_text_mm = \(Self.decimal(minimumCapitalMillimetres)): panel \(millimetres.width)x\(millimetres.height) mm, "
            + "\(Self.decimal(perMillimetre * 25.4)) dpi, capitals \(Self.decimal(capital)) mm at scale \(Self.decimal(scale))"
            + (scale > configured ? " (raised from \(Self.decimal(configured)))" : "")
        if needed > maximum { summary += "; the largest scale, \(Self.decimal(maximum)), cannot reach the minimum" }
        return Choice(scale: scale, dotsPerInch: perMillimetre * 25.4, capitalMillimetres: capital, summary: summary)
    }

    /// `x` with at most two decimals, for the log.
    static func decimal(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        let whole = hundredths / 100, rest = hundredths % 100
        return rest == 0 ? "\(whole)" : rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }
}
