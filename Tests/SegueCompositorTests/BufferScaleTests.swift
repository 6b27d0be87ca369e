import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A buffer at scale N shows at 1/N of its size in output pixels (Segue
/// advertises scale 1), centred like any window smaller than the output, and
/// takes input in surface units.
final class BufferScaleTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 640, height = 360
    private let fill = RGBA(0, 0, 200), marker = RGBA(220, 0, 0), background = RGBA(20, 20, 26)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
    }

    override func tearDown() {
        server?.stop()
    }

    func testAScale2BufferOfTheOutputsSizeShowsAtHalfItsSizeCentred() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(marked(width: width, height: height, fill: fill, marker: marker, side: 20), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        // 320x180 at (160, 90); the 20-pixel marker in the buffer's top left is 10 pixels on screen.
        XCTAssertEqual(screen[160, 90], marker)
        XCTAssertEqual(screen[169, 99], marker)
        XCTAssertEqual(screen[170, 100], fill)
        XCTAssertEqual(screen[479, 269], fill, "the bottom-right corner")
        XCTAssertEqual(screen[159, 90], background)
        XCTAssertEqual(screen[480, 269], background)
        XCTAssertEqual(screen[479, 270], background)

        server.inject(.pointerMotion(time: 1, x: 165.5, y: 95.25))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        XCTAssertEqual(pointer.events.last, .enter(toplevel.surface, x: 5.5, y: 5.25), "surface units from its top left")
    }
}

/// A buffer the client turned or mirrored (wl_surface.set_buffer_transform)
/// shows with that undone: whatever the transform, the picture is upright.
final class BufferTransformTests: XCTestCase {
    func testEveryTransformShowsThePictureUpright() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
        defer { server.stop() }
        let red = RGBA(220, 0, 0), green = RGBA(0, 200, 0), fill = RGBA(0, 0, 200), background = RGBA(20, 20, 26)
        var picture = RGBAImage(width: 200, height: 120, fill: fill)
        picture.fill(red, x: 0, y: 0, width: 20, height: 20)
        picture.fill(green, x: 180, y: 0, width: 20, height: 20)
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        for transform in 0..<8 {
            // As wl_output.transform says a client does it: mirrored about the vertical axis first, then turned counter-clockwise.
            var buffer = transform >= 4 ? Self.mirrored(picture) : picture
            for _ in 0..<(transform % 4) { buffer = Self.turnedCounterClockwise(buffer) }
            wl_surface_set_buffer_transform(toplevel.surface, Int32(transform))
            try client.show(buffer, on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
            let screen = try server.screen()
            // 200x120 centred: from (220, 120).
            XCTAssertEqual(screen[225, 125], red, "transform \(transform): top left")
            XCTAssertEqual(screen[415, 125], green, "transform \(transform): top right")
            XCTAssertEqual(screen[225, 235], fill, "transform \(transform): bottom left")
            XCTAssertEqual(screen[415, 235], fill, "transform \(transform): bottom right")
            XCTAssertEqual(screen[219, 125], background, "transform \(transform): left of the window")
            XCTAssertEqual(screen[420, 239], background, "transform \(transform): right of the window")
            XCTAssertEqual(screen[419, 240], background, "transform \(transform): below the window")
        }
    }

    func testANewTransformRenewsTheWholeBufferWhateverItsDamage() throws {
        // The picture looks the same to the client, so it damages one pixel; every buffer pixel moved.
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
        defer { server.stop() }
        let red = RGBA(220, 0, 0), green = RGBA(0, 200, 0), fill = RGBA(0, 0, 200)
        var picture = RGBAImage(width: 200, height: 120, fill: fill)
        picture.fill(red, x: 0, y: 0, width: 20, height: 20)
        picture.fill(green, x: 180, y: 0, width: 20, height: 20)
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_transform(toplevel.surface, Int32(WL_OUTPUT_TRANSFORM_180.rawValue))
        try client.show(Self.turnedCounterClockwise(Self.turnedCounterClockwise(picture)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        XCTAssertEqual(try server.screen()[225, 125], red)
        wl_surface_set_buffer_transform(toplevel.surface, Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
        try client.show(picture, on: toplevel.surface, damage: PixelRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[225, 125], red, "top left")
        XCTAssertEqual(screen[415, 125], green, "top right")
        XCTAssertEqual(screen[415, 235], fill, "bottom right")
    }

    /// The image mirrored about its vertical axis.
    private static func mirrored(_ image: RGBAImage) -> RGBAImage {
        var result = image
        for y in 0..<image.height {
            for x in 0..<image.width { result[x, y] = image[image.width - 1 - x, y] }
        }
        return result
    }

    /// The image turned a quarter counter-clockwise: its top row becomes its left column, read upwards.
    private static func turnedCounterClockwise(_ image: RGBAImage) -> RGBAImage {
        var result = RGBAImage(width: image.height, height: image.width, fill: RGBA(0, 0, 0))
        for y in 0..<result.height {
            for x in 0..<result.width { result[x, y] = image[image.width - 1 - y, x] }
        }
        return result
    }
}
