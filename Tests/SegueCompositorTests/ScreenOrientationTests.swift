import CWaylandClient
import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// Rows top first through the running compositor: windows with a marker in one
/// corner, drawn directly, composed smaller or larger than the output, with
/// subsurfaces, and snapshotted by a retarget, all read back through `msg screenshot`
/// with the marker where the client drew it (recorded frames: CompositorLifecycleTests).
final class ScreenOrientationTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private let red = RGBA(255, 0, 0), green = RGBA(0, 160, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)
    private let background = RGBA(20, 20, 26)

    override func tearDown() {
        compositor?.stop()
    }

    private func connect() throws -> RawClient {
        try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
    }

    /// A compositor whose only window shows `image` from a raw client (XRGB, `unused`
    /// in each X byte), as `msg screenshot` reads it.
    private func screenshot(showing image: RGBAImage, unused: UInt8 = 255, format: wl_shm_format = WL_SHM_FORMAT_XRGB8888,
                            opaque: Bool = false) throws -> RGBAImage {
        compositor = try CompositorUnderTest()
        let client = try connect()
        let toplevel = try client.makeConfiguredToplevel()
        if opaque { client.setOpaque(toplevel.surface, width: Int32(image.width), height: Int32(image.height)) }
        try client.show(image, on: toplevel.surface, unused: unused, format: format)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        return try compositor.screenshot()
    }

    /// Each listed point of `shot` has its colour; the text names it in a failure.
    private func assertPixels(_ shot: RGBAImage, _ points: [(x: Int, y: Int, colour: RGBA, what: String)],
                              file: StaticString = #filePath, line: UInt = #line) {
        for point in points {
            XCTAssertEqual(shot[point.x, point.y], point.colour, "\(point.what) at (\(point.x), \(point.y))", file: file, line: line)
        }
    }

    func testAWindowOfTheOutputsSizeIsShownUpright() throws {
        compositor = try CompositorUnderTest()
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        SampleClientPicture.assertShown(RGBA(0x25, 0x63, 0xeb), in: try compositor.screenshot())
    }

    /// Copied as it is, XRGB's unused byte and all: the screenshot is still opaque.
    func testAnXrgbWindowOfTheOutputsSizeShowsOpaqueWhateverItsUnusedByteHolds() throws {
        let shot = try screenshot(showing: marked(width: 640, height: 360, fill: green, marker: red), unused: 0)
        XCTAssertEqual(shot[1, 1], red)
        XCTAssertEqual(shot[638, 358], green)
        XCTAssertTrue(shot.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "every alpha is 255")
    }

    func testASmallerWindowIsComposedCentredAndUpright() throws {
        let shot = try screenshot(showing: marked(width: 200, height: 100, fill: green, marker: red))
        // Centred on 640×360: the window spans (220, 130) to (419, 229).
        assertPixels(shot, [
            (221, 131, red, "the marker, top-left"),
            (228, 138, red, "the marker's bottom-right"),
            (232, 131, green, "right of the marker"),
            (418, 131, green, "top-right"),
            (221, 228, green, "bottom-left"),
            (418, 228, green, "bottom-right"),
            (219, 131, background, "left of the window"),
            (221, 129, background, "above the window"),
            (221, 230, background, "below the window"),
        ])
    }

    func testALargerWindowShowsItsTopLeftWithItsQuadrantsInPlace() throws {
        // 800×500, a colour per quadrant; on 640×360 its top left is the output's.
        var image = RGBAImage(width: 800, height: 500, fill: red)
        for y in 0..<500 {
            for x in 0..<800 where x >= 400 || y >= 250 {
                image[x, y] = y < 250 ? green : x < 400 ? blue : yellow
            }
        }
        let shot = try screenshot(showing: image)
        XCTAssertEqual(shot[1, 1], red, "top-left quadrant")
        XCTAssertEqual(shot[638, 1], green, "top-right quadrant")
        XCTAssertEqual(shot[1, 358], blue, "bottom-left quadrant")
        XCTAssertEqual(shot[638, 358], yellow, "bottom-right quadrant")
        // The quadrants meet at the buffer's centre, (400, 250), which is the output's too.
        XCTAssertEqual(shot[399, 249], red)
        XCTAssertEqual(shot[400, 249], green)
        XCTAssertEqual(shot[399, 250], blue)
        XCTAssertEqual(shot[400, 250], yellow)
    }

    func testSubsurfacesSitAtTheirOffsetsAboveTheirParentUpright() throws {
        compositor = try CompositorUnderTest()
        let client = try connect()
        let toplevel = try client.makeConfiguredToplevel()
        // A child at (40, 30) in the parent, and its own child at (10, 20) in it.
        let child = client.makeSubsurface(of: toplevel.surface, x: 40, y: 30)
        try client.show(marked(width: 100, height: 60, fill: green, marker: red), on: child.surface)
        let grandchild = client.makeSubsurface(of: child.surface, x: 10, y: 20)
        try client.show(RGBAImage(width: 20, height: 10, fill: yellow), on: grandchild.surface)
        wl_surface_commit(child.surface)
        try client.show(marked(width: 640, height: 360, fill: blue, marker: yellow, side: 8), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        let shot = try compositor.screenshot()
        assertPixels(shot, [
            (1, 1, yellow, "the parent's marker"),
            (10, 10, blue, "the parent"),
            (41, 31, red, "the child's marker at (40, 30)"),
            (39, 31, blue, "left of the child"),
            (41, 29, blue, "above the child"),
            (138, 88, green, "the child's bottom-right"),
            (140, 90, blue, "past the child"),
            (51, 51, yellow, "the grandchild at (50, 50)"),
            (69, 59, yellow, "the grandchild's bottom-right"),
            (71, 61, green, "past the grandchild, inside the child"),
        ])
    }

    /// A user effect that shows the source above the middle and the destination
    /// below (gl-transitions' uv has y up), and one that holds the source: switching
    /// mid-way through the first starts the second from a snapshot of that frame.
    func testARetargetStartsFromAnUprightSnapshotOfTheFrameOnScreen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-retarget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "vec4 transition(vec2 uv) { return progress >= 1.0 ? getToColor(uv) : uv.y > 0.5 ? getFromColor(uv) : getToColor(uv); }\n"
            .write(to: folder.appendingPathComponent("split.glsl"), atomically: true, encoding: .utf8)
        try "vec4 transition(vec2 uv) { return progress >= 1.0 ? getToColor(uv) : getFromColor(uv); }\n"
            .write(to: folder.appendingPathComponent("hold.glsl"), atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [transitions.open]
            effect = "none"

            [effects.split]
            shader = "split.glsl"
            duration = "5s"

            [effects.hold]
            shader = "hold.glsl"
            duration = "5s"
            """.write(to: config, atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest(arguments: ["--config", config.path])
        let one = RGBA(0x25, 0x63, 0xeb), two = RGBA(0xea, 0x58, 0x0c)
        try compositor.openOneAndTwo()

        XCTAssertTrue(try compositor.send(.switchWindow(target: .prev, effect: "split", wait: false)).ok)
        usleep(200_000)
        let split = try compositor.screenshot()
        SampleClientPicture.assertShown(two, in: split, width: 640, height: 180, marker: 36, "TWO's top half above")
        XCTAssertEqual(split[600, 300], one, "ONE's bottom half below")

        XCTAssertTrue(try compositor.send(.switchWindow(target: .next, effect: "hold", wait: false)).ok)
        usleep(200_000)
        let held = try compositor.screenshot()
        SampleClientPicture.assertShown(two, in: held, width: 640, height: 180, marker: 36, "the snapshot's top half")
        XCTAssertEqual(held[600, 300], one, "the snapshot's bottom half")
        XCTAssertEqual(held[1, 358], one)
    }

    /// foot prints a row of red cells, then a row of upper half blocks in green:
    /// the rows sit at the top, under foot's title bar, and each half block
    /// fills the top of its cell.
    func testFootsFirstRowsAreAtTheTopWithTheirGlyphsUpright() throws {
        compositor = try CompositorUnderTest()
        let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0)
        try compositor.launch("foot", ["-o", "colors.background=000000", "-o", "colors.regular1=ff0000",
                                       "-o", "colors.regular2=00ff00", "sh", "-c",
                                       "printf '\\033[41m        \\033[0m\\n\\033[32m\u{2580}\u{2580}\u{2580}\u{2580}\u{2580}\u{2580}\u{2580}\u{2580}\\033[0m\\n'; sleep 30"])
        _ = try compositor.waitForWindows(1, timeout: 30)
        var shot = try compositor.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while SampleClientPicture.bounds(of: green, in: shot) == nil && Date() < deadline {
            usleep(50_000)
            shot = try compositor.screenshot()
        }
        let cells = try XCTUnwrap(SampleClientPicture.bounds(of: red, in: shot), "the red cells show")
        let halves = try XCTUnwrap(SampleClientPicture.bounds(of: green, in: shot), "the half blocks show")
        // Under foot's own title bar, 26 pixels tall.
        XCTAssertGreaterThanOrEqual(cells.y, 26, "the first row is under the title bar: \(cells)")
        XCTAssertLessThan(cells.y, 36, "at the top: \(cells)")
        XCTAssertLessThan(cells.x, 10, "and starts at the left: \(cells)")
        XCTAssertEqual(halves.x, cells.x, "the second row starts where the first does")
        XCTAssertEqual(halves.y, cells.y + cells.height, "the half blocks start right below the first row: \(halves) under \(cells)")
        XCTAssertEqual(Double(halves.height), Double(cells.height) / 2, accuracy: 1, "and fill the top half of their cells")
        XCTAssertEqual(halves.width, cells.width)
    }

    /// GTK 3's widget factory opens with the text of its first entry selected:
    /// the selection's blue is at the top-left, under the header bar, and the
    /// notebooks' light tabs are along the bottom.
    func testAGtkApplicationIsUprightWithItsFirstEntryTopLeft() throws {
        compositor = try CompositorUnderTest(size: "1600x900")
        // GTK keeps caches and recent files under the XDG folders: those of the test's own runtime folder.
        let home = compositor.runtime.path
        try compositor.launch("gtk3-widget-factory", environment: [
            "GDK_BACKEND": "wayland", "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1",
            "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/data",
        ])
        _ = try compositor.waitForWindows(1, timeout: 30)
        let selection = RGBA(53, 132, 228)
        func share(of colour: RGBA, in shot: RGBAImage, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Double {
            let hits = y.reduce(0) { count, row in count + x.filter { shot[$0, row] == colour }.count }
            return Double(hits) / Double(x.count * y.count)
        }
        var shot = try compositor.screenshot()
        let deadline = Date().addingTimeInterval(15)
        while share(of: selection, in: shot, x: 24...100, y: 66...80) < 0.5 && Date() < deadline {
            usleep(100_000)
            shot = try compositor.screenshot()
        }
        XCTAssertGreaterThan(share(of: selection, in: shot, x: 24...100, y: 66...80), 0.5, "the selected entry text, top-left")
        XCTAssertLessThan(share(of: selection, in: shot, x: 24...100, y: 867...883), 0.1, "not at the bottom-left")
        XCTAssertLessThan(share(of: selection, in: shot, x: 1499...1575, y: 66...80), 0.1, "not at the top-right")
    }

    /// ARGB content with alpha below 1 is blended over the background; the same
    /// content under an opaque region covering it is taken at the client's word,
    /// alpha ignored and copied as it is (a fullscreen client that says so is
    /// composited by copy, not by blending).
    func testAnOpaqueRegionOverTheWholeBufferIgnoresItsAlpha() throws {
        let image = marked(width: 640, height: 360, fill: RGBA(200, 0, 0), marker: RGBA(0, 200, 0))
        let blended = try screenshot(showing: image, unused: 128, format: WL_SHM_FORMAT_ARGB8888)
        // Premultiplied at alpha 128: the background (20, 20, 26) shows at half strength.
        assertPixels(blended, [(600, 300, RGBA(210, 10, 13), "blended fill"), (2, 2, RGBA(10, 210, 13), "blended marker")])
        compositor.stop()
        let opaque = try screenshot(showing: image, unused: 128, format: WL_SHM_FORMAT_ARGB8888, opaque: true)
        assertPixels(opaque, [(600, 300, RGBA(200, 0, 0), "fill"), (2, 2, RGBA(0, 200, 0), "marker"),
                              (12, 12, RGBA(200, 0, 0), "past the marker")])
    }
}
