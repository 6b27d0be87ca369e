import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// Layer surfaces come on screen and go with the motion their namespace
/// plays: a launcher pops in (fading in as it grows about its centre) and
/// out again as its last picture; a notification slides in from the edge it
/// keeps to; a bar appears at once. Frames are read back whole, the
/// surfaces' markers at their top left, so a flip or an offset fails.
final class LayerAnimationTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private let blue = RGBA(0, 0, 200), white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)

    private func start(_ extra: String = "") throws {
        // 100 ms at 60 Hz, linear: six frames, each a sixth further.
        server = try InProcessCompositor(placement: .stacked, width: 160, height: 90, stepped: true, config: """
            [output]
            background = "#000000"
            [layers]
            duration = "100ms"
            easing = "linear"
            \(extra)
            """)
        client = try server.connect()
        _ = server.framesUntilIdle()
    }

    override func tearDown() { server?.stop() }

    /// A blue 80×40 picture with a white 8×8 marker at its top left.
    private var picture: RGBAImage { marked(width: 80, height: 40, fill: blue, marker: white, side: 8) }

    /// A layer surface of `namespace` on the top layer, 80×40, anchored to `anchor`, shown once configured.
    private func shownLayer(_ namespace: String, anchor: UInt32 = 0, exclusive: Int32 = 0) throws -> RawLayerSurface {
        let layer = try client.makeLayerSurface(layer: 2, namespace: namespace) {
            zwlr_layer_surface_v1_set_size($0, 80, 40)
            zwlr_layer_surface_v1_set_anchor($0, anchor)
            zwlr_layer_surface_v1_set_exclusive_zone($0, exclusive)
        }
        XCTAssertTrue(client.roundtrip())
        try client.show(picture, onLayer: layer)
        XCTAssertTrue(client.roundtrip())
        return layer
    }

    func testALauncherPopsInFadingAsItGrowsAboutItsCentre() throws {
        try start()
        _ = try shownLayer("launcher")
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6, "100 ms at 60 Hz")
        // Centred: its rectangle is (40, 25) to (120, 65).
        let centre = frames.map { $0[80, 45].b }
        XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $1 <= $0 }.count, 0, "it only grows more opaque: \(centre)")
        XCTAssertGreaterThan(centre.first ?? 0, 0)
        XCTAssertLessThan(centre.first ?? 255, 100, "the first frame is mostly see-through")
        // Smaller than itself at first: its corner is not covered yet, and the marker is inside it.
        XCTAssertEqual(frames.first?[41, 26], black, "grown from its centre: its top left corner is still bare")
        XCTAssertGreaterThan(frames.first?[47, 30].r ?? 0, 0, "its marker, at its own top left, upright")
        XCTAssertEqual(frames.last?[40, 25], white, "the last frame exact: the marker at its top left")
        XCTAssertEqual(frames.last?[119, 64], blue)
        XCTAssertEqual(frames.last?[39, 25], black)
        XCTAssertFalse(server.compositor.desktop.layerSurfaces.animations.isAnimating, "completed")
    }

    func testALauncherThatGoesPopsOutAsItsLastPicture() throws {
        try start()
        let layer = try shownLayer("launcher")
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[40, 25], white)
        // It takes its buffer away: gone for the client, drawn as it last looked for the close.
        wl_surface_attach(layer.surface, nil, 0, 0)
        wl_surface_commit(layer.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        let centre = frames.map { $0[80, 45].b }
        XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $1 >= $0 && $0 > 0 }.count, 0, "it only fades: \(centre)")
        XCTAssertGreaterThan(centre.first ?? 0, 100, "the first frame of going is mostly there")
        XCTAssertEqual(frames.last?[80, 45], black, "the last frame shows it gone")
        XCTAssertEqual(server.presented[80, 45], black)
    }

    func testANotificationSlidesInFromTheEdgeItKeepsTo() throws {
        try start()
        // mako's place: the top right corner.
        _ = try shownLayer("notifications", anchor: 1 | 8)
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        // Its left edge, where blue first shows on row 20, moves left frame by frame: in from the right.
        let left = frames.map { frame in (0..<160).first { frame[$0, 20] == blue || frame[$0, 20] == white } ?? 160 }
        XCTAssertEqual(zip(left, left.dropFirst()).filter { $1 >= $0 }.count, 0, "it only moves in: \(left)")
        XCTAssertGreaterThan(left.first ?? 0, 80, "it starts mostly past the right edge")
        XCTAssertEqual(frames.first?[159, 39] == blue || frames.first?[159, 39] == black, true)
        XCTAssertEqual(frames.last?[80, 0], white, "the last frame exact: its marker at its top left, in the corner")
        XCTAssertEqual(frames.last?[159, 39], blue)
        XCTAssertEqual(frames.last?[79, 0], black)
    }

    func testABarAppearsAtOnce() throws {
        try start()
        _ = try shownLayer("waybar", anchor: 1 | 4 | 8, exclusive: 40)
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.first?[40, 0], white, "the first frame shows it whole, its marker at its top left")
        XCTAssertEqual(frames.first?[119, 39], blue)
        XCTAssertFalse(server.compositor.desktop.layerSurfaces.animations.isAnimating)
    }

    func testARuleByNamespaceChoosesTheMotionAndReducedMotionKeepsOnlyTheFade() throws {
        try start("""
            [[rules]]
            namespace = "launch*"
            effect = "slide"
            [accessibility]
            reduce-motion = true
            """)
        // Anchored right, it would slide; reduced motion fades it in where it is.
        _ = try shownLayer("launcher", anchor: 8)
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        XCTAssertGreaterThan(frames.first?[80, 25].r ?? 0, 0, "in its place from the first frame: its marker, faint")
        XCTAssertLessThan(frames.first?[80, 25].r ?? 255, 100)
        XCTAssertEqual(frames.last?[80, 25], white)
    }
}
