// Where widgets get item pictures. KioskUI opens no files: the app decodes pictures on a worker
// and keeps them in a cache; widgets only ask for one at the size they draw it and show a
// placeholder while the answer is nil (not decoded yet, or a bad picture).
import Canvas

/// Decoded item pictures, ready to composite.
public protocol PictureSource: AnyObject {
    /// The row thumbnail of `path`: `side` pixels square, cut to the theme's thumbnail shape;
    /// nil while it is being decoded or when the picture cannot be shown.
    func thumbnail(_ path: String, side: Int) -> Surface?
    /// `path` scaled to fit inside `width`x`height` keeping its aspect; nil as for thumbnails.
    func picture(_ path: String, width: Int, height: Int) -> Surface?
    /// Row thumbnails to decode before they are asked for, the first most wanted; taken only
    /// while no asked-for picture waits. Each call replaces the last one's list.
    func prefetchThumbnails(_ paths: [String], side: Int)
}
