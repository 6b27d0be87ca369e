import CWaylandClient
import SegueImaging
import XCTest

/// A window smaller than the output (a dialog, mpv at its video's size)
/// opens and closes over the screen behind it: the effect moves the window
/// alone, and what is behind shows where the window is not, untouched.
final class WindowOverTests: XCTestCase {
    private var server: InProcessCompositor!
    private let blue = RGBA(37, 99, 235), yellow = RGBA(255, 200, 0)
    /// Where stacked placement centres a 640x360 window on 1280x720.
    private let window = (x: 320, y: 180, width: 640, height: 360)

    override func tearDown() { server?.stop() }

    private func start(_ transitions: String) throws -> RawClient {
        server = try InProcessCompositor(placement: .stacked, width: 1280, height: 720, stepped: true, config: transitions)
        return try server.connect()
    }

    /// A 640x360 window, blue with a yellow marker at its top-left.
    private func show(_ toplevel: RawToplevel, of client: RawClient) throws {
        var image = RGBAImage(width: window.width, height: window.height, fill: blue)
        image.fill(yellow, x: 0, y: 0, width: 16, height: 16)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
    }


    /// Points just outside the window, and far from it.
    private var outside: [(Int, Int)] {
        [(10, 10), (1270, 710), (window.x - 1, window.y - 1), (window.x + window.width, window.y + window.height),
         (window.x + window.width / 2, window.y - 1), (window.x - 1, window.y + window.height / 2)]
    }

    func testASmallWindowClosesWithCircleRevealOverTheBackground() throws {
        let client = try start("[transitions.open]\neffect = \"none\"\n[transitions.close]\neffect = \"circle-reveal\"\nduration = \"500ms\"\n")
        let toplevel = try client.makeConfiguredToplevel()
        try show(toplevel, of: client)
        _ = server.framesUntilIdle()
        let background = server.presented[10, 10]
        XCTAssertEqual(server.presented[window.x + 2, window.y + 2], yellow, "the window's marker at its top-left")
        xdg_toplevel_destroy(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        let closing = server.framesUntilIdle()
        XCTAssertGreaterThan(closing.count, 10, "a transition played")
        for (index, frame) in closing.enumerated() {
            for (x, y) in outside {
                XCTAssertEqual(frame[x, y], background, "frame \(index) at (\(x), \(y)): the background untouched around the window")
            }
        }
        // Mid-way the circle has cut the window's corner away: the background
        // shows there, the window's middle still shows.
        XCTAssertTrue(closing.contains { $0[window.x + 2, window.y + 2] == background && $0[640, 360] == blue },
                      "the background shows through where the window was cut away")
        XCTAssertTrue(closing.allSatisfy { $0[window.x + 2, window.y + 2] != RGBA(0, 0, 0) },
                      "never a black rectangle where the window was")
        XCTAssertEqual(closing.last?[640, 360], background, "the window is gone")
    }

    func testASmallWindowOpensWithCrossfadeOverTheBackground() throws {
        let client = try start("[transitions.open]\neffect = \"crossfade\"\nduration = \"300ms\"\n")
        _ = server.framesUntilIdle()
        let background = server.presented[10, 10]
        let toplevel = try client.makeConfiguredToplevel()
        try show(toplevel, of: client)
        let opening = server.framesUntilIdle()
        XCTAssertGreaterThan(opening.count, 5, "a transition played")
        for (index, frame) in opening.enumerated() {
            for (x, y) in outside {
                XCTAssertEqual(frame[x, y], background, "frame \(index) at (\(x), \(y)): the background untouched around the window")
            }
        }
        // Mid-way the window is itself blended over the background, premultiplied.
        let middle = opening[opening.count / 2][640, 360]
        let opacity = (Double(middle.b) - Double(background.b)) / (Double(blue.b) - Double(background.b))
        XCTAssertTrue(opacity > 0.05 && opacity < 0.95, "a blend mid-way: \(middle)")
        let red = Double(background.r) + (Double(blue.r) - Double(background.r)) * opacity
        XCTAssertEqual(Double(middle.r), red, accuracy: 2.5, "red blends as blue does: \(middle)")
        XCTAssertEqual(opening.last?[window.x + 2, window.y + 2], yellow, "the window, its marker at its top-left, once open")
        XCTAssertEqual(opening.last?[640, 360], blue)
    }

    /// Another window opening while a small one still slides in over the
    /// background: the new transition starts from the frame on screen (the
    /// window where the slide had brought it), not from that moment drawn
    /// between two screens, where the window would be elsewhere.
    func testATransitionInterruptingOneOverTheBackgroundStartsFromTheFrameOnScreen() throws {
        let client = try start("[transitions.open]\neffect = \"slide\"\nduration = \"2s\"\n")
        _ = server.framesUntilIdle()
        let toplevel = try client.makeConfiguredToplevel()
        try show(toplevel, of: client)
        var opening: RGBAImage?
        for _ in 0..<12 {
            server.compositor.dispatch()
            guard server.backend.step() else { break }
            opening = server.presented
        }
        let last = try XCTUnwrap(opening, "the open played")
        let second = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 1280, height: 720, fill: RGBA(0, 160, 0)), on: second.surface)
        XCTAssertTrue(client.roundtrip())
        server.compositor.dispatch()
        XCTAssertTrue(server.backend.step(), "the second window's open plays")
        let first = server.presented
        // The window's left edge along its middle row: where the frame on screen had it,
        // give or take the new slide's first step (drawn between two screens it would be hundreds of pixels off).
        func leftEdge(_ image: RGBAImage) -> Int? { stride(from: 0, to: 1280, by: 2).first { image[$0, 360] == blue } }
        let (was, now) = (try XCTUnwrap(leftEdge(last), "the window on screen"), try XCTUnwrap(leftEdge(first), "the window in the new frame"))
        XCTAssertLessThan(was, 1280 - 64, "the window had come some way in")
        XCTAssertLessThanOrEqual(abs(was - now), 48, "on screen at \(was), then at \(now)")
    }

    /// Over another window the stack's screens play as they always have:
    /// the smaller window shows over the background once it is shown.
    func testASmallWindowOpeningOverAnotherPlaysBetweenScreens() throws {
        let client = try start("[transitions.open]\neffect = \"crossfade\"\nduration = \"300ms\"\n")
        let behind = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 1280, height: 720, fill: RGBA(0, 160, 0)), on: behind.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        let toplevel = try client.makeConfiguredToplevel()
        try show(toplevel, of: client)
        let opening = server.framesUntilIdle()
        XCTAssertGreaterThan(opening.first?[10, 10].g ?? 0, 140, "it starts from the window behind")
        XCTAssertNotEqual(opening.last?[10, 10], RGBA(0, 160, 0), "and ends on the new window's screen")
    }
}
