// The layers a scene keeps between frames: the two pages of the running navigation transition
// and the backdrop under the sheet, made when first needed and let go when their transition or
// sheet ends (their memory counts against the peak), and how many times anything was drawn into
// them (the bench and CompositedTransitionTests: a transition over unchanging pages draws each
// page once). One object the scene holds, so who owns the layers is in the type's name (issue
// 23), tested apart from the drawing (SceneLayersTests). A class, not a struct: drawing the
// backdrop draws the transition under it, whose layers are asked for while the backdrop's
// update runs, and a mutating method would hold the scene's property for the whole drawing.
import Canvas
import SwipeCore

/// The scene's layers and the count of their drawings.
final class SceneLayers {
    /// The running transition's page layers (nil: no transition, or none drawn yet).
    private(set) var transition: (lower: CompositeLayer, upper: CompositeLayer)?
    /// The backdrop under the sheet (nil: no sheet, or none drawn yet).
    private(set) var sheetBackdrop: CompositeLayer?
    /// How many times a page or a backdrop was drawn into a layer.
    private(set) var draws = 0

    /// The transition's two page layers covering `frame`, made on the first call after `endTransition`.
    func transitionPair(covering frame: Rect, shapeCache: ShapeCache) -> (lower: CompositeLayer, upper: CompositeLayer) {
        if let transition { return transition }
        let made = (lower: CompositeLayer(covering: frame, shapeCache: shapeCache),
                    upper: CompositeLayer(covering: frame, shapeCache: shapeCache))
        transition = made
        return made
    }

    /// The backdrop layer covering `screen`, made on the first call after `endSheet`.
    func backdrop(covering screen: Rect, shapeCache: ShapeCache) -> CompositeLayer {
        if let sheetBackdrop { return sheetBackdrop }
        let made = CompositeLayer(covering: screen, shapeCache: shapeCache)
        sheetBackdrop = made
        return made
    }

    /// Makes `layer` hold what `draw` draws for `key` (with `dim` blended over it), counting a drawing.
    func update(_ layer: CompositeLayer, key: [FrameSignature], dim: Color? = nil, draw: (Painter) -> Void) {
        if layer.update(key, dim: dim, draw: draw) { draws += 1 }
    }

    /// The transition ended: its layers go.
    func endTransition() { transition = nil }

    /// The sheet is gone: its backdrop goes.
    func endSheet() { sheetBackdrop = nil }
}
