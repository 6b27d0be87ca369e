import SegueEngine
import SegueTestSupport
import XCTest

/// Damage carried between spaces: a surface's units to its buffer's pixels
/// (scale, then the buffer's transform), a texture's texels to the output
/// pixels it is drawn over (transform undone, crop, stretch), and the output
/// to EGL's rows. The rectangles are lopsided (a marker near one corner, of
/// unequal sides) so that a mirror, a swap of sides or a lost offset lands
/// somewhere else and fails.
final class DamageConversionTests: XCTestCase {
    private static let transforms: [BufferTransform] = [.normal, .turned90, .turned180, .turned270,
                                                        .flipped, .flipped90, .flipped180, .flipped270]

    /// A surface 40 wide and 20 high at scale 1, and the marker near its top
    /// left: x 4..<12 (0.1...0.3 of the width), y 1..<4 (0.05...0.2 of the height).
    private static let surface = (width: 40, height: 20)
    private static let marker = PixelRect(x: 4, y: 1, width: 8, height: 3)

    /// The buffer of `surface` under `transform`: its sides swapped where the transform turns it a quarter.
    private func bufferSize(of surface: (width: Int, height: Int), _ transform: BufferTransform) -> (width: Int, height: Int) {
        transform.swapsSides ? (surface.height, surface.width) : surface
    }

    /// Where the marker lands in the buffer under `transform`, at scale 1.
    private func markerInBuffer(_ transform: BufferTransform) -> [PixelRect]? {
        SurfaceDamage([Self.marker]).inBuffer(size: bufferSize(of: Self.surface, transform), scale: 1, transform: transform).rects
    }

    // MARK: Surface to buffer

    /// Scale 2: each unit is two pixels each way, and a rectangle past the
    /// surface's edge is cut to it first, so nothing lands outside the buffer.
    func testSurfaceDamageAtScale2DoublesAndIsCutToTheBuffer() {
        let size = (width: 200, height: 100)
        XCTAssertEqual(SurfaceDamage([PixelRect(x: 10, y: 5, width: 20, height: 10)]).inBuffer(size: size, scale: 2, transform: .normal).rects,
                       [PixelRect(x: 20, y: 10, width: 40, height: 20)])
        XCTAssertEqual(SurfaceDamage([PixelRect(x: 90, y: 40, width: 20, height: 20)]).inBuffer(size: size, scale: 2, transform: .normal).rects,
                       [PixelRect(x: 180, y: 80, width: 20, height: 20)], "past the edge: cut to 100×50 units")
        XCTAssertEqual(SurfaceDamage([PixelRect(x: 120, y: 0, width: 5, height: 5)]).inBuffer(size: size, scale: 2, transform: .normal),
                       .none, "wholly outside: nothing")
    }

    /// A buffer of odd pixels at scale 2 ends in half a unit: the last unit
    /// is cut to the one pixel the buffer has.
    func testSurfaceDamageAtScale2IsCutToAnOddBuffersLastPixel() {
        XCTAssertEqual(SurfaceDamage([PixelRect(x: 100, y: 50, width: 5, height: 5)]).inBuffer(size: (201, 101), scale: 2, transform: .normal).rects,
                       [PixelRect(x: 200, y: 100, width: 1, height: 1)])
    }

    /// Scale first, then the turn: 20×10 units at scale 2 are 40×20 pixels,
    /// held in a 20×40 buffer turned a quarter; (u, v) = (t, 1 - s).
    func testSurfaceDamageAtScale2Turned90IsScaledThenTurned() {
        let damage = SurfaceDamage([PixelRect(x: 2, y: 0, width: 4, height: 2), PixelRect(x: 15, y: 5, width: 20, height: 20)])
        // (2, 0, 4, 2) units: pixels (4, 0, 8, 4), s 0.1...0.3, t 0...0.2: u 0...0.2, v 0.7...0.9.
        // (15, 5, 20, 20) units, cut to (15, 5, 5, 5): pixels (30, 10, 10, 10), s 0.75...1, t 0.5...1: u 0.5...1, v 0...0.25.
        XCTAssertEqual(damage.inBuffer(size: (20, 40), scale: 2, transform: .turned90).rects,
                       [PixelRect(x: 0, y: 28, width: 4, height: 8), PixelRect(x: 10, y: 0, width: 10, height: 10)])
    }

    /// Nothing stays nothing and everything everything, under any transform.
    func testSurfaceDamageNoneAndEverywhereStayTheSameInTheBuffer() {
        for transform in Self.transforms {
            XCTAssertEqual(SurfaceDamage.none.inBuffer(size: (40, 20), scale: 2, transform: transform), .none, "\(transform)")
            XCTAssertEqual(SurfaceDamage.everywhere.inBuffer(size: (40, 20), scale: 2, transform: transform), .everywhere, "\(transform)")
        }
    }

    // Each transform: the marker at s 0.1...0.3, t 0.05...0.2 of a 40×20
    // surface, through `bufferPoint`'s (u, v), in a 40×20 buffer or, turned a
    // quarter, a 20×40 one.

    /// (u, v) = (s, t): where it is.
    func testSurfaceDamageNormalLandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.normal), [PixelRect(x: 4, y: 1, width: 8, height: 3)])
    }

    /// (u, v) = (t, 1 - s): u 0.05...0.2 of 20, v 0.7...0.9 of 40.
    func testSurfaceDamageTurned90LandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.turned90), [PixelRect(x: 1, y: 28, width: 3, height: 8)])
    }

    /// (u, v) = (1 - s, 1 - t): u 0.7...0.9 of 40, v 0.8...0.95 of 20.
    func testSurfaceDamageTurned180LandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.turned180), [PixelRect(x: 28, y: 16, width: 8, height: 3)])
    }

    /// (u, v) = (1 - t, s): u 0.8...0.95 of 20, v 0.1...0.3 of 40.
    func testSurfaceDamageTurned270LandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.turned270), [PixelRect(x: 16, y: 4, width: 3, height: 8)])
    }

    /// (u, v) = (1 - s, t): u 0.7...0.9 of 40, v 0.05...0.2 of 20.
    func testSurfaceDamageFlippedLandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.flipped), [PixelRect(x: 28, y: 1, width: 8, height: 3)])
    }

    /// (u, v) = (t, s): u 0.05...0.2 of 20, v 0.1...0.3 of 40.
    func testSurfaceDamageFlipped90LandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.flipped90), [PixelRect(x: 1, y: 4, width: 3, height: 8)])
    }

    /// (u, v) = (s, 1 - t): u 0.1...0.3 of 40, v 0.8...0.95 of 20.
    func testSurfaceDamageFlipped180LandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.flipped180), [PixelRect(x: 4, y: 16, width: 8, height: 3)])
    }

    /// (u, v) = (1 - t, 1 - s): u 0.8...0.95 of 20, v 0.7...0.9 of 40.
    func testSurfaceDamageFlipped270LandsWhereTheBufferHoldsIt() {
        XCTAssertEqual(markerInBuffer(.flipped270), [PixelRect(x: 16, y: 28, width: 3, height: 8)])
    }

    /// `surfacePoint` undoes `bufferPoint` (and only the right inverse does:
    /// the point is off every diagonal).
    func testSurfacePointUndoesBufferPoint() {
        for transform in Self.transforms {
            let (u, v) = transform.bufferPoint(0.1, 0.3)
            let (s, t) = transform.surfacePoint(u, v)
            XCTAssertEqual(s, 0.1, accuracy: 1e-12, "\(transform)")
            XCTAssertEqual(t, 0.3, accuracy: 1e-12, "\(transform)")
        }
    }

    // MARK: Buffer to output

    /// A surface's damage carried into its buffer, then from the buffer onto
    /// the output where the surface is drawn at its pixel size (pixel for
    /// pixel, so nothing grows), is the surface's pixels again, exactly,
    /// under every transform and scale.
    func testSurfaceDamageThroughItsBufferOntoTheOutputIsTheSurfacesPixels() {
        let units = (width: 20, height: 10)
        let damage = SurfaceDamage([PixelRect(x: 1, y: 0, width: 3, height: 2), PixelRect(x: 15, y: 6, width: 4, height: 3)])
        for scale in [1, 2] {
            let pixels = (width: units.width * scale, height: units.height * scale)
            let drawn = PixelRect(x: 100, y: 50, width: pixels.width, height: pixels.height)
            let expected = OutputDamage((damage.rects ?? []).map {
                PixelRect(x: drawn.x + $0.x * scale, y: drawn.y + $0.y * scale, width: $0.width * scale, height: $0.height * scale)
            })
            for transform in Self.transforms {
                let size = bufferSize(of: pixels, transform)
                let inBuffer = damage.inBuffer(size: size, scale: scale, transform: transform)
                XCTAssertEqual(inBuffer.onOutput(textureSize: size, drawnOver: drawn, transform: transform), expected,
                               "\(transform) at scale \(scale)")
            }
        }
    }

    /// Drawn pixel for pixel (at its size, uncropped), a texture's texels
    /// are the output's pixels, only moved to where it is drawn: nothing
    /// is filtered into the pixels around them.
    func testATextureDrawnPixelForPixelLandsOnlyWhereItsTexelsChanged() {
        let damage = BufferDamage([PixelRect(x: 2, y: 1, width: 8, height: 3), PixelRect(x: 39, y: 19, width: 1, height: 1)])
        XCTAssertEqual(damage.onOutput(textureSize: (40, 20), drawnOver: PixelRect(x: 100, y: 50, width: 40, height: 20)).rects,
                       [PixelRect(x: 102, y: 51, width: 8, height: 3), PixelRect(x: 139, y: 69, width: 1, height: 1)])
    }

    /// A 40×20 texture drawn over 80×40 covers two pixels a texel, and each
    /// texel is filtered into the pixels of its neighbours: each rectangle
    /// grows by a texel on every side first (cut to the texture), then doubles.
    /// At 1.5 pixels a texel: the whole pixels covering the grown texels' image.
    func testATextureStretchedOverTwiceItsSizeLandsTwiceAsLargeAndATexelWider() {
        let damage = BufferDamage([PixelRect(x: 2, y: 1, width: 8, height: 3), PixelRect(x: 39, y: 19, width: 1, height: 1)])
        // (2, 1, 8, 3) grows to (1, 0, 10, 5): pixels (2, 0, 20, 10). (39, 19, 1, 1) grows to (38, 18, 2, 2) in the texture: (76, 36, 4, 4).
        XCTAssertEqual(damage.onOutput(textureSize: (40, 20), drawnOver: PixelRect(x: 100, y: 50, width: 80, height: 40)).rects,
                       [PixelRect(x: 102, y: 50, width: 20, height: 10), PixelRect(x: 176, y: 86, width: 4, height: 4)])
        XCTAssertEqual(BufferDamage([PixelRect(x: 1, y: 1, width: 1, height: 1)])
            .onOutput(textureSize: (40, 20), drawnOver: PixelRect(x: 100, y: 50, width: 60, height: 30)).rects,
                       [PixelRect(x: 100, y: 50, width: 5, height: 5)], "texels 0..<3 cover pixels 0..<4.5: pixels 0 to 4")
    }

    /// A crop of the top-right quarter (0.5, 0, 0.5, 0.5) of a 100×100
    /// texture drawn over 50×50 at (10, 20), so stretched twice and grown a
    /// texel: texels in the quarter land shifted, those outside it nowhere,
    /// those across its edge cut to the rect.
    func testACropOfAQuarterLandsWithinTheRectDrawnOver() {
        let rect = PixelRect(x: 10, y: 20, width: 50, height: 50)
        let crop = SIMD4<Double>(0.5, 0, 0.5, 0.5)
        func placed(_ texels: PixelRect) -> [PixelRect]? {
            BufferDamage([texels]).onOutput(textureSize: (100, 100), drawnOver: rect, crop: crop).rects
        }
        // (60, 10, 20, 20) grows to (59, 9, 22, 22): s 0.59...0.81, t 0.09...0.31 of the surface, 0.18...0.62 of the quarter.
        XCTAssertEqual(placed(PixelRect(x: 60, y: 10, width: 20, height: 20)), [PixelRect(x: 19, y: 29, width: 22, height: 22)])
        XCTAssertEqual(placed(PixelRect(x: 0, y: 80, width: 10, height: 10)), [], "outside the crop: nothing")
        // (90, 40, 10, 20) grows to (89, 39, 11, 22) in the texture: 0.78...1 across, 0.78...1.22 down the quarter.
        XCTAssertEqual(placed(PixelRect(x: 90, y: 40, width: 10, height: 20)), [PixelRect(x: 49, y: 59, width: 11, height: 11)],
                       "across the crop's bottom: cut to the rect")
        XCTAssertEqual(placed(PixelRect(x: 0, y: 0, width: 100, height: 100)), [rect], "the whole texture: the whole rect")
    }

    /// The crop is of the surface the buffer shows, after its transform is
    /// undone: a buffer turned a quarter, cropped to the surface's top-right
    /// quarter, puts the surface's damage there where it is in the quarter
    /// (a texel wider each way, the quarter being stretched).
    func testACropOfATurnedBufferIsTakenOfTheSurfaceItShows() {
        // A 40×20 surface in a 20×40 buffer; the quarter is x 20..<40, y 0..<10, drawn over 20×10 at the origin.
        let inBuffer = SurfaceDamage([PixelRect(x: 24, y: 2, width: 8, height: 4)]).inBuffer(size: (20, 40), scale: 1, transform: .turned90)
        XCTAssertEqual(inBuffer.rects, [PixelRect(x: 2, y: 8, width: 4, height: 8)])
        // Grown to (1, 7, 6, 10): u 0.05...0.35, v 0.175...0.425; s = 1 - v, t = u; of the quarter 0.15...0.65 across, 0.1...0.7 down.
        XCTAssertEqual(inBuffer.onOutput(textureSize: (20, 40), drawnOver: PixelRect(x: 0, y: 0, width: 20, height: 10), transform: .turned90,
                                         crop: SIMD4(0.5, 0, 0.5, 0.5)).rects,
                       [PixelRect(x: 3, y: 1, width: 10, height: 6)])
    }

    /// Everything of a texture is all of the rect it is drawn over, whatever
    /// the crop or transform; nothing stays nothing.
    func testTextureDamageEverywhereIsTheWholeRectDrawnOver() {
        let rect = PixelRect(x: 7, y: 9, width: 30, height: 11)
        for transform in Self.transforms {
            XCTAssertEqual(BufferDamage.everywhere.onOutput(textureSize: (40, 20), drawnOver: rect, transform: transform,
                                                            crop: SIMD4(0.25, 0.5, 0.5, 0.25)), OutputDamage([rect]), "\(transform)")
            XCTAssertEqual(BufferDamage.none.onOutput(textureSize: (40, 20), drawnOver: rect, transform: transform), .none, "\(transform)")
        }
    }

    // MARK: Output to EGL's rows

    /// Counted from the bottom of a 100-high output, a rectangle's rows
    /// start at 100 - y - height; a frame drawn with its top in the first
    /// row keeps its rows; everything stays everything.
    func testOutputDamageInEGLRowsFlipsYFromTheBottom() {
        let damage = OutputDamage([PixelRect(x: 10, y: 5, width: 20, height: 30), PixelRect(x: 60, y: 90, width: 5, height: 10)])
        XCTAssertEqual(damage.inEGLRows(height: 100, topInFirstRow: false).rects,
                       [PixelRect(x: 10, y: 65, width: 20, height: 30), PixelRect(x: 60, y: 0, width: 5, height: 10)])
        XCTAssertEqual(damage.inEGLRows(height: 100, topInFirstRow: true).rects, damage.rects)
        XCTAssertTrue(OutputDamage.everywhere.inEGLRows(height: 100, topInFirstRow: false).isEverywhere)
        XCTAssertTrue(OutputDamage.none.inEGLRows(height: 100, topInFirstRow: false).isEmpty)
    }

    // MARK: The cap, through a conversion

    /// 100 random surface rectangles carried into the buffer under each
    /// transform and scale: never more than the limit, none overlapping,
    /// and every pixel of every rectangle added (as the buffer holds it) covered.
    func testRandomSurfaceDamageInTheBufferStaysFewApartAndCovered() {
        var generator = SeededGenerator(seed: 0x5e9e)
        let units = (width: 60, height: 40)
        for scale in [1, 2] {
            for transform in Self.transforms {
                let size = bufferSize(of: (units.width * scale, units.height * scale), transform)
                var damage = SurfaceDamage.none
                var added: [PixelRect] = []
                for _ in 0..<100 {
                    let rect = PixelRect(x: Int.random(in: -5..<units.width, using: &generator), y: Int.random(in: -5..<units.height, using: &generator),
                                         width: Int.random(in: 1...12, using: &generator), height: Int.random(in: 1...12, using: &generator))
                    damage.add(rect)
                    added.append(rect)
                }
                let rects = damage.inBuffer(size: size, scale: scale, transform: transform).rects ?? []
                XCTAssertLessThanOrEqual(rects.count, BufferDamage.limit, "\(transform) at scale \(scale)")
                for (i, first) in rects.enumerated() {
                    for second in rects.dropFirst(i + 1) { XCTAssertNil(first.clipped(to: second), "\(first) overlaps \(second)") }
                }
                let buffer = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
                for rect in rects { XCTAssertEqual(rect.clipped(to: buffer), rect, "\(rect) spills out of the buffer") }
                var covered = [Bool](repeating: false, count: size.width * size.height)
                for rect in rects.compactMap({ $0.clipped(to: buffer) }) {
                    for y in rect.y..<rect.y + rect.height { for x in rect.x..<rect.x + rect.width { covered[y * size.width + x] = true } }
                }
                for rect in added {
                    for held in (SurfaceDamage([rect]).inBuffer(size: size, scale: scale, transform: transform).rects ?? []).compactMap({ $0.clipped(to: buffer) }) {
                        let missed = (held.y..<held.y + held.height).contains { y in
                            (held.x..<held.x + held.width).contains { x in !covered[y * size.width + x] }
                        }
                        XCTAssertFalse(missed, "\(rect) as \(held) not covered under \(transform) at scale \(scale)")
                    }
                }
            }
        }
    }
}
