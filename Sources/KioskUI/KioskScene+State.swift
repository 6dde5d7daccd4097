// The scene's part of the state dump: page, stack, transition, the visible rows with their
// swipe state and action frames and the visible section headers, in screen pixels of the
// unrotated screen.
import SwipeCore

extension KioskScene {
    /// The UI state at `time`.
    public func state(at time: Instant) -> SceneState {
        let page = top.map { SceneState.Page(id: $0.id, title: $0.title) } ?? SceneState.Page(id: "", title: "")
        let t = transition.map {
            SceneState.Transition(kind: $0.kind, progress: $0.state.progress(at: time), interactive: $0.state.interactive)
        }
        var rows: [SceneState.Row] = []
        var headers: [SceneState.Header] = []
        if transition == nil, case .list(let list) = top {
            let layout = list.layout(at: time)
            headers = layout.headers.map {
                SceneState.Header(title: $0.title, frame: [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height])
            }
            for row in layout.rows where row.frame.maxY > list.frame.minY && row.frame.minY < list.frame.maxY {
                let swipe = row.swipe
                let f = row.frame
                rows.append(SceneState.Row(
                    id: row.item.id, title: row.item.title,
                    frame: [f.minX, f.minY, f.width, f.height * swipe.heightFraction],
                    swipeState: swipe.state.rawValue,
                    side: swipe.side.map { list.direction.edge(for: $0).rawValue },
                    offset: swipe.offset,
                    actions: swipe.buttons.map {
                        SceneState.Action(id: $0.action.id, frame: [$0.strip.minX + f.minX, $0.strip.minY + f.minY, $0.strip.width, $0.strip.height])
                    }))
            }
        }
        return SceneState(
            page: page, stack: stack.map(\.id) + (transition.map { $0.kind == .pop ? [$0.upper.id] : [] } ?? []),
            transition: t, sheet: sheet?.state(at: time), rows: rows, headers: headers, toast: toast?.message, toasts: overlays.toasts.map(\.toast.message),
            focus: { if case .list(let list) = top { return list.focus } else { return nil } }())
    }
}
