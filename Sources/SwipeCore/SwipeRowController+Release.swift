// Release, actions and programmatic control of a row (docs/BEHAVIOUR.md "Rows" §1.7, §1.11, §1.12):
// projection-based open/close, performing the expandable action (bounce / fill / fillReverse),
// fulfilment (delete collapse or reset), show/hide/setOffset, and the per-frame tick.

extension SwipeRowController {
    /// The finger lifted with horizontal velocity `velocityX` (px/s).
    public func endDrag(velocityX: Double, time: Instant) {
        guard phase == .tracking, let d = drag, let active else { return }
        let u = offset(at: time)
        drag = nil
        restingOffset = u
        if expanded, active.options.expansionStyle != nil {
            performExpansion(time: time)
            return
        }
        let limit = Self.maximumReleaseVelocity
        let vx = velocityX.isFinite ? min(max(velocityX, -limit), limit) : 0
        let rowVelocity = vx * d.scrollRatio
        let s = active.side.sign
        let p = active.metrics.openWidth
        let projected = u + Decay.normal.projectedDistance(initialVelocity: rowVelocity)
        let open = p > 0 && -s * projected >= p / 2
        settle(to: open ? -s * p : 0, velocity: rowVelocity, time: time)
    }

    /// The system cancelled the touch: never perform an action; settle by position alone, except
    /// that an expanded row closes (its action is not performed, so it must not stay expanded).
    public func cancelDrag(time: Instant) {
        guard phase == .tracking, let active else { return }
        let u = offset(at: time)
        drag = nil
        restingOffset = u
        let wasExpanded = expanded
        setExpanded(false, feedback: false, time: time)
        let p = active.metrics.openWidth
        let open = !wasExpanded && p > 0 && -active.side.sign * u >= p / 2
        settle(to: open ? -active.side.sign * p : 0, velocity: 0, time: time)
    }

    /// Animates to the open position or to centre, handing over the row velocity.
    func settle(to target: Double, velocity: Double, time: Instant) {
        let u = offset(at: time)
        phase = target == 0 ? .settlingCenter : .settlingOpen
        if u == target {
            offsetAnimation = nil
            restingOffset = target
            if target == 0 { reset() }
            return
        }
        let timing: AnimationTiming = velocity != 0 ? .spring(.swipeRelease, epsilon: 0.25) : .critical(Self.showHideDuration)
        offsetAnimation = ScalarAnimation(from: u, to: target, initialVelocity: velocity, start: time, timing: timing)
        restingOffset = target
    }

    /// Performs the outermost action as a full swipe (release while expanded, or its tap).
    func performExpansion(time: Instant) {
        guard let active, let style = active.options.expansionStyle, let action = active.actions.first else { return }
        setExpanded(true, feedback: false, time: time)
        switch style.completionAnimation {
        case .bounce, .fillReverse:
            settle(to: 0, velocity: 0, time: time)
            invoke(action, time: time)
        case .fill(let options):
            let s = active.side.sign
            let target = -s * (width + active.metrics.buttonWidth)
            offsetAnimation = ScalarAnimation(
                from: offset(at: time), to: target, start: time, timing: .critical(Self.fillDuration))
            restingOffset = target
            phase = .filling(options, handlerCalled: false)
            if options.timing == .with { runFillHandler(options, time: time) }
        }
    }

    /// Calls the handler of a filled action and, when automatic, fulfils right after it.
    func runFillHandler(_ options: FillOptions, time: Instant) {
        guard let action = active?.actions.first else { return }
        phase = .filling(options, handlerCalled: true)
        invoke(action, time: time)
        if case .automatic(let fulfillment, _) = options { fulfill(fulfillment, time: time) }
    }

    func invoke(_ action: SwipeAction, time: Instant) {
        guard let side = active?.side else { return }
        emit(.invokeAction(id: action.id, side: side))
        emit(.haptic(.action))
    }

    /// Completes a filled action: delete collapses the row, reset brings it back. Calls after
    /// the first are ignored.
    public func fulfill(_ fulfillment: ExpansionFulfillment, time: Instant) {
        let timing: HandlerTiming
        switch phase {
        case .filling(let options, _), .filled(let options): timing = options.timing
        default: return
        }
        switch fulfillment {
        case .delete:
            guard let active, let action = active.actions.first else { return }
            emit(.delete(actionID: action.id, side: active.side))
            phase = .removing(ScalarAnimation(
                from: 1, to: 0, start: time, timing: .curve(.easeInOut, duration: Self.collapseDuration)))
            if timing == .after {
                actionsFade = ScalarAnimation(
                    from: 1, to: 0, start: time, timing: .curve(.easeInOut, duration: Self.collapseDuration))
            }
        case .reset:
            settle(to: 0, velocity: 0, time: time)
        }
    }

    /// A tap on one of the row's buttons.
    public func tapButton(id: String, time: Instant) {
        guard phase == .settlingOpen || phase == .tracking, let active,
              let action = active.actions.first(where: { $0.id == id }) else { return }
        if action.id == active.actions.first?.id, active.options.expansionStyle != nil {
            // Where the finger has the row now, read before the drag that defines it is dropped.
            restingOffset = offset(at: time)
            drag = nil
            performExpansion(time: time)
            return
        }
        invoke(action, time: time)
        if action.hidesWhenSelected { hide(animated: true, time: time) }
    }

    // MARK: Programmatic control

    /// Closes the row when it is open or being dragged (MGU: a drag is cancelled).
    public func hide(animated: Bool, time: Instant) {
        guard phase == .settlingOpen || phase == .tracking else { return }
        // A dragged row closes from where the finger has it (read before the drag is dropped).
        restingOffset = offset(at: time)
        drag = nil
        setExpanded(false, feedback: false, time: time)
        if animated {
            settle(to: 0, velocity: 0, time: time)
        } else {
            offsetAnimation = nil
            restingOffset = 0
            reset()
        }
    }

    /// Opens the row fully on `side`.
    @discardableResult
    public func show(side: SwipeSide, animated: Bool, time: Instant) -> Bool {
        setOffset(side == .left ? .infinity : -.infinity, animated: animated, time: time)
    }

    /// Moves the row to `offset` (±∞: fully open). 0 hides. Returns false without actions.
    @discardableResult
    public func setOffset(_ offset: Double, animated: Bool, time: Instant) -> Bool {
        guard offset != 0, !offset.isNaN else {
            hide(animated: animated, time: time)
            return true
        }
        switch phase {
        case .filling, .filled, .removing, .removed: return false
        default: break
        }
        let side: SwipeSide = offset > 0 ? .left : .right
        let current = self.offset(at: time)
        if active?.side != side {
            guard build(side: side) else { return false }
        }
        guard let active else { return false }
        drag = nil
        let s = side.sign
        let target = offset.isInfinite ? -s * active.metrics.openWidth : -s * min(width, abs(offset))
        phase = .settlingOpen
        restingOffset = target
        offsetAnimation = animated
            ? ScalarAnimation(from: current, to: target, start: time, timing: .critical(Self.showHideDuration))
            : nil
        updateTransitions(time: time)
        return true
    }

    /// The row was resized (rotation, layout): an open row jumps to its new open position.
    public func resize(width newWidth: Double, height newHeight: Double, time: Instant) {
        guard newWidth.isFinite, newHeight.isFinite, newWidth != width || newHeight != height else { return }
        width = max(0, newWidth)
        height = max(0, newHeight)
        guard let side = active?.side else { return }
        let wasOpen = phase == .settlingOpen
        _ = build(side: side)
        if wasOpen, let active {
            offsetAnimation = nil
            restingOffset = -side.sign * active.metrics.openWidth
        }
        updateTransitions(time: time)
    }

    // MARK: Time

    /// Advances finished animations into their next phase and updates button transitions.
    public func tick(time: Instant) {
        updateTransitions(time: time)
        if let animation = offsetAnimation, animation.isFinished(at: time) {
            offsetAnimation = nil
            restingOffset = animation.to
        }
        switch phase {
        case .settlingCenter where offsetAnimation == nil:
            reset()
        case .filling(let options, let called) where offsetAnimation == nil:
            phase = .filled(options)
            if !called, options.timing == .after { runFillHandler(options, time: time) }
            if case .filling = phase { phase = .filled(options) }
        case .removing(let collapse) where collapse.isFinished(at: time):
            phase = .removed
            emit(.removed)
        default:
            break
        }
    }

    /// The next time something changes by itself (nil when at rest); `time` itself while a
    /// button transition runs (it changes every frame, at whatever rate the display has).
    public func nextDeadline(after time: Instant) -> Instant? {
        var best: Instant?
        func consider(_ end: Instant) { if end > time { best = min(best ?? end, end) } }
        if let a = offsetAnimation { consider(a.end) }
        if let c = drag?.correction { consider(c.end) }
        consider(expansion.end)
        if let f = actionsFade { consider(f.end) }
        if case .removing(let collapse) = phase { consider(collapse.end) }
        if let side = active {
            for fade in side.fades { consider(fade.end) }
            if side.transitions.contains(where: { $0.isAnimating(at: time) }) { return time }
        }
        return best
    }

    func hasRunningAnimations(at time: Instant) -> Bool { nextDeadline(after: time) != nil }

    /// Back to centre: the actions view is dropped.
    func reset() {
        phase = .idle
        active = nil
        drag = nil
        offsetAnimation = nil
        restingOffset = 0
        expanded = false
        expansion = ScalarAnimation(from: 0, to: 0, start: 0, timing: .curve(.linear, duration: .zero))
        actionsFade = nil
    }
}
