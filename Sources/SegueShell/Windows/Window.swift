import SegueEngine
import SegueRender
import SegueWayland

/// A toplevel as the compositor sees it: an id people can name, and a
/// full-output screen texture that transitions sample.
final class Window {
    let id: Int
    let toplevel: XdgToplevel
    /// Asked for activation without a valid token; cleared when shown.
    var urgent = false
    /// Where free placement was asked to put its window geometry's top left.
    var position: (x: Int, y: Int)?
    /// Where free placement put its surface's top left, as of its last commit or placement.
    var origin: (x: Int, y: Int)?
    private var composed: RenderTarget?
    private var composedIsCurrent = false
    /// The last screen this window showed; kept after the client goes, so a
    /// transition it takes part in can still finish.
    private(set) var lastScreen: Texture?

    init(id: Int, toplevel: XdgToplevel) {
        self.id = id
        self.toplevel = toplevel
    }

    var title: String { toplevel.title }
    var appID: String { toplevel.appID }
    var surface: Surface { toplevel.surface }
    var isAlive: Bool { toplevel.isAlive && toplevel.mapped }

    /// The window's content changed; the screen is rebuilt when next needed.
    func contentChanged() { composedIsCurrent = false }

    /// Off screen and in no transition: a composed screen (an output-sized
    /// target) goes, to be composed again when next shown, and so does a
    /// hold on a surface texture a new buffer since replaced, so hidden
    /// windows hold only their surfaces' current textures (which the
    /// client's budget counts). A closed window keeps its last screen for
    /// the transition away from it.
    func hidden() {
        guard isAlive, composed != nil || lastScreen != nil else { return }
        composed = nil
        composedIsCurrent = false
        lastScreen = nil
    }

    /// Where on a `width`×`height` screen of `scale` pixels per surface unit
    /// the commit `surface` just made changed it: its damage, where the
    /// window's buffer is the screen as it is; nil (everywhere) where the
    /// screen is composed.
    func screenDamage(committedBy surface: Surface, width: Int, height: Int, scale: Int) -> PixelRect? {
        guard surface === self.surface, isSingleSurface, surface.showsBufferAsItIs(atScale: scale),
              surface.width * scale == width, surface.height * scale == height
        else { return nil }
        return PixelRect.bounds(of: surface.committedDamage)
    }

    /// The window as a full-output texture, `scale` output pixels to a
    /// surface unit. A buffer of exactly the output's size, shown as it is,
    /// with no subsurfaces is used as it is; anything else is composed,
    /// centred, onto the background first.
    func screen(textures: SurfaceTextures, renderer: Renderer, width: Int, height: Int, scale: Int,
                background: (Float, Float, Float)) -> Texture? {
        guard isAlive, let texture = textures[surface] else { return lastScreen }
        if texture.width == width && texture.height == height && surface.showsBufferAsItIs(atScale: scale) && isSingleSurface {
            composed = nil
            lastScreen = texture
            return texture
        }
        if composedIsCurrent, let composed, composed.width == width, composed.height == height {
            return composed.texture
        }
        do {
            let target = try composed.flatMap { $0.width == width && $0.height == height ? $0 : nil }
                ?? RenderTarget(width: width, height: height)
            let x = (width - surface.width * scale) / 2, y = (height - surface.height * scale) / 2
            try renderer.compose(layers(x: x, y: y, scale: scale, textures: textures), background: background, into: target)
            composed = target
            composedIsCurrent = true
            lastScreen = target.texture
        } catch {
            return lastScreen
        }
        return lastScreen
    }

    /// Whether its surface is all there is to draw: no subsurfaces, no popup shown.
    private var isSingleSurface: Bool {
        surface.subsurfaces.all.isEmpty && !toplevel.xdgSurface.popups.contains { $0.mapped }
    }

    /// The window's surfaces, bottom to top, in output pixels with its top
    /// left at (x, y), `scale` pixels to a surface unit, each turned, mirrored
    /// and cropped as its client set it up.
    func layers(x: Int, y: Int, scale: Int, textures: SurfaceTextures) -> [SurfaceLayer] {
        placedSurfaces().compactMap { placed in
            let surface = placed.surface
            return textures[surface].map {
                SurfaceLayer($0, at: PixelRect(x: x + placed.x * scale, y: y + placed.y * scale,
                                               width: surface.width * scale, height: surface.height * scale),
                             transform: surface.bufferTransform, crop: surface.crop)
            }
        }
    }

    /// The window's surfaces on screen, bottom to top, each with its top left
    /// relative to the window surface's: the surface with its subsurfaces, then
    /// its mapped popups over them in the order they were made, each with its
    /// own subsurfaces.
    func placedSurfaces() -> [(surface: Surface, x: Int, y: Int)] {
        var placed: [(surface: Surface, x: Int, y: Int)] = []
        Self.place(surface, x: 0, y: 0, into: &placed)
        guard !toplevel.xdgSurface.popups.isEmpty else { return placed }
        var origins = [ObjectIdentifier(toplevel.xdgSurface): (x: 0, y: 0)]
        // One being dismissed is going: nothing may enter it on the way.
        for popup in toplevel.xdgSurface.popupTree where popup.mapped && !popup.isDismissed {
            // A popup is mapped only over a mapped parent, made before it.
            guard let parent = popup.parent, let base = origins[ObjectIdentifier(parent)] else { continue }
            let offset = popup.surfaceOffset
            let origin = (x: base.x + offset.x, y: base.y + offset.y)
            origins[ObjectIdentifier(popup.xdgSurface)] = origin
            Self.place(popup.xdgSurface.surface, x: origin.x, y: origin.y, into: &placed)
        }
        return placed
    }

    private static func place(_ surface: Surface, x: Int, y: Int, into placed: inout [(surface: Surface, x: Int, y: Int)]) {
        // A surface without a buffer is unmapped, and its subsurfaces with it.
        guard surface.hasBuffer else { return }
        for child in surface.subsurfaces.below {
            place(child.surface, x: x + Int(child.x), y: y + Int(child.y), into: &placed)
        }
        placed.append((surface, x, y))
        for child in surface.subsurfaces.above {
            place(child.surface, x: x + Int(child.x), y: y + Int(child.y), into: &placed)
        }
    }

    /// The popup that has the keyboard: the topmost shown one that took a grab.
    var grabbingPopup: XdgPopup? {
        toplevel.xdgSurface.popupTree.last { $0.mapped && !$0.isDismissed && $0.grabbing }
    }
}
