// Gives the swipe core real text and icon sizes, so button widths follow the theme's fonts.
import Canvas
import SwipeCore

/// `SwipeActionMeasuring` backed by the theme's action font and icon size.
struct SwipeMeasurer: SwipeActionMeasuring {
    let theme: Theme
    let text: TextCache

    func titleSize(_ title: String, maxWidth: Double?) -> Size {
        let layout = text.layout(title, font: theme.actionTitle, maxWidth: maxWidth, maxLines: maxWidth == nil ? 1 : 3, alignment: .center)
        return Size(width: layout.width, height: layout.height)
    }

    func imageSize(_ icon: String) -> Size {
        Size(width: theme.metrics.iconSize, height: theme.metrics.iconSize)
    }
}
