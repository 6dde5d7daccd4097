// Button sizing and the inner layout of a button (docs/BEHAVIOUR.md "Rows" §1.8, §1.14): one uniform
// width for all buttons of a side, image and title stacked and centred. Text and icon sizes
// come from the UI through `SwipeActionMeasuring`, because the core knows no fonts.

/// Sizes of the things a button shows; implemented by the UI with the real fonts.
public protocol SwipeActionMeasuring {
    /// The title's size, wrapped by word at `maxWidth` (nil: one unwrapped line).
    func titleSize(_ title: String, maxWidth: Double?) -> Size
    /// The icon's size (0 when unknown).
    func imageSize(_ icon: String) -> Size
}

/// A measurer with fixed-pitch text, for tests and benchmarks.
public struct FixedPitchMeasurer: SwipeActionMeasuring, Sendable {
    public var characterWidth: Double
    public var lineHeight: Double
    public var iconSize: Double

    public init(characterWidth: Double = 8, lineHeight: Double = 18, iconSize: Double = 24) {
        self.characterWidth = characterWidth
        self.lineHeight = lineHeight
        self.iconSize = iconSize
    }

    public func titleSize(_ title: String, maxWidth: Double?) -> Size {
        let width = Double(title.count) * characterWidth
        guard let maxWidth, maxWidth > 0, width > maxWidth else { return Size(width: width, height: lineHeight) }
        let lines = (width / maxWidth).rounded(.up)
        return Size(width: maxWidth, height: lines * lineHeight)
    }

    public func imageSize(_ icon: String) -> Size { Size(width: iconSize, height: iconSize) }
}

/// Where the image and title sit inside one button, relative to the button's top-left.
public struct ButtonContentLayout: Hashable, Sendable {
    public var imageRect: Rect?
    public var titleRect: Rect?
}

/// The measured buttons of one side.
public struct SwipeButtonMetrics: Hashable, Sendable {
    /// Uniform button width `m`.
    public let buttonWidth: Double
    /// Fully-open width `P = n·m + safeAreaMargin`.
    public let openWidth: Double
    /// Inner layout per action, in action order (index 0 = outermost = first configured).
    public let content: [ButtonContentLayout]
    /// Vertical band of the row the buttons are centred in (tall rows: the visible slice).
    public let band: ClosedRange<Double>

    /// Measures `actions` for a row of `rowWidth` × `rowHeight`.
    /// - Parameter visibleRect: the visible slice of the row in row coordinates (nil: all of it).
    public init(
        actions: [SwipeAction], options: SwipeOptions, rowWidth: Double, rowHeight: Double,
        measurer: SwipeActionMeasuring, visibleRect: Rect? = nil
    ) {
        let n = max(actions.count, 1)
        let maximum = options.maximumButtonWidth ?? (rowWidth - 30 * options.lengthScale) / Double(n)
        let minimum = options.minimumButtonWidth ?? min(maximum, 74 * options.lengthScale)
        let limit = maximum > 0 ? maximum : Double.infinity
        let pad = options.buttonPadding
        let mode = options.displayMode
        let circular = options.buttonStyle == .circular
        func title(_ a: SwipeAction) -> String? { mode == .imageOnly ? nil : a.title.flatMap { $0.isEmpty ? nil : $0 } }
        func image(_ a: SwipeAction) -> Size? {
            // Title Only means no image in either style: the circular style's circle is its image.
            if mode == .titleOnly { return nil }
            if circular { return Size(width: options.circleDiameter, height: options.circleDiameter) }
            return a.icon.map { measurer.imageSize($0) }
        }
        var width = max(0, minimum)
        for action in actions {
            let titleWidth = title(action).map { measurer.titleSize($0, maxWidth: limit.isFinite ? limit - 2 * pad : nil).width } ?? 0
            let preferred = min(limit, max(titleWidth, image(action)?.width ?? 0) + 2 * pad)
            width = max(width, preferred)
        }
        buttonWidth = width
        openWidth = Double(actions.count) * width + options.safeAreaMargin

        var top = 0.0, bottom = 0.0
        if let visible = visibleRect {
            let slice = Rect(x: 0, y: 0, width: rowWidth, height: rowHeight).intersection(visible)
            if !slice.isEmpty {
                top = max(0, slice.minY)
                bottom = max(0, rowHeight - slice.height - top)
            }
        }
        let tallestImage = actions.compactMap { image($0)?.height }.max() ?? 0
        let contentWidth = max(0, width - 2 * pad)
        var layouts: [ButtonContentLayout] = []
        var intrinsic = 0.0
        for action in actions {
            let img = image(action)
            let text = title(action)
            let imageHeight = img == nil ? 0 : tallestImage
            let titleSize = text.map {
                options.verticalAlignment == .center
                    ? measurer.titleSize($0, maxWidth: contentWidth)
                    : Size(width: min(contentWidth, measurer.titleSize($0, maxWidth: nil).width),
                           height: measurer.titleSize($0, maxWidth: nil).height)
            } ?? .zero
            let spacing = img != nil && text != nil ? options.buttonSpacing : 0
            let block = imageHeight + titleSize.height + spacing
            intrinsic = max(intrinsic, block + 2 * pad)
            layouts.append(ButtonContentLayout(
                imageRect: img.map { Rect(x: (width - $0.width) / 2, y: (imageHeight - $0.height) / 2, width: $0.width, height: $0.height) },
                titleRect: text.map { _ in
                    Rect(x: (width - titleSize.width) / 2, y: imageHeight + spacing, width: titleSize.width, height: titleSize.height)
                }))
        }
        // Centre each block in the band, never smaller than the tallest button's content.
        var bandTop = top, bandBottom = rowHeight - bottom
        if bandBottom - bandTop < intrinsic {
            let middle = (bandTop + bandBottom) / 2
            bandTop = max(0, middle - intrinsic / 2)
            bandBottom = min(rowHeight, bandTop + intrinsic)
        }
        band = bandTop...max(bandTop, bandBottom)
        content = layouts.enumerated().map { index, layout in
            let img = layout.imageRect, txt = layout.titleRect
            let blockHeight = (txt?.maxY ?? img?.maxY ?? 0)
            let dy = (bandTop + bandBottom) / 2 - blockHeight / 2
            return ButtonContentLayout(
                imageRect: img?.offsetBy(dx: 0, dy: dy), titleRect: txt?.offsetBy(dx: 0, dy: dy))
        }
    }
}
