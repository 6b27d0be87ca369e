import Foundation
import SegueBackend
import SegueConfig
import SegueEngine
import SegueImaging
import SegueLoop
import SeguePolicy
import SegueRender
import SegueWayland

/// The output: draws the shown window, or the running transition, into the
/// buffer its backend hands out when the backend's frame clock asks, and only
/// when something changed; of a buffer that still holds an older frame of the
/// same screen, only what is stale.
final class Output {
    let backend: Backend
    let painter: Painter
    let textures: SurfaceTextures
    let background: (Float, Float, Float)
    private(set) weak var delegate: OutputDelegate?
    /// Writes each transition frame presented, with `segue run --record`.
    let recorder: TransitionRecorder?
    /// Takes the frames screen capture wants.
    private(set) weak var capture: OutputCapture?

    /// Holds the running animations, whose frames this draws.
    let navigation: Navigation<Window, ScreenSource>
    /// Takes the pixels of windows on screen between frames.
    private var pixelsDue: PixelsDue<SurfaceTextures>!
    let backgroundTexture: Texture
    /// The layer surfaces on this output, which the shell arranges.
    let layerSurfaces: LayerSurfaces
    /// Background and bottom layer surfaces composed: under every stacked window's screen.
    var backdropComposition = Composition()
    /// With free placement, the desktops a switch between workspaces plays between, by number.
    var desktopCompositions: [Int: Composition] = [:]
    /// The median seconds the last transition's frames took to render: what the next one's first will take.
    var lastTransitionRender: Double?
    lazy var switcherOverlay = SwitcherOverlay(painter: painter)
    /// The held switcher between frames.
    var hold = SwitcherHold<Window>()
    /// What changed since the last frame besides its layers' pixels and places (which its elements tell).
    private(set) var pending = OutputDamage.everywhere
    /// Whether a layer's pixels or place may have changed since the last frame: its elements tell where.
    private var layersMayDiffer = false
    /// What of each buffer to draw again, from what the last frames drew and changed.
    private var damageTracker = DamageTracker()
    /// What the last frame drawn showed, to draw it again for a screenshot or a snapshot.
    private(set) var lastContent = DrawnContent.nothing
    /// The transition frame drawn last, the buffer it was drawn into and its
    /// fence, the scale it was drawn at, the seconds before its effect was
    /// drawn and whether its cost is a moving frame's, until it is presented.
    var lastDrawn: (transition: Transition<ScreenSource>, target: RenderTarget, fence: FrameFence, scale: Double, fixed: Double,
                            typical: Bool)?
    /// Chooses the size transition frames are drawn at; nil with `quality = "full"`.
    var resolution: DynamicResolution?
    /// The transition whose frames `resolution` sizes now, and what its
    /// effect's frames cost at each size when the renderer timed them.
    var scaledTransition: (id: UInt64, prepared: [Double: Double])?
    /// Frames rendered and presented since start: an idle output adds none.
    private(set) var framesDrawn = 0
    private(set) var framesPresented = 0
    /// Layer surfaces' animations the last frames presented ended, for the shell to report.
    var endedLayerAnimations: [LayerAnimations.Completed] = []
    /// Windows' resizes the last frames presented ended, for the shell to report.
    var endedResizes: [ResizeAnimations.Completed] = []
    /// When the frame on screen was presented; nil before the first.
    private(set) var lastPresented: Instant?

    init(backend: Backend, painter: Painter, textures: SurfaceTextures, navigation: Navigation<Window, ScreenSource>,
         layerSurfaces: LayerSurfaces, loop: EventLoop, background: (Float, Float, Float), recorder: TransitionRecorder? = nil) throws {
        self.backend = backend
        self.navigation = navigation
        self.painter = painter
        self.textures = textures
        self.background = background
        self.layerSurfaces = layerSurfaces
        self.recorder = recorder
        let plain = try painter.target(width: backend.width, height: backend.height)
        try painter.render(.surfaces([], background: background), into: plain)
        backgroundTexture = try plain.drawnTexture()
        backend.drawFrame = { [unowned self] in draw(predicted: $0, into: $1) }
        pixelsDue = PixelsDue(loop: loop, taker: textures, secondsLeft: { [unowned self] in secondsBeforeTransitionFrame() },
                              taken: { [unowned self] in
                                  // A transition a hand holds still draws no frame of itself: this one shows them.
                                  if newPixels(of: $0) { damage() }
                              })
    }

    var width: Int { backend.width }
    var height: Int { backend.height }
    /// The backend's preferred scale as of the last output change.
    private(set) lazy var backendScale = backend.preferredScale
    /// Output pixels per surface unit: what clients are told to draw at.
    private(set) var scale = 1
    /// The output in surface units: what windows are configured to fill, and
    /// where pointer and touch land. Rounded up, so a window of this size
    /// covers an output whose pixels are not a multiple of the scale, its
    /// last pixel cut off rather than a line of background left.
    var logicalWidth: Int { (width + scale - 1) / scale }
    var logicalHeight: Int { (height + scale - 1) / scale }
    /// The output in surface units, from its top left.
    var logicalRect: PixelRect { PixelRect(x: 0, y: 0, width: logicalWidth, height: logicalHeight) }

    /// Tells `delegate` what happens, and asks it what to show.
    func connect(_ delegate: OutputDelegate) { self.delegate = delegate }

    /// Hands the frames screen capture wants to `capture`.
    func sendFrames(to capture: OutputCapture) { self.capture = capture }

    /// Clients are told to draw at `scale` pixels per unit from now on, and
    /// the backend's own scale is taken as it is now.
    func rescale(to scale: Int) {
        self.scale = scale
        backendScale = backend.preferredScale
    }

    /// Nothing shown changed since the last frame drawn: another would look the same.
    var isCurrent: Bool {
        pending.isEmpty && !layersMayDiffer && !navigation.isAnimating && !layerSurfaces.motions.isAnimating
            && delegate?.switcherView().map { $0.appear == hold.drawnAppear } ?? true
    }

    /// Whether transition frames that would miss their refresh are drawn smaller.
    private(set) var frameQuality = FrameQuality(adaptive: false)

    /// Transition frames follow `quality` from now on.
    func choose(_ quality: FrameQuality) {
        guard quality != frameQuality else { return }
        frameQuality = quality
        resolution = quality.adaptive ? DynamicResolution(refreshInterval: backend.refreshInterval, minimumScale: quality.minimumScale) : nil
    }

    /// What is shown changed, within `changed`, besides its layers: draw a new frame.
    func damage(_ changed: OutputDamage = .everywhere) {
        let onScreen = changed.isEverywhere ? changed : changed.clipped(to: fullRect)
        // Off the output nothing shown changed: only the clock need tick, for frame callbacks.
        if onScreen.isEmpty { return requestFrame() }
        // Gathered until the next frame.
        pending.add(onScreen)
        backend.scheduleFrame()
    }

    /// A surface on screen committed, moved, came or went: where the layers
    /// changed, the next frame's elements say.
    func layersChanged() {
        layersMayDiffer = true
        backend.scheduleFrame()
    }

    /// The backend's size changed: draw at the new size from the next frame on.
    func resized() {
        damageTracker.reset()
        damage()
    }

    /// A client of `window`, which is on screen, committed pixels: they are
    /// taken when the loop is idle, between frames.
    func pixelsCommitted(by window: Window) { pixelsDue.add(window) }

    /// A client waits for a frame callback: run the clock for one frame.
    func requestFrame() { backend.scheduleFrame() }

    /// The windows the next frame shows. While the switcher's overlay shows,
    /// the shown window is a still picture under it, and of its previews
    /// (the shown window's too) those it took anew draw their next; the rest
    /// wait their turn.
    func visibleWindows() -> [Window] {
        var sources: [ScreenSource?] = delegate?.switcherView() == nil ? [delegate?.shownScreen()]
            : hold.turns.map(ScreenSource.window)
        if let running = navigation.transition { sources += [running.from, running.to] }
        var windows: [Window] = []
        for source in sources {
            switch source {
            case .window(let window)? where !windows.contains(where: { $0 === window }):
                windows.append(window)
            case .desktop?:
                windows += delegate?.placedWindows(onWorkspace: nil).map(\.window) ?? []
            case .workspace(let number)?:
                windows += delegate?.placedWindows(onWorkspace: number).map(\.window) ?? []
            default:
                break
            }
        }
        return windows
    }

    /// The screen `source` shows. A `fresh` one first takes whatever its
    /// surfaces committed that the loop's idle turn has not taken yet; else
    /// (a transition's moving frames) pixels still waiting are left to the
    /// gap between frames, and the window's last screen stands in.
    func texture(_ source: ScreenSource?, fresh: Bool = true) -> Texture {
        switch source {
        case .window(let window)?:
            if !fresh, let last = window.lastScreen, textures.bytesToTake(of: window) > 0 { return last }
            if textures.takePixels(of: window) { newPixels(of: window) }
            return window.screen(textures: textures, painter: painter, on: windowScreen, background: background) ?? backgroundTexture
        case .texture(let texture)?:
            return texture
        case .workspace(let number)?:
            return desktop(number, fresh: fresh)
        case .background?, .desktop?, nil:
            // The desktop is drawn straight into the target: free placement plays no transitions.
            return backdrop() ?? backgroundTexture
        }
    }

    /// Draws the frame for `predicted` into the backend's buffer: what it
    /// changed of the last frame; nil, and nothing drawn, when nothing shown changed.
    private func draw(predicted: Instant, into buffer: FrameBuffer) -> OutputDamage? {
        let target = buffer.target
        let start = DispatchTime.now().uptimeNanoseconds
        // Layer surfaces coming or going move on to this frame's time, and it draws them there.
        layerSurfaces.animations.frame(at: predicted, refreshInterval: backend.refreshInterval)
        layerSurfaces.motions.resizes.frame(at: predicted, refreshInterval: backend.refreshInterval)
        if layerSurfaces.motions.isAnimating { layersMayDiffer = true }
        let departing = navigation.departure(at: predicted)
        // Gone: the screen is drawn whole as it is.
        if departing == nil, case .departing = lastContent { pending = .everywhere }
        if let (record, transition, frame) = navigation.frame(at: predicted) {
            draw(frame, of: transition, over: record.over, into: buffer, startedAt: start)
        } else if let view = delegate?.switcherView() {
            // A preview's turn every frame; drawn again whole (the previews small, the rest
            // copied) where one was made again, the cards come in, or anything else changed.
            let (layers, remade) = switcherLayers(view)
            guard remade || view.appear != hold.drawnAppear || !pending.isEmpty else { return nil }
            try? painter.render(.surfaces(layers, background: background), into: target)
            drawOverLayers(into: target)
            drew(.switcher(view))
            hold.drew(appear: view.appear, for: predicted)
            painter.submit(target, startedAt: start)
            lastDrawn = nil
        } else if let (departure, left) = departing {
            let opacity = Float(left), picture = texture(departure)
            try? painter.render(.surfaces(departingLayers(picture, opacity: opacity), background: background), into: target)
            drawOverLayers(into: target)
            drew(.departing(picture, opacity: opacity))
            painter.submit(target, startedAt: start)
            lastDrawn = nil
        } else if !pending.isEmpty || layersMayDiffer {
            // The desktop's layers, or the shown screen under the layers over it: only
            // where they differ from those of the frame the buffer holds, and what changed besides.
            let shown = delegate?.shownScreen()
            let layers: [SurfaceLayer], elements: [DrawnElement]
            if case .desktop? = shown {
                lastContent = .desktop
                layers = desktopLayers()
                elements = layers.map(textures.element(of:))
            } else {
                lastContent = .screen
                let screen = texture(shown), over = overLayers()
                layers = [SurfaceLayer(screen, at: target.bounds)] + over
                elements = [element(showing: screen, of: shown)] + over.map(textures.element(of:))
            }
            let redraw = damageTracker.frame(of: elements, pending: pending, bufferAge: buffer.age).redraw
            try? painter.render(.surfaces(layers, background: background), within: redraw, into: target)
            painter.submit(target, startedAt: start)
            lastDrawn = nil
        } else {
            return nil
        }
        recordLayerFrame(target)
        pending = .none
        layersMayDiffer = false
        framesDrawn += 1
        pixelsDue.frameDrawn()
        capture?.frameDrawn(into: target, changing: damageTracker.lastChanged)
        return damageTracker.lastChanged
    }

    /// What the last frame drawn changed of the one before.
    var lastDamage: OutputDamage { damageTracker.lastChanged }

    /// A frame of `content` was drawn whole (a transition's, the switcher's).
    func drew(_ content: DrawnContent) {
        lastContent = content
        damageTracker.frameDrawnWhole(pending: pending)
    }

    /// The screen shown, `screen` (of `shown`), as the element of a frame it
    /// fills: a window's composed screen or the backdrop with what changed
    /// of it, a surface's texture with its own; else a still picture (the
    /// background colour, a closed window's last screen, a snapshot), which
    /// never changes, held by the element so that no other takes its place meanwhile.
    private func element(showing screen: Texture, of shown: ScreenSource?) -> DrawnElement {
        if case .window(let window)? = shown, let element = window.screenElement(showing: screen, over: fullRect) { return element }
        if let element = backdropComposition.element(over: fullRect), element.id == ObjectIdentifier(screen) { return element }
        if textures.knows(screen) { return textures.element(of: SurfaceLayer(screen, at: fullRect)) }
        return DrawnElement(id: ObjectIdentifier(screen), version: 0, rect: fullRect, look: "still") { _ in
            withExtendedLifetime(screen) { .none }
        }
    }

    var fullRect: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Where stacked windows go: the output less the strips bars keep, in output pixels.
    var windowArea: PixelRect {
        let usable = layerSurfaces.usable
        return PixelRect(x: usable.x * scale, y: usable.y * scale, width: usable.width * scale, height: usable.height * scale)
    }

    /// Where `window` goes on the output, in output pixels.
    func windowArea(for window: Window) -> PixelRect { window.drawnState.fullscreen ? fullRect : windowArea }

    /// What stacked windows' screens are composed on.
    var windowScreen: WindowScreen {
        let backdrop = backdrop().flatMap { texture in backdropComposition.element(over: fullRect).map { (texture: texture, element: $0) } }
        return WindowScreen(width: width, height: height, area: windowArea, scale: scale, backdrop: backdrop)
    }

    /// The top and overlay layer surfaces over what `target` holds.
    func drawOverLayers(into target: RenderTarget) {
        let over = overLayers()
        if !over.isEmpty { try? painter.render(.surfaces(over, background: nil), into: target) }
    }

    /// The frame drawn last was presented: what it completed, which the
    /// shell delivers once this has returned, never from inside it.
    func presented(at time: Instant, sequence: UInt64) -> FrameCompletions {
        capture?.framePresented(at: time)
        transitionFramePresented()
        framesPresented += 1
        lastPresented = time
        hold.presented(at: time, refreshInterval: backend.refreshInterval)
        let visible = visibleWindows()
        let completions = navigation.presented(at: time, refreshInterval: backend.refreshInterval)
        endedLayerAnimations += layerSurfaces.animations.presented(at: time)
        endedResizes += layerSurfaces.motions.resizes.presented(at: time)
        lastDrawn = nil
        delegate?.framePresented(at: time, sequence: sequence, visible: visible)
        let handHolding = navigation.transition?.interactive?.isTracking == true
        // While the switcher shows, the clock ticks on: each refresh is a preview's turn.
        if (navigation.isAnimating && !handHolding) || layerSurfaces.motions.isAnimating || !pending.isEmpty || layersMayDiffer
            || delegate?.switcherView() != nil {
            backend.scheduleFrame()
        }
        return completions
    }
}

