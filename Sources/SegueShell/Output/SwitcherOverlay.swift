import SegueConfig
import SegueEngine
import SegueImaging
import SegueRender

/// What the held switcher shows: its windows, most recently shown first, the
/// selected one, which are minimized, and how the config says to draw it.
struct SwitcherView {
    let windows: [Window]
    let selected: Int
    let settings: SwitcherSettings
    /// How far its cards have come in, 0...1: they fade in and grow from a little smaller.
    let appear: Double
    /// The minimized windows listed: their previews faded, their titles in brackets.
    var minimized: Set<ObjectIdentifier> = []

    /// How much of a minimized window's preview shows.
    static let minimizedOpacity: Float = 0.6

    /// Seconds the cards take to come in.
    static let appearDuration = 0.12

    /// Where its cards go on a `width`×`height` output of `scale`.
    func layout(width: Int, height: Int, scale: Int) -> SwitcherLayout {
        SwitcherLayout(count: windows.count, width: width, height: height, scale: scale, maxHeight: settings.maxHeight,
                       maxScale: settings.maxScale, padding: settings.padding)
    }

    /// The listed window a preview copy is keyed by.
    func window(_ key: ObjectIdentifier) -> Window? {
        windows.first { ObjectIdentifier($0) == key }
    }
}

/// Draws the switcher over the shown window: that window dimmed as it was
/// when the overlay opened (drawn once, then copied), the selected card's rounded
/// highlight, each window's live screen as a preview from a small copy of
/// it (made again once it changed, at most `PreviewCopies.budget` a frame), and its
/// title. What does not change between frames (the dimmed screen, the
/// highlight, the titles) is made once.
final class SwitcherOverlay {
    private let painter: Painter
    private let previewCopies: PreviewCopies
    /// The shown window as it was when the overlay opened, dimmed.
    private var dimmed: (target: RenderTarget, dim: Double)?
    private var highlight: (texture: Texture, key: String)?
    private var titles: [String: Texture] = [:]
    /// Whether the overlay's ways of drawing were met once, in `prepare`.
    private var warmed = false
    /// A 1×1 black pixel, stretched over the shown window to dim it.
    private lazy var black = try? painter.picture(of: RGBAImage(width: 1, height: 1, fill: RGBA(0, 0, 0)))

    init(painter: Painter) {
        self.painter = painter
        previewCopies = PreviewCopies(painter: painter)
    }

    /// The overlay's layers, bottom first, over `shown` on a `width`×`height`
    /// output of `scale`; the windows whose turn this frame is (they may draw
    /// their next frame), and whether any preview was made again. A window's
    /// screen is asked of `screen` only when its preview is made again (it has
    /// none, or `hasNewPixels` and its turn came), so the others' clients are
    /// not read this frame, nor told to draw another. Drawn again (a
    /// screenshot: `takingTurns` false), no preview has a turn.
    func layers(_ view: SwitcherView, shown: () -> Texture, screen: (Window) -> Texture, hasNewPixels: (Window) -> Bool,
                takingTurns: Bool = true, width: Int, height: Int, scale: Int,
                background: (Float, Float, Float)) -> (layers: [SurfaceLayer], turns: [Window], remade: Bool) {
        let layout = view.layout(width: width, height: height, scale: scale)
        var layers: [SurfaceLayer] = []
        if let dimmed = dimmedScreen(shown, dim: view.settings.dim, width: width, height: height, background: background) {
            layers.append(SurfaceLayer(dimmed, at: PixelRect(x: 0, y: 0, width: width, height: height)))
        }
        let keys = view.windows.map(ObjectIdentifier.init)
        let (turns, remake) = previewCopies.turns(zip(keys, view.windows.map(hasNewPixels)).map { ($0, $1) },
                                                  budget: takingTurns ? PreviewCopies.budget : 0)
        let copies = previewCopies.copies(of: zip(keys, layout.cards).map { ($0, $1.preview.width, $1.preview.height) }, renewing: remake) {
            view.window($0).map(screen)
        }
        // Coming in, each card grows to its size about its centre from 92% as it fades in.
        let opacity = Float(max(0, min(view.appear, 1)))
        let grow = { (rect: PixelRect, card: PixelRect) in Self.grown(rect, about: card, by: 0.92 + 0.08 * Double(opacity)) }
        for (index, card) in layout.cards.enumerated() where index < copies.count {
            guard let copy = copies[index] else { continue }
            if index == view.selected, let frame = highlightTexture(card.frame, view.settings, scale: scale) {
                layers.append(SurfaceLayer(frame, at: grow(card.frame, card.frame), opacity: opacity))
            }
            let minimized = view.minimized.contains(keys[index])
            layers.append(SurfaceLayer(copy, at: grow(card.preview, card.frame), opacity: opacity * (minimized ? SwitcherView.minimizedOpacity : 1)))
            if let title = titleTexture(Self.title(of: view.windows[index], minimized: minimized), width: card.title.width,
                                        textScale: layout.textScale) {
                let rect = PixelRect(x: card.title.x + (card.title.width - title.width) / 2, y: card.title.y,
                                     width: title.width, height: title.height)
                layers.append(SurfaceLayer(title, at: opacity < 1 ? grow(rect, card.frame) : rect, opacity: opacity))
            }
        }
        return (layers, view.windows.filter { turns.contains(ObjectIdentifier($0)) }, !remake.isEmpty)
    }

    /// One step of making what the overlay's first frame draws, so that
    /// frame is copies alone: the first of `view`'s windows with no preview
    /// gets one (from the screen `screen` gives), then the dimmed screen is
    /// made (of `shown`), then the titles and the highlight. False when all is made.
    func prepare(_ view: SwitcherView, shown: () -> Texture, screen: (Window) -> Texture, width: Int, height: Int, scale: Int,
                 background: (Float, Float, Float)) -> Bool {
        let layout = view.layout(width: width, height: height, scale: scale)
        if dimmed.map({ $0.dim != view.settings.dim || $0.target.width != width || $0.target.height != height }) ?? true {
            return dimmedScreen(shown, dim: view.settings.dim, width: width, height: height, background: background) != nil
        }
        if previewCopies.makeFirstMissing(zip(view.windows, layout.cards).map { (ObjectIdentifier($0), $1.preview.width, $1.preview.height) }, screen: {
            view.window($0).map(screen)
        }) {
            return true
        }
        // The titles and the highlight, small, in one step.
        let made = titles.count
        for (window, card) in zip(view.windows, layout.cards) {
            _ = titleTexture(Self.title(of: window, minimized: view.minimized.contains(ObjectIdentifier(window))), width: card.title.width,
                             textScale: layout.textScale)
        }
        let highlighted = highlight?.texture
        if let card = layout.cards.first { _ = highlightTexture(card.frame, view.settings, scale: scale) }
        if titles.count != made || highlight?.texture !== highlighted { return true }
        guard !warmed else { return false }
        // A software GL (llvmpipe) compiles its code for each way of drawing the
        // first time it meets it: the cards faded in, once, into a small scratch
        // target, so the overlay's first frame does not wait for that.
        warmed = true
        let small = 8
        let faded = SwitcherView(windows: view.windows, selected: view.selected, settings: view.settings, appear: 0.5,
                                 minimized: view.minimized)
        let drawn = layers(faded, shown: shown, screen: screen, hasNewPixels: { _ in false }, takingTurns: false, width: width, height: height,
                           scale: scale, background: background).layers.map { layer in
            var layer = layer
            layer.rect = PixelRect(x: layer.rect.x / small, y: layer.rect.y / small, width: max(1, layer.rect.width / small),
                                   height: max(1, layer.rect.height / small))
            return layer
        }
        if let scratch = try? painter.target(width: max(1, width / small), height: max(1, height / small)) {
            try? painter.render(.surfaces(drawn, background: background), into: scratch)
        }
        return true
    }

    /// What a window's card is titled: its title, or where it has none, its
    /// app id; in brackets while it is minimized, as window lists mark one.
    private static func title(of window: Window, minimized: Bool) -> String {
        let title = window.title.isEmpty ? window.appID : window.title
        return minimized ? "[\(title)]" : title
    }

    /// `rect` scaled by `factor` about the centre of `card`.
    private static func grown(_ rect: PixelRect, about card: PixelRect, by factor: Double) -> PixelRect {
        guard factor < 1 else { return rect }
        let cx = Double(card.x) + Double(card.width) / 2, cy = Double(card.y) + Double(card.height) / 2
        func at(_ value: Int, _ centre: Double) -> Int { Int((centre + (Double(value) - centre) * factor).rounded()) }
        let x = at(rect.x, cx), y = at(rect.y, cy)
        return PixelRect(x: x, y: y, width: at(rect.x + rect.width, cx) - x, height: at(rect.y + rect.height, cy) - y)
    }

    /// The switcher closed: what was made for it goes, but the titles, kept for next time.
    func close() {
        dimmed = nil
        previewCopies.keep(only: [])
    }

    /// `shown` is asked for only when the dimmed screen is made: once an opening.
    private func dimmedScreen(_ shown: () -> Texture, dim: Double, width: Int, height: Int,
                              background: (Float, Float, Float)) -> Texture? {
        if let dimmed, dimmed.dim == dim, dimmed.target.width == width, dimmed.target.height == height {
            return dimmed.target.texture
        }
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let black, let target = try? painter.target(width: width, height: height),
              (try? painter.render(.surfaces([SurfaceLayer(shown(), at: full), SurfaceLayer(black, at: full, opacity: Float(dim))],
                                              background: background), into: target)) != nil else { return nil }
        dimmed = (target, dim)
        return target.texture
    }

    private func highlightTexture(_ frame: PixelRect, _ settings: SwitcherSettings, scale: Int) -> Texture? {
        let colour = settings.highlight
        let key = "\(frame.width)x\(frame.height) \(settings.radius * scale) \(colour.red) \(colour.green) \(colour.blue)"
        if let highlight, highlight.key == key { return highlight.texture }
        let image = RGBAImage.roundedRectangle(width: frame.width, height: frame.height, radius: settings.radius * scale,
                                               colour: RGBA(UInt8((colour.red * 255).rounded()), UInt8((colour.green * 255).rounded()),
                                                            UInt8((colour.blue * 255).rounded())))
        guard let texture = try? painter.picture(of: image) else { return nil }
        highlight = (texture, key)
        return texture
    }

    private func titleTexture(_ title: String, width: Int, textScale: Int) -> Texture? {
        let key = "\(width) \(textScale) \(title)"
        if let known = titles[key] { return known }
        guard let image = BitmapFont.label(title, maxWidth: width, scale: textScale, colour: RGBA(255, 255, 255)),
              let texture = try? painter.picture(of: image) else { return nil }
        // Titles change seldom; a long session's many are not all kept.
        if titles.count > 64 { titles.removeAll() }
        titles[key] = texture
        return texture
    }
}
