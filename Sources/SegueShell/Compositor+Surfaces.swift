import Foundation
import Logging
import SegueBackend
import SegueConfig
import SegueEngine
import SegueIPC
import SegueLoop
import SeguePolicy
import SegueRender
import SegueWayland

/// Surfaces committing and going: where the output changed, new pixels to take, the cursor.
extension Compositor: SurfaceDelegate {
    package func surfaceCommitted(_ surface: Surface, _ changes: CommitChanges) {
        // A cursor's or drag icon's content is never drawn, so it costs no
        // texture: it is the pointer's picture, which a backend may show.
        if surface.isUndrawn {
            textures.forget(surface)
            cursorImages.take(surface, committed: changes.buffer)
            surface.dropUntakenPixels()
            seat?.pointer.cursorSurfaceCommitted(surface, movedBy: changes.offset)
            if let request = seat?.pointer.cursor, request.surface === surface {
                input.updateCursor()
                // The pointer's picture hears of frames too, as an animated one waits to.
                if !surface.frameCallbacks.isEmpty { output.requestFrame() }
            }
            return
        }
        // A surface drawn before set_cursor makes it a cursor: its picture is
        // kept for then (no bigger than its texture, which the budget counts),
        // and dropped once it takes another role.
        if surface.role == nil { cursorImages.take(surface, committed: changes.buffer) } else { cursorImages.forget(surface) }
        if changes.newContent, let failure = textures.contentCommitted(changes.buffer, by: surface, budget: clientTextureBudget) {
            switch failure {
            case .overBudget(let bytes):
                log.warning("a client's textures would take \(bytes >> 20) MiB, past its \(clientTextureBudget >> 20) MiB: disconnecting it")
            case .noTexture:
                log.warning("out of GL memory for a \(surface.width)x\(surface.height) surface: disconnecting its client")
            }
            surface.postNoMemory()
            return
        }
        if let layer = desktop.layerSurface(of: surface) { return desktop.layerContentCommitted(layer, by: surface, changes) }
        guard let window = window(of: surface), window.toplevel.mapped else { return }
        // New pixels, subsurfaces moved or restacked, or the window moved.
        let moved = surface === window.surface && updateOrigin(of: window)
        // A new window geometry moves the popups placed against it.
        let regeometried = changes.geometryChanged && !window.toplevel.xdgSurface.popups.isEmpty
        let changed = changes.newContent || changes.subsurfacesChanged || moved || regeometried
        let visible = output.visibleWindows().contains { $0 === window }
        // A preview's window is read at the preview's own pace, not at every commit.
        if changed, switcherView()?.windows.contains(where: { $0 === window }) == true {
            output.previewedWindowCommitted(window)
        }
        // Where the output changed: for a stacked window on screen, where its
        // screen did; with free placement, the desktop's elements say (what
        // their pixels changed, where they moved). One off screen is composed anew when shown.
        var damage = Damage.everywhere
        if changed && visible && options.placement.showsOneWindow {
            damage = window.contentChanged(committedBy: surface, changes, on: output.windowScreen, textures: textures)
        } else if changed {
            window.contentChanged()
        }
        // A window's captures see it, shown or not.
        if changed { offered?.imageCopy.windowChanged(id: window.id) }
        guard visible else { return }
        if surface.hasUntakenPixels { output.pixelsCommitted(by: window) }
        // A changed picture needs a new frame; a frame request alone only needs the clock to tick.
        if changed {
            input.pointerLayoutChanged()
            if options.placement.showsOneWindow { output.damage(damage) } else { output.desktopLayersChanged() }
        } else if !surface.frameCallbacks.isEmpty {
            output.requestFrame()
        }
    }

    /// The client destroyed a buffer whose pixels were not taken yet: they are taken while they are still there.
    package func untakenBufferDestroyed(_ surface: Surface) {
        textures.takePixels(of: surface)
    }

    package func surfaceDestroyed(_ surface: Surface) {
        textures.forget(surface)
        cursorImages.forget(surface)
        seat?.pointer.cursorSurfaceDestroyed(surface)
    }

    package func subsurfaceRemoved(from parent: Surface) {
        if let window = window(of: parent) { surfacesChanged(of: window) }
    }

    /// A surface of `window` came or went outside a commit of its own: it is drawn anew, and the pointer may be over another.
    func surfacesChanged(of window: Window) {
        window.contentChanged()
        if output.visibleWindows().contains(where: { $0 === window }) { windowLayersChanged() }
        input.pointerLayoutChanged()
    }

    /// Shown windows' surfaces came, went or moved: a stacked screen is drawn
    /// whole; on the desktop, its elements say where.
    func windowLayersChanged() {
        if options.placement.showsOneWindow { output.damage() } else { output.desktopLayersChanged() }
    }
}
