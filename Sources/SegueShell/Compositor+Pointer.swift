import SegueLoop
import SegueWayland

/// Pointer and touch: each goes to the surface under it, found through the
/// windows on screen, top first, and each surface's subsurfaces and input region.
extension Compositor {
    /// A window's surface's top left on the output. Stacked, a window smaller
    /// than the output is centred. Free, its window geometry's top left is
    /// where it was placed, or at the output's when maximized or fullscreen.
    func origin(of window: Window) -> (x: Int, y: Int) {
        switch options.placement {
        case .free:
            let toplevel = window.toplevel
            let corner = toplevel.wantsFullscreen || toplevel.wantsMaximized ? (0, 0) : window.position ?? (0, 0)
            let geometry = toplevel.xdgSurface.geometry
            return (corner.0 - (geometry?.x ?? 0), corner.1 - (geometry?.y ?? 0))
        case .stacked:
            return ((output.width - window.surface.width) / 2, (output.height - window.surface.height) / 2)
        }
    }

    /// The surface that takes input at output point (x, y), with the point local to it.
    func surface(at x: Double, _ y: Double) -> (surface: Surface, x: Double, y: Double)? {
        let windows = options.placement == .free ? stack.shownOrder.reversed() : stack.shown.map { [$0] } ?? []
        for window in windows where window.isAlive {
            let origin = origin(of: window)
            if let hit = hit(window.surface, x - Double(origin.x), y - Double(origin.y)) { return hit }
        }
        return nil
    }

    private func hit(_ surface: Surface, _ x: Double, _ y: Double) -> (surface: Surface, x: Double, y: Double)? {
        // A surface without a buffer is unmapped, and its subsurfaces with it.
        guard surface.hasBuffer else { return nil }
        let children = { (list: [Subsurface]) in
            list.reversed().lazy.compactMap { self.hit($0.surface, x - Double($0.x), y - Double($0.y)) }.first
        }
        if let hit = children(surface.subsurfaces.above) { return hit }
        if surface.acceptsInput(x: x, y: y) { return (surface, x, y) }
        return children(surface.subsurfaces.below)
    }

    /// Where `surface`'s top left is on the output, while it is part of a window.
    func screenOrigin(of surface: Surface) -> (x: Double, y: Double)? {
        var offset = (x: 0.0, y: 0.0), root = surface
        while let subsurface = root.role as? Subsurface, let parent = subsurface.parent {
            offset = (offset.x + Double(subsurface.x), offset.y + Double(subsurface.y))
            root = parent
        }
        guard let window = window(of: root) else { return nil }
        let origin = origin(of: window)
        return (offset.x + Double(origin.x), offset.y + Double(origin.y))
    }

    func pointerMoved(time: UInt32, x: Double, y: Double) {
        pointer.position = (x, y)
        updatePointerFocus(time: time)
    }

    func pointerButton(time: UInt32, button: UInt32, pressed: Bool) {
        guard let seat else { return }
        if pressed {
            // A click raises and focuses the window under it, where all are on screen.
            if pointer.pressed.isEmpty, options.placement == .free, let position = pointer.position,
               let surface = surface(at: position.x, position.y)?.surface, let window = window(of: surface),
               window !== stack.shown {
                _ = try? perform(.show(.window(id: window.id)))
            }
            pointer.pressed.insert(button)
        } else {
            guard pointer.pressed.remove(button) != nil else { return }
        }
        seat.pointerButton(time: time, button: button, pressed: pressed)
        // The grab ended: the pointer may be over another surface.
        if pointer.pressed.isEmpty { updatePointerFocus(time: time) }
    }

    func touchDown(time: UInt32, id: Int32, x: Double, y: Double) {
        guard let hit = surface(at: x, y) else { return }
        seat?.touchDown(on: hit.surface.resource, id: id, x: hit.x, y: hit.y, time: time)
    }

    func touchMoved(time: UInt32, id: Int32, x: Double, y: Double) {
        guard let resource = seat?.touchSurface(id: id), let surface = Resource.object(resource, as: Surface.self),
              let origin = screenOrigin(of: surface) else { return }
        seat?.touchMotion(id: id, x: x - origin.x, y: y - origin.y, time: time)
    }

    /// Windows moved, changed size, came or went: the pointer may be over
    /// another surface now, or at another place on the same one.
    func pointerLayoutChanged() {
        updatePointerFocus(time: UInt32(truncatingIfNeeded: MonotonicClock.now().nanoseconds / 1_000_000))
    }

    private func updatePointerFocus(time: UInt32) {
        guard let seat, let position = pointer.position else { return }
        // Held buttons keep the pointer on its surface, wherever it goes.
        if !pointer.pressed.isEmpty, let resource = seat.pointerSurface,
           let surface = Resource.object(resource, as: Surface.self), let origin = screenOrigin(of: surface) {
            seat.pointerMoved(over: resource, x: position.x - origin.x, y: position.y - origin.y, time: time)
            return
        }
        let hit = surface(at: position.x, position.y)
        seat.pointerMoved(over: hit?.surface.resource, x: hit?.x ?? 0, y: hit?.y ?? 0, time: time)
    }
}
