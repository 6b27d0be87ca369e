import CWaylandClient
import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// With free placement, a workspace switch plays between whole desktops:
/// each side is its workspace's windows where they were placed, over the
/// background layer, while the bar on the top layer stays still over both;
/// the windows keep drawing on both sides, and a second switch mid-way
/// starts from what is on screen.
final class FreeDesktopSwitchTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var toplevels: [RawToplevel] = []
    private let wallpaper = RGBA(0, 0, 160), bar = RGBA(230, 200, 0), red = RGBA(220, 0, 0), green = RGBA(0, 180, 0)
    private let white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)

    /// 96×54: a blue wallpaper, a yellow 8-pixel bar across the top, red
    /// (32×18, its white marker at its top left) at (4, 12) on workspace 1,
    /// green (32×18, a black marker) at (56, 30) on workspace 2.
    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .free, width: 96, height: 54, stepped: true, config: Self.config(effect: "crossfade"))
        client = try server.connect()
        try client.showWallpaper(wallpaper, width: 96, height: 54)
        _ = try client.showTopBar(height: 8, fill: bar, marker: bar)
        toplevels.append(try server.placedWindow(client, marked(width: 32, height: 18, fill: red, marker: white, side: 6), x: 4, y: 12))
        toplevels.append(try server.placedWindow(client, marked(width: 32, height: 18, fill: green, marker: black, side: 6), x: 56, y: 30))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.answer(.moveToWorkspace(.number(2), window: 2))?.payload["workspace"], .number(2))
        _ = server.stepUntilIdle(sampling: 0, 0)
    }

    override func tearDown() { server?.stop() }

    private static func config(effect: String) -> String {
        """
        [transitions.workspace]
        effect = "\(effect)"
        duration = "100ms"
        """
    }

    /// The desktop of workspace 1 alone: red where placed, its marker at its top left, the wallpaper around it, the bar over.
    private func assertFirstDesktop(_ image: RGBAImage, _ what: String, line: UInt = #line) {
        XCTAssertEqual(image[5, 13], white, "\(what): red's marker at its top left", line: line)
        XCTAssertEqual(image[30, 25], red, "\(what): red", line: line)
        XCTAssertEqual(image[70, 40], wallpaper, "\(what): no green on workspace 1", line: line)
        XCTAssertEqual(image[90, 3], bar, "\(what): the bar", line: line)
    }

    func testASwitchCrossfadesBetweenTheTwoDesktopsUnderTheStillBar() throws {
        assertFirstDesktop(server.presented, "before")
        var played: TransitionCompletion?
        try server.compositor.perform(.workspace(.number(2)), onComplete: { completion, _ in played = completion })
        let frames = server.framesUntilIdle()
        XCTAssertEqual(played?.effect, "crossfade")
        XCTAssertEqual(played?.statistics.frames, 6, "100 ms at 60 Hz")
        // Red fades out where it was placed while green fades in where it was; the rest stays.
        XCTAssertEqual(zip(frames, frames.dropFirst()).filter { $1[30, 25].r > $0[30, 25].r }.count, 0, "red only fades")
        XCTAssertEqual(zip(frames, frames.dropFirst()).filter { $1[70, 40].g < $0[70, 40].g }.count, 0, "green only grows")
        XCTAssertGreaterThan(frames[2][30, 25].r, 40, "mid-way red is still there")
        XCTAssertGreaterThan(frames[2][70, 40].g, 40, "and green is coming")
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(frame[90, 3], bar, "frame \(index): the bar stays over both desktops")
            XCTAssertEqual(frame[48, 50], wallpaper, "frame \(index): the wallpaper is on both desktops")
        }
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[57, 31], black, "green's marker at its top left, not flipped")
        XCTAssertEqual(last[86, 46], green)
        XCTAssertEqual(last[30, 25], wallpaper, "red stayed on workspace 1")
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .workspace)
    }

    func testASlideMovesTheDesktopsWithTheirWallpaperAndLeavesTheBarStill() throws {
        try server.rewriteConfig(Self.config(effect: "slide"))
        XCTAssertEqual(server.answer(.reload)?.ok, true)
        try server.compositor.perform(.workspace(.number(2)))
        let frames = server.framesUntilIdle()
        XCTAssertGreaterThanOrEqual(frames.count, 5)
        // Red's marker leaves its place: the desktop under it moves, not only its pixels' colour.
        let moving = frames.dropLast()
        XCTAssertTrue(moving.contains { $0[5, 13] != white }, "red's desktop moves")
        for (index, frame) in frames.enumerated() { XCTAssertEqual(frame[90, 3], bar, "frame \(index): the bar stays still") }
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[57, 31], black)
        XCTAssertEqual(last[30, 25], wallpaper)
    }

    func testBothDesktopsKeepDrawingAndASecondSwitchStartsFromTheScreen() throws {
        try server.compositor.perform(.workspace(.number(2)))
        for _ in 0..<2 { server.compositor.dispatch(); _ = server.backend.step() }
        // Green, on the workspace being switched to, draws again: amber now, whose red neither side had.
        let amber = RGBA(200, 180, 0)
        try client.show(marked(width: 32, height: 18, fill: amber, marker: black, side: 6), on: toplevels[1].surface)
        XCTAssertTrue(client.roundtrip())
        for _ in 0..<1 { server.compositor.dispatch(); _ = server.backend.step() }
        let midway = server.presented
        // Back to 1 mid-way: it starts from the frame on screen, not from green's desktop alone.
        var back: TransitionCompletion?
        try server.compositor.perform(.workspace(.number(1)), onComplete: { completion, _ in back = completion })
        server.compositor.dispatch()
        _ = server.backend.step()
        let first = server.presented
        XCTAssertGreaterThan(first[30, 25].r, 40, "red is still in the first frame back")
        XCTAssertGreaterThan(midway[70, 40].r, 20, "green's new pixels showed while it came in")
        let frames = server.framesUntilIdle()
        XCTAssertEqual(back?.outcome, .finished)
        assertFirstDesktop(try XCTUnwrap(frames.last), "back on 1")
        // And the amber window shows on 2 as it now is.
        try server.compositor.perform(.workspace(.number(2)))
        let last = try XCTUnwrap(server.framesUntilIdle().last)
        XCTAssertEqual(last[86, 46], amber)
    }
}
