import SegueEngine
import XCTest

final class BufferTransformTests: XCTestCase {
    /// A buffer stored bottom row first shows, under any transform, the point
    /// its upright twin shows mirrored top to bottom.
    func testRowsReversedShowsEachPointFromTheMirroredRow() {
        for raw in 0..<8 {
            let transform = BufferTransform(rawValue: raw)!
            for (s, t) in [(0.1, 0.2), (0.7, 0.4), (0.25, 0.9)] {
                let upright = transform.bufferPoint(s, t), stored = transform.rowsReversed.bufferPoint(s, t)
                XCTAssertEqual(stored.u, upright.u, accuracy: 1e-12, "\(transform) at (\(s), \(t))")
                XCTAssertEqual(stored.v, 1 - upright.v, accuracy: 1e-12, "\(transform) at (\(s), \(t))")
            }
            XCTAssertEqual(transform.rowsReversed.swapsSides, transform.swapsSides)
            XCTAssertEqual(transform.rowsReversed.rowsReversed, transform)
        }
    }
}
