import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// Screen capture's readback: rows top first in XRGB8888's byte order, X the
/// frame's alpha, and a read of some rows leaves the others as they were.
final class FrameReadbackTests: XCTestCase {
    /// A target showing `image`.
    private func target(showing image: RGBAImage) throws -> RenderTarget {
        let renderer = try RenderFixture.renderer()
        let texture = try Texture(image: image)
        let target = try RenderTarget(width: image.width, height: image.height)
        renderer.copy(texture, into: target)
        return target
    }

    /// The pixel at (x, y) of a picture read back, as (B, G, R, X).
    private func bgrx(_ pixels: UnsafeRawBufferPointer, width: Int, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(pixels[offset..<offset + 4])
    }

    func testAFrameReadsBackTopRowFirstInXRGBOrder() throws {
        var image = RGBAImage(width: 64, height: 32, fill: RGBA(10, 20, 30))
        image.fill(RGBA(250, 200, 0), x: 0, y: 0, width: 4, height: 4)
        image.fill(RGBA(0, 0, 255), x: 60, y: 28, width: 4, height: 4)
        let shown = try target(showing: image), readback = FrameReadback(width: 64, height: 32)
        readback.start(from: shown, rows: [0..<32])
        readback.withPixels { pixels in
            XCTAssertEqual(pixels.count, 64 * 32 * 4)
            guard pixels.count == 64 * 32 * 4 else { return }
            XCTAssertEqual(bgrx(pixels, width: 64, 1, 1), [0, 200, 250, 255], "the marker, top left")
            XCTAssertEqual(bgrx(pixels, width: 64, 62, 30), [255, 0, 0, 255], "blue, bottom right")
            XCTAssertEqual(bgrx(pixels, width: 64, 30, 15), [30, 20, 10, 255])
        }
    }

    func testReadingSomeRowsKeepsTheOthersAsLastRead() throws {
        let first = RGBAImage(width: 64, height: 32, fill: RGBA(10, 20, 30))
        var second = first
        second.fill(RGBA(250, 200, 0), x: 8, y: 4, width: 8, height: 4)
        second.fill(RGBA(0, 200, 0), x: 8, y: 20, width: 8, height: 4)
        let shown = try target(showing: first), readback = FrameReadback(width: 64, height: 32)
        readback.start(from: shown, rows: [0..<32])
        readback.start(from: try target(showing: second), rows: [4..<8])
        readback.withPixels { pixels in
            guard pixels.count == 64 * 32 * 4 else { return XCTFail("nothing mapped") }
            XCTAssertEqual(bgrx(pixels, width: 64, 10, 5), [0, 200, 250, 255], "the band read again")
            XCTAssertEqual(bgrx(pixels, width: 64, 10, 21), [30, 20, 10, 255], "a band not read again keeps the first frame")
        }
    }
}
