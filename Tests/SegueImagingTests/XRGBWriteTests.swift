import SegueImaging
import XCTest

final class XRGBWriteTests: XCTestCase {
    func testARectangleIsWrittenAsBGRXRowsAtTheStride() {
        var image = RGBAImage(width: 6, height: 4, fill: RGBA(10, 20, 30, 40))
        image[2, 1] = RGBA(200, 100, 50, 0)
        image[4, 2] = RGBA(1, 2, 3, 4)
        let stride = 16
        var buffer = [UInt8](repeating: 7, count: stride * 3)
        buffer.withUnsafeMutableBytes { image.writeXRGB8888(x: 2, y: 1, width: 3, height: 2, into: $0.baseAddress!, stride: stride) }
        XCTAssertEqual(Array(buffer[0..<4]), [50, 100, 200, 255], "the rectangle's top left, B G R and an opaque X")
        XCTAssertEqual(Array(buffer[4..<8]), [30, 20, 10, 255])
        XCTAssertEqual(Array(buffer[stride + 8..<stride + 12]), [3, 2, 1, 255], "(4, 2), the second row's third pixel")
        XCTAssertEqual(Array(buffer[12..<16]), [7, 7, 7, 7], "the stride's padding untouched")
        XCTAssertEqual(Array(buffer[2 * stride..<3 * stride]), [UInt8](repeating: 7, count: stride), "no row past the rectangle")
    }
}
