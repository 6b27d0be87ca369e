import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// With free placement a window opens and closes with its effect over its
/// desktop, where it is placed: the desktop around it stays as it is, the
/// window under it shows through as it fades, and a window under another
/// closes with its effect too. A close draws the window's last picture.
/// Both windows carry a marker at their top left, so a flip or an offset fails.
final class FreeOpenCloseTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var redWindow: RawToplevel!
    private let wallpaper = RGBA(0, 0, 160), red = RGBA(220, 0, 0), green = RGBA(0, 180, 0)
    private let white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)

    /// 96×54 over a blue wallpaper; opens and closes crossfade over 100 ms
    /// (six frames at 60 Hz), linear; red (32×18, white marker) at (4, 12).
    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .free, width: 96, height: 54, stepped: true, config: """
            [transitions.open]
            effect = "crossfade"
            duration = "100ms"
            easing = "linear"
            """)
        client = try server.connect()
        try client.showWallpaper(wallpaper, width: 96, height: 54)
        redWindow = try server.placedWindow(client, marked(width: 32, height: 18, fill: red, marker: white, side: 6), x: 4, y: 12)
        _ = server.framesUntilIdle()
    }

    override func tearDown() { server?.stop() }

    /// Green (40×24, black marker) at (20, 20): over red's right part.
    private func openGreen() throws -> (RawToplevel, [RGBAImage]) {
        let toplevel = try server.placedWindow(client, marked(width: 40, height: 24, fill: green, marker: black, side: 6), x: 20, y: 20)
        return (toplevel, server.framesUntilIdle())
    }

    func testAWindowFadesInWhereItIsPlacedOverTheWindowUnderIt() throws {
        let (_, frames) = try openGreen()
        XCTAssertEqual(frames.count, 7, "its first frame, then 100 ms at 60 Hz: it played, not shown at once")
        // (30, 26) is green over red; (50, 40) green over the wallpaper; (8, 20) red, which green does not cover.
        let overRed = frames.map { $0[30, 26] }, overWallpaper = frames.map { $0[50, 40] }
        XCTAssertEqual(zip(overRed, overRed.dropFirst()).filter { $1.g < $0.g || $1.r > $0.r }.count, 0, "green comes in over red: \(overRed)")
        XCTAssertGreaterThan(overRed[2].r, 40, "red shows through mid-way: \(overRed[2])")
        XCTAssertGreaterThan(overRed[2].g, 40, "green mid-way: \(overRed[2])")
        XCTAssertGreaterThan(overWallpaper[2].b, 30, "the wallpaper shows through mid-way: \(overWallpaper[2])")
        for frame in frames {
            XCTAssertEqual(frame[8, 20], red, "red outside green stays as it is")
            XCTAssertEqual(frame[90, 5], wallpaper, "the desktop around stays as it is")
        }
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[21, 21], black, "green's marker at its top left")
        XCTAssertEqual(last[58, 42], green)
        XCTAssertEqual(last[30, 26], green)
        XCTAssertEqual(last[5, 13], white, "red's marker")
    }

    func testAClosingWindowFadesOutAsItsLastPictureWhereItWas() throws {
        let (green, _) = try openGreen()
        xdg_toplevel_destroy(green.toplevel)
        wl_surface_destroy(green.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 7, "it played")
        let marker = frames.map { $0[21, 21] }
        XCTAssertEqual(marker.first.map { $0.b < 60 && $0.r < 60 && $0.g < 60 }, true, "its marker, as it was, in the first frame: \(marker)")
        XCTAssertEqual(zip(marker, marker.dropFirst()).filter { $1.r < $0.r }.count, 0, "red comes back under it: \(marker)")
        XCTAssertGreaterThan(frames[3][50, 40].g, 20, "green fading mid-way: \(frames[3][50, 40])")
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[30, 26], red, "red where green was")
        XCTAssertEqual(last[50, 40], wallpaper)
        XCTAssertEqual(last[5, 13], white)
    }

    func testAWindowUnderAnotherThatNothingCoversClosesWithItsEffectToo() throws {
        // Green (30×10) at (60, 2), on top, clear of red.
        _ = try server.placedWindow(client, marked(width: 30, height: 10, fill: green, marker: black, side: 4), x: 60, y: 2)
        _ = server.framesUntilIdle()
        xdg_toplevel_destroy(redWindow.toplevel)
        wl_surface_destroy(redWindow.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 7, "the window under plays its close")
        XCTAssertGreaterThan(frames[3][8, 20].r, 40, "red fading mid-way: \(frames[3][8, 20])")
        XCTAssertGreaterThan(frames[3][8, 20].b, 40, "the wallpaper showing through: \(frames[3][8, 20])")
        for frame in frames { XCTAssertEqual(frame[61, 3], black, "green's marker stays as it is") }
        XCTAssertEqual(frames.last?[8, 20], wallpaper, "gone")
    }

    func testAWindowCoveredInPartByOneAboveItGoesAtOnce() throws {
        _ = try openGreen()
        xdg_toplevel_destroy(redWindow.toplevel)
        wl_surface_destroy(redWindow.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 1, "drawn over the desktop, its close would cover the window above it")
        XCTAssertEqual(frames.last?[8, 20], wallpaper)
        XCTAssertEqual(frames.last?[30, 26], green)
        XCTAssertEqual(frames.last?[21, 21], black)
    }
}
