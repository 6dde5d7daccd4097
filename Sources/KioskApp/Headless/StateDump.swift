// The state dump of DESIGN.md ("State dump"): the scene's visible state (rows and section
// headers) plus the current list's items with their sections, the haptics fired and the actions
// performed, as JSON for tests and tools.
import KioskUI
import Foundation

/// One state dump.
struct StateDump {
    let app: KioskApplication
    let timeMs: Double
    let width: Int
    let height: Int
    var rotation = 0
    /// The panel's refresh rate, frames presented so far and whether it is blanked (`display`).
    var display: (refreshRate: Double, frames: Int, blanked: Bool)?

    func object() -> [String: Any] {
        let s = app.scene.state(at: timeMs / 1000)
        var items: [[String: Any]] = []
        if let id = app.currentListID, let page = app.pages[id] {
            for i in 0..<page.data.count {
                let item = page.data.item(at: i)
                items.append(["id": item.id, "title": item.title, "flags": item.flags, "section": item.section])
            }
        }
        let transition: Any = s.transition.map {
            ["kind": $0.kind, "progress": $0.progress, "interactive": $0.interactive] as [String: Any]
        } ?? NSNull()
        let sheet: Any = s.sheet.map {
            ["id": $0.id, "status": $0.status, "offset": $0.offset, "frame": $0.frame,
             "rows": $0.rows.map { ["id": $0.id, "title": $0.title, "detail": $0.detail.map { $0 as Any } ?? NSNull()] }] as [String: Any]
        } ?? NSNull()
        return [
            "time_ms": Int(timeMs.rounded()),
            "screen": ["width": width, "height": height, "rotation": rotation],
            "display": display.map { ["refresh_hz": $0.refreshRate, "frames": $0.frames, "blanked": $0.blanked] as [String: Any] } ?? NSNull(),
            "page": ["id": s.page.id, "title": s.page.title],
            "navigation": ["stack": s.stack, "transition": transition],
            "sheet": sheet,
            "rows": s.rows.map { row -> [String: Any] in
                [
                    "id": row.id, "title": row.title, "frame": row.frame,
                    "swipe": ["state": row.swipeState, "side": row.side.map { $0 as Any } ?? NSNull(), "offset": row.offset],
                    "actions": row.actions.map { ["id": $0.id, "frame": $0.frame] },
                ]
            },
            "headers": s.headers.map { ["title": $0.title, "frame": $0.frame] },
            "items": items,
            "haptics": app.haptics.map { ["time_ms": $0.timeMs, "event": $0.event.rawValue] },
            "log": app.log.map { ["time_ms": $0.timeMs, "action": $0.action, "item": $0.item] },
            "toast": s.toast.map { $0 as Any } ?? NSNull(),
            // Pictures that could not be shown, one warning each (as logged), in order.
            "picture_warnings": app.pictures.warnings,
        ]
    }

    func json() -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object(), options: [.prettyPrinted, .sortedKeys]),
              let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text + "\n"
    }
}
