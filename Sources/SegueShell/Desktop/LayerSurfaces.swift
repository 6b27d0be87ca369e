import SegueEngine
import SeguePolicy
import SegueRender
import SegueWayland

/// The output's layer surfaces: where each lies, the area they leave for
/// windows, and which of them has the keyboard. The shell owns them; the
/// output draws them.
final class LayerSurfaces {
    /// Every live layer surface, oldest first.
    private(set) var all: [LayerSurface] = []
    /// The area windows get: the output less the strips bars keep, in surface units.
    private(set) var usable: PixelRect
    /// An on-demand layer surface given the keyboard by a click, until a window takes it back.
    private(set) weak var clicked: LayerSurface?
    /// Each layer surface's size as last drawn, in surface units.
    private var drawnSizes: [ObjectIdentifier: (width: Int, height: Int)] = [:]
    /// Layer surfaces the embedder put somewhere (WLCS's tests), their top left in surface units.
    private var moved: [ObjectIdentifier: (x: Int, y: Int)] = [:]
    /// The keyboard's owner as of the last `keyboardOwnerChanged()`.
    private weak var lastKeyboardOwner: LayerSurface?
    /// The layer surfaces on screen as of the last `shownChanged()`.
    private var lastShown: [ObjectIdentifier] = []
    /// Layer surfaces and popups coming on screen or going, a going one with its last picture.
    let motions = SurfaceMotions()
    var animations: LayerAnimations {
        get { motions.animations }
        set { motions.animations = newValue }
    }

    init(output: PixelRect) { usable = output }

    /// `layer`, on demand, was clicked or opened a grabbing menu: it has the keyboard.
    func keyboardAsked(by layer: LayerSurface) { clicked = layer }

    /// A window took the keyboard back from the layer surface clicked.
    func keyboardTakenBack() { clicked = nil }

    func add(_ layer: LayerSurface) {
        if !all.contains(where: { $0 === layer }) { all.append(layer) }
    }

    func remove(_ layer: LayerSurface) {
        all.removeAll { $0 === layer }
        moved[ObjectIdentifier(layer)] = nil
        drawnSizes[ObjectIdentifier(layer)] = nil
        if clicked === layer { clicked = nil }
    }

    /// Notes `layer`'s surface is `size` now: the size it had before; nil the first time.
    func drawnSize(of layer: LayerSurface, is size: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        defer { drawnSizes[ObjectIdentifier(layer)] = size }
        return drawnSizes[ObjectIdentifier(layer)]
    }

    /// Puts `layer`'s top left at `origin`, wherever its anchors would put it, from the next arrangement on.
    func move(_ layer: LayerSurface, to origin: (x: Int, y: Int)) { moved[ObjectIdentifier(layer)] = origin }

    /// Places every layer surface its client committed on the output (surface
    /// units), top layer first as wlroots compositors do, so strips are taken
    /// in that order, and tells each the size it got where that changed (or
    /// its client waits for an answer). Whether the area left for windows changed.
    @discardableResult
    func arrange(in output: PixelRect) -> Bool {
        let placed = all.filter(\.initialized)
            .sorted { $0.layer != $1.layer ? $0.layer > $1.layer : $0.order < $1.order }
        let (rects, usable) = LayerArrangement.arrange(placed.map(\.placement), in: output)
        for (layer, var rect) in zip(placed, rects) {
            if let origin = moved[ObjectIdentifier(layer)] { (rect.x, rect.y) = origin }
            layer.rect = rect
            layer.configure(width: rect.width, height: rect.height)
        }
        defer { self.usable = usable }
        return usable != self.usable
    }

    /// Whether `layer` was on screen as of the last `shownChanged()`.
    func wasShown(_ layer: LayerSurface) -> Bool { lastShown.contains(ObjectIdentifier(layer)) }

    /// Whether layer surfaces came on screen or went since this was last asked.
    func shownChanged() -> Bool {
        let shown = self.shown(on: .background ... .overlay).map(ObjectIdentifier.init)
        defer { lastShown = shown }
        return Set(shown) != Set(lastShown)
    }

    /// Whether another layer surface (or none) has the keyboard since this was last asked.
    func keyboardOwnerChanged() -> Bool {
        let owner = keyboardOwner
        defer { lastKeyboardOwner = owner }
        return owner !== lastKeyboardOwner
    }

    /// The layer surfaces on screen on `layers`, bottom first.
    func shown(on layers: ClosedRange<DesktopLayer>) -> [LayerSurface] {
        all.filter { $0.mapped && layers.contains($0.layer) }.sorted { ($0.layer, $0.order) < ($1.layer, $1.order) }
    }

    /// The layer surface that has the keyboard, if one does: the topmost on
    /// top or overlay asking for all keys, else one clicked that takes it on demand.
    var keyboardOwner: LayerSurface? {
        if let exclusive = shown(on: .top ... .overlay).last(where: { $0.keyboard == .exclusive }) { return exclusive }
        guard let clicked, clicked.mapped, clicked.keyboard != .none else { return nil }
        return clicked
    }

    /// A layer surface's surfaces on screen, bottom to top, relative to its
    /// top left: the surface with its subsurfaces, then its popups and theirs.
    static func placedSurfaces(of layer: LayerSurface) -> [PlacedSurface] { placedGroups(of: layer).flatMap(\.placed) }

    /// The same, its own surfaces first, then each popup's apart with its top left, in the order they were made.
    static func placedGroups(of layer: LayerSurface) -> [(popup: XdgPopup?, origin: (x: Int, y: Int), placed: [PlacedSurface])] {
        var own: [PlacedSurface] = []
        layer.surface.place(x: 0, y: 0, into: &own)
        var groups: [(popup: XdgPopup?, origin: (x: Int, y: Int), placed: [PlacedSurface])] = [(nil, (0, 0), own)]
        var origins: [ObjectIdentifier: (x: Int, y: Int)] = [:]
        let popups = layer.popups.flatMap { [$0] + $0.xdgSurface.popupTree }.sorted { $0.creation < $1.creation }
        for popup in popups where popup.mapped && !popup.isDismissed {
            let base = popup.layerParent === layer ? (x: 0, y: 0) : popup.parent.flatMap { origins[ObjectIdentifier($0)] }
            guard let base else { continue }
            let offset = popup.surfaceOffset
            let origin = (x: base.x + offset.x, y: base.y + offset.y)
            origins[ObjectIdentifier(popup.xdgSurface)] = origin
            var placed: [PlacedSurface] = []
            popup.xdgSurface.surface.place(x: origin.x, y: origin.y, into: &placed)
            groups.append((popup, origin, placed))
        }
        return groups
    }

    /// Where `popup` lies relative to `layer`'s top left, in surface units, by
    /// its parents' offsets: known while its parents are there.
    static func origin(of popup: XdgPopup, in layer: LayerSurface) -> (x: Int, y: Int)? {
        var origin = popup.surfaceOffset, outer = popup
        while let inner = outer.parent?.popup {
            let offset = inner.surfaceOffset
            (origin.x, origin.y, outer) = (origin.x + offset.x, origin.y + offset.y, inner)
        }
        return outer.layerParent === layer ? origin : nil
    }
}
