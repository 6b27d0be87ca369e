import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A window larger than the output keeps the top left of its window geometry
/// (not its shadow) on screen, so its title bar and first column stay
/// reachable; it is centred only on an axis where it fits, and input lands
/// where it is drawn.
final class OversizedWindowTests: XCTestCase {
    private var server: InProcessCompositor!
    private let fill = RGBA(0, 0, 200), marker = RGBA(220, 0, 0), shadow = RGBA(90, 90, 90)

    override func tearDown() {
        server?.stop()
    }

    /// A `width`×`height` buffer of `shadow` with `geometry` (in buffer
    /// pixels) filled, and a `side`-pixel marker at the geometry's top left.
    private func picture(width: Int, height: Int, geometry: PixelRect, side: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: shadow)
        image.fill(fill, x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height)
        image.fill(marker, x: geometry.x, y: geometry.y, width: side, height: side)
        return image
    }

    /// Shows a window of `surfaceSize` surface units with `geometry` (in
    /// surface units) at buffer scale `scale`; the screen, and where on the
    /// surface the pointer entered from output pixel `pointer`.
    private func show(surfaceSize: (width: Int, height: Int), geometry: PixelRect, scale: Int,
                      pointer at: (x: Double, y: Double) = (5.5, 5.5)) throws -> (screen: RGBAImage, entered: (x: Double, y: Double)?) {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        client.setWindowGeometry(toplevel, x: Int32(geometry.x), y: Int32(geometry.y),
                                 width: Int32(geometry.width), height: Int32(geometry.height))
        wl_surface_set_buffer_scale(toplevel.surface, Int32(scale))
        let inPixels = PixelRect(x: geometry.x * scale, y: geometry.y * scale, width: geometry.width * scale, height: geometry.height * scale)
        try client.show(picture(width: surfaceSize.width * scale, height: surfaceSize.height * scale, geometry: inPixels,
                                side: 10 * scale), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        server.inject(.pointerMotion(time: 1, x: at.x, y: at.y))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        guard case .enter(toplevel.surface, let x, let y)? = pointer.events.last else { return (screen, nil) }
        return (screen, (x, y))
    }

    func testAWindowOneAndAHalfTimesTheOutputShowsItsGeometrysTopLeft() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
        let (screen, entered) = try show(surfaceSize: (1000, 600), geometry: PixelRect(x: 20, y: 24, width: 960, height: 540), scale: 1)
        XCTAssertEqual(screen[0, 0], marker, "the geometry's top left at the output's")
        XCTAssertEqual(screen[9, 9], marker)
        XCTAssertEqual(screen[10, 10], fill)
        XCTAssertEqual(screen[639, 359], fill, "the rest runs off the bottom right")
        XCTAssertEqual(entered?.x, 25.5, "input lands where it is drawn")
        XCTAssertEqual(entered?.y, 29.5)
    }

    func testAtScale2TheTopLeftShowsToo() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, scale: 2)
        // 320x180 surface units on the output; a 480x270 geometry is 1.5 times that.
        let (screen, entered) = try show(surfaceSize: (500, 290), geometry: PixelRect(x: 10, y: 10, width: 480, height: 270), scale: 2)
        XCTAssertEqual(screen[0, 0], marker)
        XCTAssertEqual(screen[19, 19], marker)
        XCTAssertEqual(screen[20, 20], fill)
        XCTAssertEqual(screen[639, 359], fill)
        XCTAssertEqual(entered?.x, 12.75, "surface units: the shadow's 10, then 2.75")
        XCTAssertEqual(entered?.y, 12.75)
    }

    func testAWindowTooWideButNotTooTallIsCentredOnlyVertically() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
        let (screen, entered) = try show(surfaceSize: (1000, 240), geometry: PixelRect(x: 20, y: 20, width: 960, height: 200), scale: 1,
                                         pointer: (5.5, 85.5))
        // Left edge on the output's; (360 - 200) / 2 = 80 from the top.
        XCTAssertEqual(screen[0, 80], marker)
        XCTAssertEqual(screen[9, 89], marker)
        XCTAssertEqual(screen[0, 79], shadow, "its shadow above the geometry")
        XCTAssertEqual(screen[0, 60], shadow)
        XCTAssertEqual(screen[0, 59], RGBA(20, 20, 26), "the background above the surface")
        XCTAssertEqual(screen[639, 279], fill)
        XCTAssertEqual(screen[639, 280], shadow)
        XCTAssertEqual(entered?.x, 25.5)
        XCTAssertEqual(entered?.y, 25.5, "the surface's top at 60")
    }
}
