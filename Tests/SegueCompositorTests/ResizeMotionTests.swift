import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// A window whose rectangle changes moves and scales from the old one to
/// the new, its old picture fading out over its new buffer: maximize and
/// unmaximize in free placement, a client resizing itself there too. Asked
/// to maximize, a window is drawn as it was until its client draws the new
/// size, or the wait runs out. Frames are read back whole; both pictures
/// carry a marker at their top left, so a flip or an offset fails.
final class ResizeMotionTests: XCTestCase {
    var server: InProcessCompositor!
    var client: RawClient!
    let background = RGBA(0, 0, 0), red = RGBA(220, 0, 0), green = RGBA(0, 180, 0)
    let white = RGBA(255, 255, 255), blue = RGBA(0, 0, 255)

    /// 96×54, free placement unless said, stepped; resizes take 100 ms (six frames at 60 Hz), linear.
    func start(_ extra: String = "", placement: WindowPlacement = .free) throws {
        server = try InProcessCompositor(placement: placement, width: 96, height: 54, stepped: true, config: """
            [output]
            background = "#000000"
            [transitions.resize]
            duration = "100ms"
            easing = "linear"
            \(extra)
            """)
        client = try server.connect()
    }

    override func tearDown() { server?.stop() }

    /// Red, 32×18 with a white marker at its top left, placed at (20, 20).
    func placedRed() throws -> RawToplevel {
        let toplevel = try server.placedWindow(client, marked(width: 32, height: 18, fill: red, marker: white, side: 4), x: 20, y: 20)
        _ = server.framesUntilIdle()
        return toplevel
    }

    /// Asks `toplevel` maximized (or not) and draws `image` for the configure that answers.
    func restate(_ toplevel: RawToplevel, maximized: Bool, drawing image: RGBAImage) throws {
        if maximized { xdg_toplevel_set_maximized(toplevel.toplevel) } else { xdg_toplevel_unset_maximized(toplevel.toplevel) }
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
    }

    /// The columns of row `y` that are not the background: where the window is drawn across.
    func span(_ image: RGBAImage, row y: Int) -> (left: Int, right: Int)? {
        let covered = (0..<image.width).filter { image[$0, y] != background }
        return covered.first.map { ($0, covered.last ?? $0) }
    }

    func testMaximizeGrowsTheWindowFromWhereItWasWhileItsOldPictureFadesOut() throws {
        try start()
        let toplevel = try placedRed()
        try restate(toplevel, maximized: true, drawing: marked(width: 96, height: 54, fill: green, marker: blue, side: 6))
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6, "100 ms at 60 Hz")
        // Row 28 lies within both rectangles: its covered span widens from red's (20…51) to the output's.
        let spans = frames.compactMap { span($0, row: 28) }
        XCTAssertEqual(spans.count, frames.count)
        XCTAssertEqual(zip(spans, spans.dropFirst()).filter { $1.left >= $0.left || $1.right <= $0.right }.count, 0,
                       "each frame wider on both sides: \(spans)")
        XCTAssertLessThan(spans.first?.left ?? 0, 20, "the first frame already moves")
        XCTAssertGreaterThan(spans.first?.left ?? 0, 0)
        XCTAssertEqual(frames[0][1, 1], background, "nothing at the output's corner yet")
        // Mid-way the old red is still there over the new green, mixed.
        let middle = frames[2][48, 28]
        XCTAssertGreaterThan(middle.r, 40, "red fading: \(middle)")
        XCTAssertGreaterThan(middle.g, 40, "green showing through: \(middle)")
        let reds = frames.map { $0[48, 28].r }
        XCTAssertEqual(zip(reds, reds.dropFirst()).filter { $1 > $0 }.count, 0, "the old picture only fades: \(reds)")
        // The last frame is the new buffer as it is, its marker upright at the top left.
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[2, 2], blue)
        XCTAssertEqual(last[93, 51], green)
        XCTAssertEqual(last[48, 28], green)
        XCTAssertFalse(server.compositor.output.layerSurfaces.motions.resizes.isAnimating, "it ended")
    }

    func testUnmaximizeShrinksTheWindowBackToItsPlace() throws {
        try start()
        let toplevel = try placedRed()
        try restate(toplevel, maximized: true, drawing: RGBAImage(width: 96, height: 54, fill: green))
        _ = server.framesUntilIdle()
        try restate(toplevel, maximized: false, drawing: marked(width: 32, height: 18, fill: red, marker: white, side: 4))
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        let spans = frames.compactMap { span($0, row: 28) }
        XCTAssertEqual(zip(spans, spans.dropFirst()).filter { $1.left <= $0.left || $1.right >= $0.right }.count, 0,
                       "each frame narrower: \(spans)")
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[21, 21], white, "red's marker at its top left where it was placed")
        XCTAssertEqual(last[50, 36], red)
        XCTAssertEqual(last[10, 10], background)
    }

    func testAClientResizingItselfMovesFromItsOldSize() throws {
        try start()
        let toplevel = try placedRed()
        try client.show(marked(width: 64, height: 30, fill: green, marker: blue, side: 4), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        // Its top left stays; its right edge moves out from 51 to 83.
        let rights = frames.compactMap { span($0, row: 25)?.right }
        XCTAssertEqual(zip(rights, rights.dropFirst()).filter { $1 <= $0 }.count, 0, "it grows: \(rights)")
        XCTAssertEqual(frames.last?[21, 21], blue)
        XCTAssertEqual(frames.last?[83, 49], green)
    }

    func testAWindowThatNeverDrawsTheNewSizeJumpsOnceTheWaitRunsOut() throws {
        try start("wait = \"30ms\"")
        let toplevel = try placedRed()
        xdg_toplevel_set_maximized(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[21, 21], white, "drawn where it was while its client may still draw")
        usleep(60_000)
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 1, "at once: no motion stretches the old buffer")
        XCTAssertEqual(frames.last?[1, 1], white, "drawn at the corner maximized windows go to")
    }

    func testEffectNoneShowsTheNewSizeAtOnce() throws { try assertAtOnce("effect = \"none\"") }

    func testReducedMotionShowsTheNewSizeAtOnce() throws { try assertAtOnce("[accessibility]\nreduce-motion = true") }

    private func assertAtOnce(_ extra: String, line: UInt = #line) throws {
        try start(extra)
        let toplevel = try placedRed()
        try restate(toplevel, maximized: true, drawing: RGBAImage(width: 96, height: 54, fill: green))
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 1, line: line)
        XCTAssertEqual(frames.last?[1, 1], green, line: line)
    }

    /// In the stack, a window under a bar goes fullscreen: the bar goes, and
    /// the window grows from the area under it up to the output's top edge.
    func testFullscreenInTheStackGrowsTheWindowOverWhereTheBarWas() throws {
        try start(placement: .stacked)
        let bar = RGBA(230, 200, 0)
        _ = try client.showTopBar(height: 8, fill: bar, marker: bar)
        XCTAssertTrue(client.roundtrip())
        let toplevel = try client.makeConfiguredToplevel()
        let size = try XCTUnwrap(toplevel.lastSize)
        XCTAssertEqual(size.height, 46, "the area under the bar")
        try client.show(marked(width: Int(size.width), height: Int(size.height), fill: red, marker: white, side: 4), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[1, 9], white, "red's marker just under the bar")
        xdg_toplevel_set_fullscreen(toplevel.toplevel, nil)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(toplevel.lastSize?.height, 54)
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[48, 3], bar, "the bar stays while the client has not drawn fullscreen yet")
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        try client.show(marked(width: 96, height: 54, fill: green, marker: blue, side: 6), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        // The window's top edge in column 60: from under the bar (8) up to 0.
        let tops = frames.map { frame in (0..<54).first { frame[60, $0] != background } ?? 54 }
        XCTAssertEqual(zip(tops, tops.dropFirst()).filter { $1 >= $0 }.count, 0, "it rises each frame: \(tops)")
        XCTAssertLessThan(tops.first ?? 0, 8)
        XCTAssertGreaterThan(tops.first ?? 0, 0)
        XCTAssertFalse(frames.contains { $0[60, 0] == bar }, "the bar is gone: the window covers it")
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[2, 2], blue, "the new buffer's marker upright at the top left")
        XCTAssertEqual(last[93, 51], green)
    }
}
