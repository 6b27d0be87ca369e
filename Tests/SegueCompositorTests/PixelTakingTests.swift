import CWaylandClient
import SegueClientSupport
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A commit only holds its buffer. A window on screen has its pixels taken as
/// soon as the loop is idle, before the frame that shows it is due, once for
/// all the commits that one turn brought, from the newest buffer; a window off
/// screen takes nothing until it is drawn, and holds only its newest buffer.
/// A buffer goes back to its client once its pixels are taken, or as soon as
/// a newer one replaces it.
final class PixelTakingTests: XCTestCase {
    private var server: InProcessCompositor!
    private let red = RGBA(220, 0, 0), green = RGBA(0, 180, 0), blue = RGBA(0, 0, 200), yellow = RGBA(230, 200, 0)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [transitions.open]
            effect = "crossfade"
            duration = "50ms"

            [transitions.switch]
            effect = "crossfade"
            duration = "50ms"
            """)
    }

    override func tearDown() { server?.stop() }

    /// A mapped window filling the output, its first frame drawn.
    private func window(_ client: RawClient, _ fill: RGBA) throws -> RawToplevel {
        let toplevel = try client.makeConfiguredToplevel()
        _ = try client.showTracked(RGBAImage(width: 64, height: 36, fill: fill), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        return toplevel
    }

    private var screen: RGBAImage { server.presented }

    func testAShownWindowsPixelsAreTakenBeforeItsFrameIsDue() throws {
        let client = try server.connect()
        let toplevel = try window(client, blue)
        let buffer = try client.showTracked(marked(width: 64, height: 36, fill: green, marker: red), on: toplevel.surface)
        XCTAssertTrue(client.dispatch { buffer.released }, "taken and given back with no frame drawn")
        XCTAssertEqual(screen[40, 20], blue, "not drawn yet")
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(screen[2, 2], red)
        XCTAssertEqual(screen[40, 20], green)
    }

    func testCommitsOfOneTurnAreCopiedOnceFromTheNewest() throws {
        let client = try server.connect()
        let toplevel = try window(client, blue)
        let first = try client.showTracked(RGBAImage(width: 64, height: 36, fill: red), on: toplevel.surface)
        let second = try client.showTracked(RGBAImage(width: 64, height: 36, fill: green), on: toplevel.surface)
        // Only its top left quarter damaged: what the first changed is still taken, from the newest.
        let third = try client.showTracked(marked(width: 64, height: 36, fill: yellow, marker: blue, side: 4), on: toplevel.surface,
                                           damage: PixelRect(x: 0, y: 0, width: 32, height: 18))
        XCTAssertTrue(client.dispatch { first.released && second.released && third.released })
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(screen[1, 1], blue)
        XCTAssertEqual(screen[50, 30], yellow, "the first commit's damage, from the newest buffer: copied one by one, it would be green")
    }

    func testAHiddenWindowCopiesNothingUntilShownAndHoldsOnlyItsNewestBuffer() throws {
        let client = try server.connect()
        let hidden = try window(client, blue)
        _ = try window(client, green)
        let older = try client.showTracked(RGBAImage(width: 64, height: 36, fill: red), on: hidden.surface)
        let newest = try client.showTracked(marked(width: 64, height: 36, fill: yellow, marker: red), on: hidden.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(older.released, "replaced")
        XCTAssertFalse(newest.released, "nobody drew it")
        XCTAssertEqual(screen[40, 20], green)

        try server.compositor.perform(.show(.prev))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(newest.released)
        XCTAssertEqual(screen[2, 2], red)
        XCTAssertEqual(screen[40, 20], yellow)
    }

    func testAHiddenWindowsBufferDestroyedBeforeItsPixelsWereTakenStillShows() throws {
        let client = try server.connect()
        let hidden = try window(client, blue)
        _ = try window(client, green)
        let buffer = try client.showTracked(marked(width: 64, height: 36, fill: yellow, marker: red), on: hidden.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(buffer.released)
        wl_buffer_destroy(buffer.proxy)
        XCTAssertTrue(client.roundtrip())
        try server.compositor.perform(.show(.prev))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(screen[2, 2], red)
        XCTAssertEqual(screen[40, 20], yellow)
    }
}

/// A wl_buffer the test watches for its release.
final class TrackedBuffer {
    let proxy: OpaquePointer
    private(set) var released = false

    init(_ proxy: OpaquePointer) {
        self.proxy = proxy
        wl_buffer_add_listener(proxy, bufferListener, listenerData(self))
    }

    fileprivate func release() { released = true }
}

private nonisolated(unsafe) let bufferListener = fixedListener(wl_buffer_listener(
    release: { data, _ in (listenerObject(data) as TrackedBuffer).release() }
))
