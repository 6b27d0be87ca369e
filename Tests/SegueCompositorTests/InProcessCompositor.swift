import CWaylandClient
import Logging
import SegueBackend
import SegueCompositor
import SegueHeadless
import SegueImaging
import SegueIPC
import SegueLoop
import SegueRender
@testable import SegueShell
import SegueWayland
import XCTest

/// Segue's compositor embedded in the test process as the WLCS integration
/// runs it: no socket, clients over socket pairs, and the test's own thread
/// runs its loop whenever a client waits, so nothing sleeps. Input goes in
/// through the headless backend, as a virtual seat's. Stepped, its clock moves
/// only when the test steps it, one refresh at a time.
final class InProcessCompositor {
    let compositor: Compositor
    let backend: HeadlessBackend
    /// Each RawClient's wl_client, as the server knows it.
    private var clients: [ObjectIdentifier: OpaquePointer] = [:]

    private var configFolder: URL?

    /// A config under which windows open and close at once: for tests of
    /// where things are drawn, not of how they come.
    static let opensAtOnce = "[transitions.open]\neffect = \"none\"\n"

    /// `config` is a config file's text, for the compositor to load;
    /// `toleratesBufferBeforeConfigure` as the WLCS integration sets it.
    init(placement: WindowPlacement = .free, width: Int = 320, height: Int = 180, scale: Int? = nil, stepped: Bool = false,
         config: String? = nil, toleratesBufferBeforeConfigure: Bool = false, clientTextureBudget: Int? = nil,
         dmabufOffer: DmabufOffer? = nil, trusting trusted: [String] = []) throws {
        var options = CompositorOptions()
        options.trustedExecutables = trusted
        options.dmabufOffer = dmabufOffer
        options.scale = scale
        options.clientTextureBudget = clientTextureBudget
        options.toleratesBufferBeforeConfigure = toleratesBufferBeforeConfigure
        if let config {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-config-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            options.configPath = folder.appendingPathComponent("config.toml").path
            configFolder = folder
        }
        options.embedded = true
        options.placement = placement
        options.width = width
        options.height = height
        (compositor, backend) = try embeddedCompositor(options: options, size: (width, height)) { loop, width, height, refresh in
            try HeadlessBackend(loop: loop, width: width, height: height, refreshRate: refresh, stepped: stepped)
        }
    }

    /// A new client, served from this thread.
    func connect() throws -> RawClient {
        let (fd, client) = try XCTUnwrap(compositor.connectClient())
        let raw = try RawClient(fd: fd) { [unowned self] in compositor.dispatch() }
        clients[ObjectIdentifier(raw)] = client
        return raw
    }

    /// The compositor's end of `client`'s connection.
    func serverSide(of client: RawClient) throws -> OpaquePointer {
        try XCTUnwrap(clients[ObjectIdentifier(client)])
    }

    /// A real program as a client (one of Segue's own, or an installed one),
    /// its connection handed over as WAYLAND_SOCKET on its standard input; the
    /// test serves it while it waits (`serve`). `runtime` is its
    /// XDG_RUNTIME_DIR and the root of its XDG folders; what it writes to
    /// stderr goes to `errors` where given.
    func launch(_ program: String, _ arguments: [String] = [], runtime: URL, environment extra: [String: String] = [:],
                errors: FileHandle? = nil) throws -> Process {
        let (fd, _) = try XCTUnwrap(compositor.connectClient())
        defer { close(fd) }
        let child = Process()
        let built = CompositorUnderTest.buildFolder.appendingPathComponent(program).path
        child.executableURL = URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: built) ? built : try installedProgram(program))
        child.arguments = arguments
        child.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": runtime.path,
            "XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": runtime.path + "/config",
            "XDG_CACHE_HOME": runtime.path + "/cache", "XDG_DATA_HOME": runtime.path + "/data", "WAYLAND_SOCKET": "0",
        ].merging(extra) { $1 }
        child.standardInput = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        child.standardOutput = FileHandle.nullDevice
        child.standardError = errors ?? FileHandle.nullDevice
        try child.run()
        return child
    }

    /// Puts `toplevel`'s window with its top left at (x, y).
    func place(_ toplevel: RawToplevel, of client: RawClient, x: Int, y: Int) throws {
        XCTAssertTrue(client.roundtrip(), "the server must know the surface before it is placed")
        let server = try XCTUnwrap(clients[ObjectIdentifier(client)])
        compositor.placeWindow(client: server, surfaceID: wl_proxy_get_id(toplevel.surface), x: x, y: y)
    }

    /// A new mapped window of `client` showing `image`, its top left at (x, y).
    func placedWindow(_ client: RawClient, _ image: RGBAImage, x: Int, y: Int) throws -> RawToplevel {
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(image, on: toplevel.surface)
        try place(toplevel, of: client, x: x, y: y)
        return toplevel
    }

    /// A new client with a pointer and a keyboard, its green 120×80 window at
    /// (20, 20) pressed at (30, 30) with the left button, still held: the
    /// serial a popup's grab answers.
    func pressedWindow() throws -> (RawClient, RawToplevel, RawPointer, RawKeyboard) {
        let client = try connect()
        let pointer = client.makePointer()
        let keyboard = client.makeKeyboard()
        let toplevel = try placedWindow(client, RGBAImage(width: 120, height: 80, fill: RGBA(0, 160, 0)), x: 20, y: 20)
        inject(.pointerMotion(time: 1, x: 30, y: 30))
        inject(.pointerButton(time: 2, button: 0x110, pressed: true))
        XCTAssertTrue(client.roundtrip())
        return (client, toplevel, pointer, keyboard)
    }

    func inject(_ input: InputEvent) { backend.inject(input) }

    /// Runs the loop until `condition` holds; false if it does not within `timeout`.
    func serve(timeout: Duration = .seconds(5), until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            compositor.dispatch(milliseconds: 1)
        }
        return true
    }

    /// Mapped windows.
    var windowCount: Int { compositor.stack.windows.count }

    /// The output once it shows all it knows of, its last frame presented,
    /// and layer surfaces and popups have come or gone (their motions ended).
    /// A frame a client's roundtrip already drew counts: an idle output draws
    /// no other.
    func screen(timeout: Duration = .seconds(5)) throws -> RGBAImage {
        let output = compositor.output
        let drawn = output.framesDrawn
        let deadline = ContinuousClock.now + timeout
        // One turn first, for what clients sent and has not been read.
        repeat {
            guard ContinuousClock.now < deadline else { throw CompositorTestError("no frame was drawn") }
            compositor.dispatch(milliseconds: 1)
        } while !(output.framesDrawn > drawn || output.isCurrent) || output.framesPresented < output.framesDrawn
            || output.layerSurfaces.motions.isAnimating
        return presented
    }

    /// The frame presented last, read back from the headless buffer.
    var presented: RGBAImage { compositor.presented }

    /// Writes `text` as the config file, for a reload to read.
    func rewriteConfig(_ text: String) throws {
        let folder = try XCTUnwrap(configFolder, "the compositor was started without a config file")
        try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    /// Stepped: a window of `client`'s filling the output for each colour,
    /// opened one after another, each open transition played out.
    @discardableResult
    func openWindows(_ fills: [RGBA], of client: RawClient) throws -> [RawToplevel] {
        try fills.map { fill in
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(RGBAImage(width: compositor.output.width, height: compositor.output.height, fill: fill), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            _ = stepUntilIdle(sampling: 0, 0)
            return toplevel
        }
    }

    /// Stepped: the frames wanted from now on, one refresh each, until none is
    /// wanted; what the given pixel showed in each.
    func stepUntilIdle(sampling x: Int, _ y: Int, limit: Int = 600) -> [RGBA] {
        var shown: [RGBA] = []
        while shown.count < limit {
            compositor.dispatch()
            guard backend.step() else { break }
            shown.append(presented[x, y])
        }
        return shown
    }

    /// Stepped: moves a held gesture's hand to each of `progress`, one
    /// refresh apart; what pixel (x, y) showed in each frame.
    func drag(_ progress: [Double], sampling x: Int, _ y: Int) throws -> [RGBA] {
        try progress.map { value in
            try compositor.perform(.gesture(.update(value)))
            XCTAssertTrue(backend.step(), "a frame for each move")
            return presented[x, y]
        }
    }

    /// Stepped: every frame presented until none is wanted, read back whole.
    func framesUntilIdle(limit: Int = 600) -> [RGBAImage] {
        var shown: [RGBAImage] = []
        while shown.count < limit {
            compositor.dispatch()
            guard backend.step() else { break }
            shown.append(presented)
        }
        return shown
    }

    /// The control socket's answer to `request`, given at once (nil: it waits on something).
    func answer(_ request: IPCRequest) -> IPCReply? {
        var reply: IPCReply?
        compositor.control.answer(request) { reply = $0 }
        return reply
    }

    /// Runs the compositor's own shutdown: disconnects clients, frees the display.
    func stop() {
        compositor.shutDown()
        if let configFolder { try? FileManager.default.removeItem(at: configFolder) }
    }
}

extension Compositor {
    /// The frame its headless output presented last: the backend's buffer, read back.
    var presented: RGBAImage {
        guard let headless = output.backend as? HeadlessBackend else { fatalError("not a headless compositor") }
        return headless.buffer.readPixels(opaque: true)
    }
}

/// A compositor in the test process with `options` on the backend `make`
/// makes, handed back with it; skipped where EGL is missing.
func embeddedCompositor<B: Backend>(options: CompositorOptions, size: (width: Int, height: Int),
                                    make: @escaping (EventLoop, Int, Int, Double) throws -> B) throws -> (Compositor, B) {
    var log = Logger(label: "segue-in-process")
    log.logLevel = .warning
    var made: B?
    let compositor: Compositor
    do {
        compositor = try Compositor(options: options, log: log, renderer: Renderer(), defaultSize: size) { loop, width, height, refresh in
            let backend = try make(loop, width, height, refresh)
            made = backend
            return backend
        }
    } catch {
        try skipIfEGLIsMissing("\(error)")
        throw error
    }
    return (compositor, try XCTUnwrap(made))
}
