import CSegueWLCS
import Foundation
import Logging
import SegueCompositor
import SegueHeadless
import SegueLoop
import SegueRender
import SegueWayland

/// The compositor one WLCS test runs against: Segue's own, in WLCS's
/// process, on the headless backend, with free placement so tests can put
/// windows where they point. Its clients come over socket pairs; its pointer
/// and touch are the headless backend's injected input.
final class WLCSServer {
    private var compositor: Compositor?
    private var backend: HeadlessBackend?
    /// WLCS's loop, watched from Segue's while the compositor runs.
    private var wlcsLoopWatch: WatchedFile?
    /// Each connected client by the fd of its end: how WLCS's wl_display names it.
    /// A client's fd number is only reused once it has disconnected, and then
    /// the new client replaces it here.
    private var clients: [Int32: OpaquePointer] = [:]
    private var pointer = (x: 0.0, y: 0.0)
    /// For WLCS's touch device, which it calls from the test's thread.
    private let serverThread = ServerThreadQueue()

    static let outputSize = (width: 1280, height: 720)

    /// The compositor WLCS tests, on this thread, its headless backend handed to `made`.
    private static func makeCompositor(backendMade made: @escaping (HeadlessBackend) -> Void) throws -> Compositor {
        var options = CompositorOptions()
        options.embedded = true
        options.placement = .free
        options.toleratesBufferBeforeConfigure = true
        // WLCS's clients live in its own process, on socket pairs it made: that executable is privileged, so
        // the tests of taskbars' window lists run.
        if let wlcs = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            options.trustedExecutables = [wlcs]
        }
        var log = Logger(label: "segue-wlcs")
        log.logLevel = .warning
        return try Compositor(options: options, log: log, renderer: Renderer(), defaultSize: outputSize) { loop, width, height, refresh in
            let backend = try HeadlessBackend(loop: loop, width: width, height: height, refreshRate: refresh)
            made(backend)
            return backend
        }
    }

    /// The globals WLCS's clients see (every client's, and the privileged
    /// ones), for WLCS's descriptor before any test runs: those of a
    /// compositor made as the tests' are and shut down again, once per process.
    static let globals: [AdvertisedGlobal] = {
        let compositor: Compositor
        do {
            compositor = try makeCompositor(backendMade: { _ in })
        } catch {
            fatalError("segue-wlcs: the compositor cannot start: \(error)")
        }
        defer { compositor.shutDown() }
        return compositor.globals + compositor.privilegedGlobals
    }()

    /// Starts the compositor on this thread and serves until `stop`.
    func run(wlcsLoop: UnsafeMutableRawPointer) {
        let compositor: Compositor
        do {
            compositor = try Self.makeCompositor { [unowned self] in backend = $0 }
        } catch {
            // WLCS would wait forever for a server that never dispatches its calls.
            fatalError("segue-wlcs: the compositor cannot start: \(error)")
        }
        self.compositor = compositor
        wlcsLoopWatch = compositor.server.eventLoop.watch(fd: segue_wlcs_loop_fd(wlcsLoop), events: .readable) { _ in
            segue_wlcs_loop_dispatch(wlcsLoop)
        }
        serverThread.start(on: compositor.server.eventLoop)
        compositor.server.run()
        // Everything watched on Segue's loop goes before the display does.
        wlcsLoopWatch?.remove()
        wlcsLoopWatch = nil
        serverThread.stop()
        compositor.shutDown()
        clients.removeAll()
        backend = nil
        self.compositor = nil
    }

    func stop() { compositor?.server.terminate() }

    func connect() -> Int32 {
        guard let (fd, client) = compositor?.connectClient() else { return -1 }
        clients[fd] = client
        return fd
    }

    func place(clientFD: Int32, surfaceID: UInt32, x: Int, y: Int) {
        guard let client = clients[clientFD] else { return }
        compositor?.placeWindow(client: client, surfaceID: surfaceID, x: x, y: y)
    }

    func movePointer(x: Double, y: Double, relative: Bool) {
        pointer = relative ? (pointer.x + x, pointer.y + y) : (x, y)
        backend?.inject(.pointerMotion(time: now, x: pointer.x, y: pointer.y))
    }

    func pointerButton(_ button: Int32, pressed: Bool) {
        backend?.inject(.pointerButton(time: now, button: UInt32(bitPattern: button), pressed: pressed))
    }

    /// WLCS's touch is one finger: touch point 0. Called from the test's thread.
    func touch(phase: Int32, x: Double, y: Double) {
        serverThread.perform { [self] in
            switch phase {
            case 0: backend?.inject(.touchDown(time: now, id: 0, x: x, y: y))
            case 1: backend?.inject(.touchMotion(time: now, id: 0, x: x, y: y))
            default: backend?.inject(.touchUp(time: now, id: 0))
            }
        }
    }

    private var now: UInt32 { MonotonicClock.milliseconds() }
}
