import CWaylandClient
import Logging
import SegueBackend
import SegueCompositor
import SegueHeadless
import SegueImaging
import SegueRender
@testable import SegueShell
import XCTest

/// Segue's compositor embedded in the test process as the WLCS integration
/// runs it: no socket, clients over socket pairs, and the test's own thread
/// runs its loop whenever a client waits, so nothing sleeps. Input goes in
/// through the headless backend, as a virtual seat's.
final class InProcessCompositor {
    let compositor: Compositor
    let backend: HeadlessBackend
    /// Each RawClient's wl_client, as the server knows it.
    private var clients: [ObjectIdentifier: OpaquePointer] = [:]

    init(placement: WindowPlacement = .free, width: Int = 320, height: Int = 180) throws {
        var options = CompositorOptions()
        options.embedded = true
        options.placement = placement
        options.width = width
        options.height = height
        var log = Logger(label: "segue-in-process")
        log.logLevel = .warning
        var made: HeadlessBackend?
        do {
            compositor = try Compositor(options: options, log: log, renderer: Renderer(), defaultSize: (width, height)) { loop, width, height, refresh in
                let backend = HeadlessBackend(loop: loop, width: width, height: height, refreshRate: refresh)
                made = backend
                return backend
            }
        } catch {
            if "\(error)".contains("EGL") && ProcessInfo.processInfo.environment["SEGUE_REQUIRE_EGL"] != "1" {
                throw XCTSkip("EGL/GLES 3 unavailable on this machine: \(error)")
            }
            throw error
        }
        backend = try XCTUnwrap(made)
    }

    /// A new client, served from this thread.
    func connect() throws -> RawClient {
        let (fd, client) = try XCTUnwrap(compositor.connectClient())
        let raw = try RawClient(fd: fd) { [unowned self] in compositor.dispatch() }
        clients[ObjectIdentifier(raw)] = client
        return raw
    }

    /// Puts `toplevel`'s window with its top left at (x, y).
    func place(_ toplevel: RawToplevel, of client: RawClient, x: Int, y: Int) throws {
        XCTAssertTrue(client.roundtrip(), "the server must know the surface before it is placed")
        let server = try XCTUnwrap(clients[ObjectIdentifier(client)])
        compositor.placeWindow(client: server, surfaceID: wl_proxy_get_id(toplevel.surface), x: x, y: y)
    }

    func inject(_ input: InputEvent) { backend.inject(input) }

    /// The output once a frame drawn from now on has been presented.
    func screen(timeout: Duration = .seconds(5)) throws -> RGBAImage {
        let drawn = compositor.output.framesDrawn
        let deadline = ContinuousClock.now + timeout
        while compositor.output.framesDrawn == drawn || compositor.output.framesPresented < compositor.output.framesDrawn {
            guard ContinuousClock.now < deadline else { throw CompositorTestError("no frame was drawn") }
            compositor.dispatch(milliseconds: 1)
        }
        return compositor.output.target.readPixels(opaque: true)
    }

    /// Runs the compositor's own shutdown: disconnects clients, frees the display.
    func stop() { compositor.shutDown() }
}
