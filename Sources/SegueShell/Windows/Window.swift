import SegueEngine
import SegueLoop
import SegueRender
import SegueWayland

/// The screen a stacked window is composed on: the output's size in
/// pixels, the area windows get in it, pixels per surface unit, and the
/// desktop's layers under windows, composed, with that as an element of the
/// window's screen (nil: the background colour alone).
struct WindowScreen {
    let width, height: Int
    let area: PixelRect
    let scale: Int
    let backdrop: (texture: Texture, element: DrawnElement)?

    /// Where `window` goes: the area windows get, or all of the screen while it is drawn fullscreen.
    func area(for window: Window) -> PixelRect {
        window.drawnState.fullscreen ? PixelRect(x: 0, y: 0, width: width, height: height) : area
    }
}

/// A toplevel as the compositor sees it: an id people can name, and a
/// full-output screen texture that transitions sample.
final class Window {
    let id: Int
    let toplevel: any Toplevel
    /// Asked for activation without a valid token; cleared when shown.
    var urgent = false
    /// Where a taskbar shows it (surface units on the output): a minimize
    /// plays into it, a restore out of it.
    var taskbarRect: SourceRect?
    /// Where free placement was asked to put its window geometry's top left.
    var position: (x: Int, y: Int)?
    /// Where free placement put its surface's top left, as of its last commit or placement.
    var origin: (x: Int, y: Int)?
    /// The states it is drawn in: those its toplevel asks for, once its
    /// client drew for the configure that gave them or the wait for that ran
    /// out, so it is never drawn where a state puts it at the size it had before.
    var drawnState: (fullscreen: Bool, maximized: Bool)
    /// Ends the wait for a buffer drawn for new states.
    var stateWait: LoopTimer?
    /// What its own surfaces covered on the output, in output pixels, as of
    /// its last commit: where a resize moves it from.
    var lastRect: PixelRect?
    /// How it looked when asked for new states, alone, and where: what fades
    /// out as it moves to them.
    var pictureBeforeRestate: (texture: Texture, rect: PixelRect)?
    /// Who waits for the states asked last to be drawn (`segue msg maximize --wait`),
    /// and, once its resize to them plays, for that to end.
    var restateWaiters: [(Restated) -> Void] = []
    var resizeWaiters: [(Restated) -> Void] = []
    /// Its screen, composed where it is not a buffer shown as it is; drawn
    /// again where its layers changed since (their elements say where).
    private var composed = Composition()
    /// The last screen this window showed; kept after the client goes, so a
    /// transition it takes part in can still finish.
    private(set) var lastScreen: Texture?
    /// Its surfaces alone as they were when it went, where it did not cover
    /// the screen: a layer over the rectangle they covered (see `keepAlone`).
    private(set) var lastAlone: SurfaceLayer?

    /// Its popups' clocks as they come and go (shared with the output, which moves them on).
    private let motions: SurfaceMotions?

    init(id: Int, toplevel: any Toplevel, motions: SurfaceMotions? = nil) {
        self.id = id
        self.toplevel = toplevel
        self.motions = motions
        drawnState = (toplevel.wantsFullscreen, toplevel.wantsMaximized)
    }

    var title: String { toplevel.title }
    var appID: String { toplevel.appID }
    var surface: Surface { toplevel.surface }
    var isAlive: Bool { toplevel.isAlive && toplevel.mapped }

    /// Off screen and in no transition: a composed screen (an output-sized
    /// target) goes, to be composed again when next shown, and so does a
    /// hold on a surface texture a new buffer since replaced, so hidden
    /// windows hold only their surfaces' current textures (which the
    /// client's budget counts). A closed window keeps its last screen for
    /// the transition away from it.
    func freeScreenMemory() {
        guard isAlive, composed.target != nil || lastScreen != nil else { return }
        composed.free()
        lastScreen = nil
    }

    /// The window went: a last screen that is a client's dmabuf, which goes
    /// back to its client with the next frame, is copied into one of the
    /// compositor's own, so the transition away from the window still draws
    /// what it showed.
    func keepLastScreen(painter: Painter, background: (Float, Float, Float)) {
        guard let texture = lastScreen, texture.isClientMemory,
              let copy = try? painter.target(width: texture.width, height: texture.height),
              (try? painter.render(.screen(texture, filling: copy, background: background), into: copy)) != nil else { return }
        lastScreen = copy.texture
    }

    /// The window went: `layers`, its surfaces as they were where they were
    /// on an output `width` × `height`, alone (transparent between them) in a
    /// picture of their bounds there, to close over the screen or desktop
    /// behind it once they are gone, placed as a layer at those bounds (so
    /// its effect knows the window's geometry).
    func keepAlone(_ layers: [SurfaceLayer], painter: Painter, width: Int, height: Int) {
        guard let bounds = PixelRect.bounds(of: layers.map(\.rect))?.clipped(to: PixelRect(x: 0, y: 0, width: width, height: height)),
              let target = try? painter.target(width: bounds.width, height: bounds.height) else { return }
        let inPicture = layers.map { layer in
            var moved = layer
            moved.rect = PixelRect(x: layer.rect.x - bounds.x, y: layer.rect.y - bounds.y, width: layer.rect.width, height: layer.rect.height)
            return moved
        }
        guard (try? painter.render(.alone(inPicture), into: target)) != nil, let picture = target.texture else { return }
        lastAlone = SurfaceLayer(picture, at: bounds)
    }

    /// The window as a full-output texture. A buffer of exactly the output's
    /// size, shown as it is, with no subsurfaces is used as it is; anything
    /// else is composed, where stacked placement puts it, onto the backdrop
    /// (or the background colour) first: only where its layers changed since.
    func screen(textures: SurfaceTextures, painter: Painter, on screen: WindowScreen, background: (Float, Float, Float)) -> Texture? {
        guard isAlive, let texture = textures[surface] else { return lastScreen }
        if isScreenAsItIs(texture, on: screen) {
            composed.free()
            lastScreen = texture
            return texture
        }
        let under = screen.backdrop.map { [SurfaceLayer($0.texture, at: PixelRect(x: 0, y: 0, width: screen.width, height: screen.height))] } ?? []
        let layers = layers(on: screen, textures: textures)
        let elements = (screen.backdrop.map { [$0.element] } ?? []) + layers.map(textures.element(of:))
        if let drawn = composed.compose(under + layers, elements: elements, background: background, width: screen.width,
                                        height: screen.height, painter: painter, versions: textures.versions) {
            lastScreen = drawn
        }
        return lastScreen
    }

    /// Its screen as the element of a frame that shows it over all of `rect`,
    /// where that is its composed screen, the texture `shown`.
    func screenElement(showing shown: Texture, over rect: PixelRect) -> DrawnElement? {
        composed.element(over: rect).flatMap { $0.id == ObjectIdentifier(shown) ? $0 : nil }
    }

    /// Whether `texture`, its surface's, is the screen as it is: exactly the
    /// screen's size, placed at its top left, pixel for pixel, with nothing else to draw.
    private func isScreenAsItIs(_ texture: Texture?, on screen: WindowScreen) -> Bool {
        guard let texture, texture.width == screen.width, texture.height == screen.height, !isResizing,
              WindowPlacement.stacked.origin(of: self, area: screen.area(for: self), scale: screen.scale) == (0, 0) else { return false }
        return surface.showsBufferAsItIs(atScale: screen.scale) && isSingleSurface
    }

    /// Its surfaces alone where stacked placement puts them on `screen`.
    func layers(on screen: WindowScreen, textures: SurfaceTextures) -> [SurfaceLayer] {
        let origin = WindowPlacement.stacked.origin(of: self, area: screen.area(for: self), scale: screen.scale)
        return layers(x: origin.x, y: origin.y, scale: screen.scale, textures: textures)
    }

    /// Whether its surface covers `screen` from its top left: it opens and
    /// closes as a screen, not over the one behind it.
    func covers(_ screen: WindowScreen) -> Bool {
        guard surface.width > 0 else { return true }
        let origin = WindowPlacement.stacked.origin(of: self, area: screen.area(for: self), scale: screen.scale)
        return origin.x <= 0 && origin.y <= 0 && (origin.x + surface.width * screen.scale) >= screen.width
            && (origin.y + surface.height * screen.scale) >= screen.height
    }

    /// What its resize, drawn by a resize shader, keeps between frames.
    var resizeShading: ResizeShading?

    /// Whether it is drawn moving from an old rectangle to its new one.
    var isResizing: Bool { motions?.resizes.animation(of: self) != nil }

    /// Whether its surface is all there is to draw: no subsurfaces, no popup shown.
    private var isSingleSurface: Bool {
        surface.subsurfaces.all.isEmpty && !(toplevel.shellSurface?.popups ?? []).contains { $0.mapped }
            && (toplevel as? XwaylandToplevel)?.menus().isEmpty != false
    }

    /// The window's surfaces, bottom to top, in output pixels with its top
    /// left at (x, y), `scale` pixels to a surface unit, each turned, mirrored
    /// and cropped as its client set it up.
    /// A popup coming on screen is drawn where its motion has it, and the
    /// whole window where its resize has it, under its old picture fading out.
    func layers(x: Int, y: Int, scale: Int, textures: SurfaceTextures) -> [SurfaceLayer] {
        let layers = placedLayers(x: x, y: y, scale: scale, textures: textures)
        guard let resize = motions?.resizes.animation(of: self), let picture = resize.picture else { return layers }
        let rect = bounds(x: x, y: y, scale: scale)
        let drawn = resize.motion.rect(to: rect, progress: resize.shown)
        // A resize shader draws it all, its pictures before and after.
        if let shaded = motions?.shadeResize?(self, ShadedResize(after: layers, at: rect, before: picture, from: resize.motion.from,
                                                                  drawn: drawn, progress: resize.shown)) {
            return [shaded]
        }
        var old = SurfaceLayer(picture, at: drawn)
        old.opacity = Float(WindowResize.oldOpacity(at: resize.shown))
        return layers.moved(from: rect, to: SurfaceLook(rect: drawn, opacity: 1), within: drawn) + (old.opacity > 0 ? [old] : [])
    }

    /// The rectangle its own surfaces (its popups left out) cover with its
    /// top left at (x, y), in output pixels: what a resize moves.
    func bounds(x: Int, y: Int, scale: Int) -> PixelRect {
        var placed: [PlacedSurface] = []
        surface.place(x: 0, y: 0, into: &placed)
        let rects = placed.map { placed in
            PixelRect(x: x + placed.x * scale, y: y + placed.y * scale, width: placed.surface.width * scale, height: placed.surface.height * scale)
        }
        return PixelRect.bounds(of: rects) ?? PixelRect(x: x, y: y, width: 0, height: 0)
    }

    /// Its surfaces and popups at (x, y), each popup where its motion has it.
    private func placedLayers(x: Int, y: Int, scale: Int, textures: SurfaceTextures) -> [SurfaceLayer] {
        placedGroups().flatMap { popup, origin, placed in
            let drawn = placed.layers(x: x, y: y, scale: scale, textures: textures)
            guard let popup, let animation = motions?.animations.animation(of: popup) else { return drawn }
            let popupSurface = popup.xdgSurface.surface
            let rect = PixelRect(x: x + origin.x * scale, y: y + origin.y * scale, width: popupSurface.width * scale,
                                 height: popupSurface.height * scale)
            return drawn.moved(from: rect, to: animation.motion.look(of: rect, shown: animation.shown, edge: nil, on: rect), within: rect)
        }
    }

    /// The window's surfaces on screen, bottom to top, each with its top left
    /// relative to the window surface's: the surface with its subsurfaces, then
    /// its mapped popups over them in the order they were made, each with its
    /// own subsurfaces.
    func placedSurfaces() -> [PlacedSurface] { placedGroups().flatMap(\.placed) }

    /// The same, the window's own surfaces first, then each popup's apart with its top left.
    private func placedGroups() -> [(popup: XdgPopup?, origin: (x: Int, y: Int), placed: [PlacedSurface])] {
        var own: [PlacedSurface] = []
        surface.place(x: 0, y: 0, into: &own)
        var groups: [(popup: XdgPopup?, origin: (x: Int, y: Int), placed: [PlacedSurface])] = [(nil, (0, 0), own)]
        if let x11 = toplevel as? XwaylandToplevel {
            for menu in x11.menus() {
                var placed: [PlacedSurface] = []
                menu.surface.place(x: menu.x, y: menu.y, into: &placed)
                groups.append((nil, (menu.x, menu.y), placed))
            }
        }
        guard let xdgSurface = toplevel.shellSurface, !xdgSurface.popups.isEmpty else { return groups }
        var origins = [ObjectIdentifier(xdgSurface): (x: 0, y: 0)]
        // One being dismissed is going: nothing may enter it on the way.
        for popup in xdgSurface.popupTree where popup.mapped && !popup.isDismissed {
            // A popup is mapped only over a mapped parent, made before it.
            guard let parent = popup.parent, let base = origins[ObjectIdentifier(parent)] else { continue }
            let offset = popup.surfaceOffset
            let origin = (x: base.x + offset.x, y: base.y + offset.y)
            origins[ObjectIdentifier(popup.xdgSurface)] = origin
            var placed: [PlacedSurface] = []
            popup.xdgSurface.surface.place(x: origin.x, y: origin.y, into: &placed)
            groups.append((popup, origin, placed))
        }
        return groups
    }

    /// Where `popup` lies relative to the window surface's top left, in surface
    /// units, by its parents' offsets: known while its parents are there.
    func origin(of popup: XdgPopup) -> (x: Int, y: Int)? {
        var origin = popup.surfaceOffset, parent = popup.parent
        while let inner = parent?.popup {
            let offset = inner.surfaceOffset
            (origin.x, origin.y, parent) = (origin.x + offset.x, origin.y + offset.y, inner.parent)
        }
        return parent != nil && parent === toplevel.shellSurface ? origin : nil
    }


    /// The grab its shown popups hold, if any took one.
    var popupGrab: PopupGrab<XdgPopup, OpaquePointer>? {
        let shown = (toplevel.shellSurface?.popupTree ?? []).filter { $0.mapped && !$0.isDismissed }
        return PopupGrab(client: surface.client, popups: shown.map { ($0, $0.grabbing) })
    }
}
