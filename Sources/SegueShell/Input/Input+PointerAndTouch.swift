import SegueBackend
import SegueWayland

/// Pointer and touch: each goes to the surface under it, found through the
/// windows on screen, top first, and each surface's subsurfaces and input
/// region; and the pointer's picture.
extension Input {
    /// The surface that takes input at output point (x, y), with the point local to it.
    /// Layer surfaces over the windows first, then the windows, then layer surfaces under them.
    func surface(at x: Double, _ y: Double) -> (surface: Surface, x: Double, y: Double)? {
        func hit(_ candidates: [(surface: Surface, x: Double, y: Double)]) -> (surface: Surface, x: Double, y: Double)? {
            for placed in candidates where placed.surface.acceptsInput(x: x - placed.x, y: y - placed.y) {
                return (placed.surface, x - placed.x, y - placed.y)
            }
            return nil
        }
        if let over = hit(compositor.desktop.inputOrder(on: compositor.output.layersOverWindows)) { return over }
        for window in compositor.options.placement.inputOrder(of: compositor.stack) where window.isAlive {
            let origin = compositor.windows.origin(of: window)
            if let found = hit(window.placedSurfaces().reversed().map { ($0.surface, origin.x + Double($0.x), origin.y + Double($0.y)) }) {
                return found
            }
        }
        return hit(compositor.desktop.inputOrder(on: .background ... .bottom))
    }

    /// Where `surface`'s top left is on the output, while it is part of a window or a layer surface.
    func screenOrigin(of surface: Surface) -> (x: Double, y: Double)? {
        if let layer = compositor.desktop.layerSurface(of: surface) {
            return compositor.desktop.inputOrder(on: layer.layer ... layer.layer).first { $0.surface === surface }.map { ($0.x, $0.y) }
        }
        guard let window = compositor.windows.window(of: surface),
              let placed = window.placedSurfaces().first(where: { $0.surface === surface }) else { return nil }
        let origin = compositor.windows.origin(of: window)
        return (origin.x + Double(placed.x), origin.y + Double(placed.y))
    }

    func pointerMoved(time: UInt32, x: Double, y: Double) {
        routing.pointer.position = (x, y)
        guard !handMoved(.pointer, x: x) else { return }
        updatePointerFocus(time: time)
    }

    func pointerButton(time: UInt32, button: UInt32, pressed: Bool) {
        guard let seat else { return }
        switch routing.pointer.route(button: button, pressed: pressed) {
        case .firstPress:
            guard !pressGrabbed(button) else { return }
            // A click raises and focuses the window under it, where all are on screen.
            if compositor.options.placement.keepsPositions, let position = routing.pointer.position,
               let surface = surface(at: position.x, position.y)?.surface, let window = compositor.windows.window(of: surface),
               window !== compositor.stack.shown {
                _ = try? compositor.perform(.show(.window(id: window.id)))
            }
            compositor.windows.dismissGrabbingPopups(unlessOver: routing.pointer.position)
            clickedForKeyboard()
            routing.pointer.grab = .surface(buttons: [button])
        case .endsHand:
            _ = handReleased(.pointer)
            updatePointerFocus(time: time)
            return
        case .endsSwitcher, .dropped:
            return
        case .toClient:
            break
        }
        seat.pointer.button(time: time, button: button, pressed: pressed)
        // The grab ended: the pointer may be over another surface.
        if routing.pointer.grab == nil { updatePointerFocus(time: time) }
    }

    /// A press on a layer surface that takes the keyboard on demand gives it
    /// the keyboard; a press on a window takes it back.
    private func clickedForKeyboard() {
        guard let position = routing.pointer.position, let surface = surface(at: position.x, position.y)?.surface else { return }
        let layer = compositor.desktop.layerSurface(of: surface)
        if let layer, layer.keyboard == .none { return }
        guard compositor.desktop.layerSurfaces.clicked !== layer else { return }
        if let layer { compositor.desktop.layerSurfaces.keyboardAsked(by: layer) } else { compositor.desktop.layerSurfaces.keyboardTakenBack() }
        compositor.windows.focusShownWindow()
    }

    /// A first press that a hand (with the drag modifier) or the switcher
    /// takes, holding the pointer until `button` is released: whether one did.
    private func pressGrabbed(_ button: UInt32) -> Bool {
        guard let position = routing.pointer.position else { return false }
        if pointerPressStartsGesture(x: position.x) {
            routing.pointer.grab = .hand(button: button)
        } else if compositor.switcherTook(pressAt: position.x, position.y) {
            routing.pointer.grab = .switcher(button: button)
        }
        return routing.pointer.grab != nil
    }

    func touchDown(time: UInt32, id: Int32, x: Double, y: Double) {
        // A touch while the switcher shows is its own; the touch's motion and lifting reach no client.
        guard !compositor.switcherTook(pressAt: x, y), !touchStartsGesture(id: id, x: x) else { return }
        compositor.windows.dismissGrabbingPopups(unlessOver: (x, y))
        guard let hit = surface(at: x, y) else { return }
        seat?.touch.down(on: hit.surface, id: id, x: hit.x, y: hit.y, time: time)
    }

    func touchMoved(time: UInt32, id: Int32, x: Double, y: Double) {
        guard !handMoved(.touch(id: id), x: x), let surface = seat?.touch.surface(id: id),
              let origin = screenOrigin(of: surface) else { return }
        seat?.touch.motion(id: id, x: x - origin.x, y: y - origin.y, time: time)
    }

    /// Windows moved, changed size, came or went: the pointer may be over
    /// another surface now, or at another place on the same one.
    func pointerLayoutChanged() { updatePointerFocus(time: compositor.eventTime) }

    private func updatePointerFocus(time: UInt32) {
        guard let seat, let position = routing.pointer.position else { return }
        // Held buttons keep the pointer where they went down, wherever it goes,
        // on no surface if that is where (or the surface went since); unless
        // they hold a drag, which goes wherever the pointer is.
        if case .surface? = routing.pointer.grab, !seat.pointer.isDragging {
            guard let surface = seat.pointer.surfaceUnder, let origin = screenOrigin(of: surface) else { return }
            seat.pointer.moved(over: surface, x: position.x - origin.x, y: position.y - origin.y, time: time)
            return
        }
        let hit = surface(at: position.x, position.y)
        seat.pointer.moved(over: hit?.surface, x: hit?.x ?? 0, y: hit?.y ?? 0, time: time)
    }

    func touchUp(time: UInt32, id: Int32) {
        guard !handReleased(.touch(id: id)) else { return }
        seat?.touch.up(id: id, time: time)
    }

    /// What a capture that asks for the pointer draws, and where its hotspot
    /// is in output pixels: the client's picture, or the arrow for the
    /// standard cursor and named shapes; nothing where it is hidden or never moved.
    func pointerPicture() -> (picture: CursorImage, x: Int, y: Int)? {
        guard let position = routing.pointer.position else { return nil }
        let x = Int(position.x * Double(compositor.output.scale)), y = Int(position.y * Double(compositor.output.scale))
        switch routing.shownCursor {
        case .hidden: return nil
        case .standard, .named: return (.arrow, x, y)
        case .image(let image): return (image, x, y)
        }
    }

    /// Tells the backend what the pointer looks like now, when that changed.
    func updateCursor() {
        // A surface drawn before it became the cursor holds a texture it no longer needs.
        if let request = seat?.pointer.cursor, let surface = request.surface {
            compositor.textures.forget(surface)
            surface.dropUntakenPixels()
        }
        let cursor = compositor.cursorImages.cursor(for: seat?.pointer.cursor)
        guard cursor != routing.shownCursor else { return }
        routing.shownCursor = cursor
        compositor.backend.show(cursor: cursor)
    }

    /// The output's units changed by `factor` (its scale, or its backend's):
    /// the pointer stays where it was on the screen.
    func outputRescaled(by factor: Double) {
        routing.pointer.position = routing.pointer.position.map { ($0.x * factor, $0.y * factor) }
    }
}
