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

/// Segue's compositor: real Wayland clients, one window shown at a time,
/// and a transition whenever the shown window changes.
public final class Compositor {
    /// Makes the backend once the server's loop exists: the loop, and the
    /// output's size and refresh rate as options and config ask for them.
    public typealias BackendFactory = (_ loop: EventLoop, _ width: Int, _ height: Int, _ refreshRate: Double) throws -> Backend

    package let server: Server
    let options: CompositorOptions
    let renderer: Renderer
    let builtins: EffectRegistry
    /// The config in force: replaced only by a reload that passes every check.
    var config: SegueConfig {
        didSet { applyTiming() }
    }
    /// Values `segue msg set` applied over the file since it was last read.
    var settings: [ConfigSetting] = []
    var configWatcher: ConfigWatcher?
    let output: Output
    /// The desktop's layer surfaces: bars, launchers, backgrounds, lock screens.
    lazy var desktop = Desktop(compositor: self, layerSurfaces: output.layerSurfaces)
    let log: Logger
    /// Which window is shown, which transition each event starts, and the one running.
    let navigation = Navigation<Window, ScreenSource>()
    var stack: WindowStack<Window> { navigation.stack }
    /// Every window, on every workspace.
    var allWindows: [Window] { navigation.workspaces.allWindows }
    /// Each surface's content as a texture, imported when it commits a buffer.
    let textures = SurfaceTextures()
    /// Each cursor surface's picture, and the cursor the backend was last told to show.
    let cursorImages = CursorImages()
    /// The windows: their registry, what they commit, their popups, focus.
    lazy var windows = Windows(compositor: self)
    /// Keys, pointer, touch and hands, routed.
    lazy var input = Input(compositor: self)
    /// The control socket, and what scripts hear of through it.
    lazy var control = Control(compositor: self)
    /// What runs on the loop besides the display: the control socket, signals, timers.
    var loopSources = LoopSources()
    /// Readies the config's effects before first use; nil where options say not to.
    private(set) var effectReadying: EffectReadying?

    /// The globals offered to clients, until the compositor stops.
    private(set) var offered: Globals?
    private(set) var spawner: Spawner?
    /// X11 programs' display and its Xwayland, while the config wants one.
    var xwayland: Xwayland?
    let backend: Backend
    var seat: Seat? { offered?.seat }
    var activation: XdgActivation? { offered?.activation }

    /// A compositor drawing with `renderer` on the backend `makeBackend` makes;
    /// `defaultSize` applies when neither options nor config set one.
    public init(options: CompositorOptions, log: Logger, renderer: Renderer, defaultSize: (width: Int, height: Int),
                makeBackend: BackendFactory) throws {
        self.options = options
        self.log = log
        self.renderer = renderer
        builtins = try EffectRegistry.builtin()
        config = Self.initialConfig(options: options, builtins: builtins, renderer: renderer, log: log)
        let size = config.output.size
        let width = options.width ?? size?.width ?? defaultSize.width, height = options.height ?? size?.height ?? defaultSize.height
        let refreshRate = options.refreshRate ?? config.output.refresh ?? 60
        let background = options.background ?? config.output.background.map {
            (Float($0.red), Float($0.green), Float($0.blue))
        } ?? (0.08, 0.08, 0.1)
        // Made before the socket: a folder it cannot write fails the start with nothing left behind.
        let recorder = try options.recordDirectory.map(TransitionRecorder.init(directory:))
        server = try Server(socket: options.socket, listening: !options.embedded)
        backend = try makeBackend(server.eventLoop, width, height, refreshRate)
        let layerSurfaces = LayerSurfaces(output: PixelRect(x: 0, y: 0, width: backend.width, height: backend.height))
        output = try Output(backend: backend, painter: renderer, textures: textures, navigation: navigation,
                            layerSurfaces: layerSurfaces, loop: server.eventLoop, background: background, recorder: recorder)
        output.connect(self)
        output.rescale(to: outputScale)
        navigation.showsEveryWindow = !options.placement.showsOneWindow
        _ = desktop.layerSurfaces.arrange(in: output.logicalRect)
        applyTiming()

        textures.canImport = { [unowned renderer] in renderer.imports(DmabufDescription($0)) }
        textures.importDmabuf = { [unowned renderer] in renderer.import(DmabufDescription($0.attributes), opaque: $0.opaque) }
        textures.retired = { [unowned output] in output.requestFrame() }
        let globals = try Globals(display: server.display, shell: self, keymap: Input.systemKeymap(log: log), backend: backend,
                                  scale: output.scale, refreshRate: refreshRate,
                                  dmabufOffer: options.dmabufOffer ?? DmabufOffer(drawnBy: renderer.dmabufSupport,
                                                                                  externalImages: renderer.drawsExternalImages),
                                  imports: { [unowned textures] in textures.canImport($0) })
        offered = globals
        loopSources.captureTimer = server.eventLoop.timer { [unowned globals] in globals.screenCapture.advance() }
        globals.screenCapture.pollSoon = { [unowned self] in loopSources.captureTimer?.arm(milliseconds: 1) }
        globals.seat.pointer.cursorChanged = { [unowned self] in input.updateCursor() }
        input.shareSelections(of: globals.seat)
        input.applyKeyRepeat()
        spawner = Spawner(display: server.display, loop: server.loop)
        backend.events = { [unowned self] in backendReported($0) }
        if !options.embedded { try control.listen(on: server.eventLoop, at: ipcPath) }
        applyXwayland()
        for signal in [SIGINT, SIGTERM, SIGHUP] where !options.embedded {
            if let source = server.eventLoop.signal(signal, { [unowned self] in server.terminate() }) {
                loopSources.signals.append(source)
            }
        }
        watchConfig()
        if options.readiesEffects ?? !options.embedded {
            effectReadying = EffectReadying(loop: server.eventLoop, busy: { [unowned self] in
                navigation.isAnimating || desktop.layerSurfaces.animations.isAnimating || switcherView() != nil
            }, ready: { [unowned output] in try output.prepare($0) }, finished: { [log] count, seconds in
                log.info("effects ready: \(count) in \(Int(seconds * 1000)) ms")
            })
            readyEffects()
        }
        output.damage()
        startPrograms()
    }

    /// What the config says of frames and of how long a window must show to count.
    private func applyTiming() {
        output.choose(config.frameQuality)
        navigation.configure(debounce: config.switcher.debounce, openDelay: config.switcher.openDelay)
    }

    /// Output pixels per surface unit: as `--scale` or the config's `[output]`
    /// set it, else as the backend's screen asks (a nested window's parent's),
    /// never so large that the output is under 16 units a side.
    var outputScale: Int {
        let asked = options.scale ?? config.output.scale ?? backend.preferredScale
        return min(max(asked, 1), max(min(backend.width, backend.height) / 16, 1))
    }

    /// The most bytes of texture one client's surfaces may take: as options
    /// set it, else sixteen screens of the output, and never under 1 GiB.
    var clientTextureBudget: Int {
        options.clientTextureBudget ?? max(1 << 30, 16 * output.width * output.height * 4)
    }

    /// Milliseconds on the backend's clock, for events the compositor makes up
    /// (a pointer re-aimed because windows moved, keys let go on focus loss).
    var eventTime: UInt32 { UInt32(truncatingIfNeeded: backend.now.nanoseconds / 1_000_000) }

    /// The globals every client sees, with their versions: those `init` made,
    /// libwayland's wl_shm among them. The privileged ones are not listed:
    /// only privileged clients see them (`Privileges`).
    package var globals: [AdvertisedGlobal] { AdvertisedGlobal.all(on: server.display) }

    /// The globals only privileged clients see, by name.
    package var privilegedGlobals: [AdvertisedGlobal] { offered?.privileges.restricted ?? [] }

    /// `$XDG_RUNTIME_DIR/segue-<WAYLAND_DISPLAY>.sock`.
    package var ipcPath: String { IPCSocket.path(runtimeDirectory: server.runtimeDirectory, waylandDisplay: server.socketName) }

    /// Serves clients until SIGINT or SIGTERM (or `server.terminate()`), then shuts down.
    public func run() {
        server.run()
        shutDown()
    }

    /// Disconnects every client and takes everything off the display, then
    /// frees it: after `run` returns, or for a host that ran the loop itself
    /// with `dispatch`. The compositor serves nothing afterwards.
    public func shutDown() {
        // Surfaces going with their clients move no cursor.
        seat?.pointer.cursorChanged = nil
        output.recorder?.flush()
        input.stop()
        loopSources.removeAll()
        effectReadying?.remove()
        control.stop()
        xwayland?.stop()
        xwayland = nil
        spawner = nil
        configWatcher = nil
        // Captures waiting for a frame hear that none will come (failed, or their session stopped).
        offered?.screenCapture.outputGone()
        offered?.imageCopy.stopAll()
        server.disconnectClients()
        // Globals and timers live on the display: they go before it does.
        offered = nil
        backend.stop()
        backend.events = nil
        server.destroy()
    }
}

extension Compositor: OutputDelegate {
    func shownScreen() -> ScreenSource? {
        options.placement.screen(showing: stack.shown)
    }

    func placedWindows(onWorkspace number: Int?) -> [(window: Window, x: Int, y: Int)] {
        let stack = number.map { navigation.workspaces.stack($0) } ?? stack
        return (stack?.shownOrder ?? []).map { window in
            let origin = windows.pixelOrigin(of: window)
            return (window, origin.x, origin.y)
        }
    }

    func placedOrigin(of window: Window) -> (x: Int, y: Int) { windows.pixelOrigin(of: window) }

    /// Everything the backend reports comes through here.
    private func backendReported(_ event: BackendEvent) {
        switch event {
        case .framePresented(let time, let sequence):
            // Completions act after the frame: one starting the next transition finds the last one accounted for.
            output.presented(at: time, sequence: sequence).deliver()
            desktop.layerAnimationsPresented()
            windows.resizesPresented()
        case .resized:
            output.resized()
            // Effects are timed per size.
            readyEffects()
            outputChanged()
        case .closed(let reason):
            log.info("\(reason): stopping")
            server.terminate()
        case .input(let event):
            self.input.backendInput(event)
        case .selection(let offer, let kind):
            input.backendSelected(offer, as: kind)
        }
    }

    /// The output's size, or the scale asked for, changed: clients hear both,
    /// windows are configured to the new size in surface units, and the
    /// pointer stays where it was on the screen.
    func outputChanged() {
        let scale = outputScale
        // A pixel is a surface unit / scale, and the backend's pixels as many as its screen's scale.
        let factor = Double(output.scale) / Double(scale) * Double(backend.preferredScale) / Double(output.backendScale)
        let rescaled = output.scale != scale
        output.rescale(to: scale)
        if factor != 1 { input.outputRescaled(by: factor) }
        if rescaled { output.layersChanged() }
        offered?.output.update(width: Int32(output.width), height: Int32(output.height), scale: Int32(output.scale))
        offered?.fractionalScale.outputScaleChanged(to: output.scale)
        offered?.imageCopy.outputResized()
        desktop.arrangeLayers()
        for window in allWindows { window.toplevel.reconfigure() }
        input.pointerLayoutChanged()
    }

    func framePresented(at time: Instant, sequence: UInt64, visible: [Window]) {
        let milliseconds = UInt32(truncatingIfNeeded: time.nanoseconds / 1_000_000)
        textures.framePresented()
        seat?.pointer.cursor?.surface?.sendFrameDone(milliseconds: milliseconds)
        let shownLayers = desktop.layerSurfaces.shown(on: .background ... .overlay).filter(output.showsLayer).map(\.surface)
        for root in visible.filter(\.isAlive).map(\.surface) + shownLayers {
            windows.forEachSurface(of: root) { surface in
                surface.sendFrameDone(milliseconds: milliseconds)
                for feedback in surface.takeFeedbacks() {
                    feedback.presented(timestampNanoseconds: UInt64(time.nanoseconds),
                                       refreshNanoseconds: UInt32(backend.refreshInterval * 1e9),
                                       sequence: sequence, flags: 0,
                                       outputs: offered?.output.resources(for: surface.client) ?? [])
                }
            }
        }
        for window in allWindows where !visible.contains(where: { $0 === window }) {
            window.freeScreenMemory()
            windows.forEachSurface(of: window.surface) { surface in
                // Hidden windows get no frame callbacks until shown; their feedback is discarded.
                for feedback in surface.takeFeedbacks() { feedback.discarded() }
            }
        }
        // Every window is on the output, shown, covered or on a hidden workspace, as a
        // covered window is on a stacking desktop's: a client that draws at
        // the scale of the outputs its surface is on keeps drawing for this
        // one while hidden, and is sharp the moment it shows again.
        for window in allWindows where window.isAlive {
            let outputs = offered?.output.resources(for: window.surface.client) ?? []
            windows.forEachSurface(of: window.surface) { $0.updateEnteredOutputs(to: outputs, among: outputs) }
        }
        // Layer surfaces too, with the subsurfaces and menus they gained since.
        for layer in desktop.layerSurfaces.shown(on: .background ... .overlay) { desktop.sendEnteredOutputs(of: layer) }
    }
}

struct WeakToplevel {
    weak var object: (any Toplevel)?
}
