import SegueIPC
import SegueWayland

/// The hand's own ways in to a gesture (`[gestures]`): the pointer dragged
/// sideways with the drag modifier held, or a touchpad swipe of `swipe-fingers`,
/// scrubs to the next (left) or previous (right) window, and a swipe of
/// `workspace-swipe-fingers` to the next or previous workspace; a touch from the
/// output's left edge swipes back to the window shown before. What such a hand
/// does never reaches clients.
extension Input {
    /// Whether a button press starts a drag gesture, which then has the pointer's input.
    func pointerPressStartsGesture(x: Double) -> Bool {
        guard hands.input == nil, let modifier = config.gestures.dragModifier,
              seat?.keyboard.heldModifiers.contains(KeyModifiers(modifier)) == true else { return false }
        hands.input = GestureInput(source: .pointer, startX: x)
        return true
    }

    /// Whether a touch point going down starts an edge swipe.
    func touchStartsGesture(id: Int32, x: Double) -> Bool {
        guard hands.input == nil, config.gestures.edgeSwipe, x < GestureInput.edge, previouslyShown != nil else { return false }
        hands.input = GestureInput(source: .touch(id: id), startX: x)
        return true
    }

    /// Whether a touchpad swipe beginning starts a gesture.
    func swipeStartsGesture(fingers: UInt32) -> Bool {
        let gestures = config.gestures
        guard hands.input == nil, fingers != 0, fingers == gestures.swipeFingers || fingers == gestures.workspaceSwipeFingers else { return false }
        hands.input = GestureInput(source: .swipe, startX: 0)
        hands.input?.toWorkspace = fingers == gestures.workspaceSwipeFingers
        return true
    }

    /// The hand moved to `x` (a swipe: by `x`); whether the input was the gesture's.
    func handMoved(_ source: GestureInput.Source, x: Double) -> Bool {
        guard var hand = hands.input, hand.source == source else { return false }
        defer { hands.input = hand }
        hand.move(x)
        guard !hand.refused else { return true }
        if hand.driving == nil {
            let begin: GestureStep
            switch hand.beginning() {
            case .step(let forward)?:
                begin = hand.toWorkspace ? .beginWorkspace(forward ? .next : .prev) : .begin(forward ? .next : .prev)
            case .back?:
                guard let previous = previouslyShown else { return true }
                begin = .begin(.window(id: previous.id))
            case nil:
                return true
            }
            do {
                try compositor.perform(.gesture(begin))
                hand.driving = compositor.gesture?.hand
                hand.startProgress = compositor.gesture?.hand.progress(at: compositor.output.backend.now) ?? 0
            } catch {
                compositor.log.info("gesture: \(error)")
                hand.refused = true
                return true
            }
        }
        // Another gesture took this one over: this hand drives nothing more.
        guard let own = hand.driving, own === compositor.gesture?.hand else {
            hand.refused = true
            return true
        }
        _ = try? compositor.perform(.gesture(.update(hand.progress(over: Double(config.gestures.distance ?? compositor.output.logicalWidth)))))
        return true
    }

    /// The hand let go, or the swipe was cancelled; whether the input was the gesture's.
    func handReleased(_ source: GestureInput.Source, cancelled: Bool = false) -> Bool {
        guard let hand = hands.input, hand.source == source else { return false }
        hands.input = nil
        if let own = hand.driving, own === compositor.gesture?.hand {
            _ = try? compositor.perform(.gesture(cancelled ? .cancel : .end(velocity: nil)))
        }
        return true
    }

    /// The window shown before the shown one: where going back goes.
    private var previouslyShown: Window? { compositor.stack.shownOrder.dropLast().last }

    /// (Re)starts the wait for the hand's next step.
    func watchHandIdle() {
        if hands.idleTimer == nil {
            hands.idleTimer = compositor.server.eventLoop.timer { [unowned self] in
                guard let gesture = compositor.gesture else { return }
                let toward = gesture.workspaces.map { "workspace \($0.to)" } ?? "window \(gesture.target?.id ?? 0)"
                compositor.log.info("gesture toward \(toward): no step for \(hands.idleLimit) ms, going back")
                _ = try? compositor.perform(.gesture(.cancel))
            }
        }
        hands.idleTimer?.arm(milliseconds: hands.idleLimit)
    }

    /// The compositor stops: no hand is waited for.
    func stop() {
        hands.idleTimer?.remove()
        hands.idleTimer = nil
    }
}
