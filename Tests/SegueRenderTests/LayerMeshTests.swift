@testable import SegueRender
import XCTest

/// The meshes layers are drawn over, without GL: rectangles llvmpipe takes as
/// rectangles (texture points exactly in one plane), and turned frames as a
/// few triangles, clipped to the output, covering exactly the frame's pixels.
final class LayerMeshTests: XCTestCase {
    private typealias Point = SIMD2<Double>

    func testARectanglesFourthTexturePointIsExactlyTheParallelogramOfTheOtherThree() {
        // A turned, scaled mapping whose values are not representable exactly.
        let map = TextureMapping(u0: 0.123456789, ux: 0.000497, uy: 0.000171, v0: 0.987654321, vx: -0.000303, vy: 0.000911)
        var mesh = LayerMesh()
        mesh.addRect(13, 7, 501, 389, map)
        let v = mesh.vertices
        XCTAssertEqual(mesh.vertexCount, 6, "two triangles")
        // Triangles (0,0)(1,0)(1,1) and (0,0)(1,1)(0,1): llvmpipe compares the
        // steps along opposite sides bit for bit.
        let (p00, p10, p11, p01) = (0, 4, 8, 20)
        for c in [2, 3] {
            XCTAssertEqual(v[p00 + c] - v[p01 + c], v[p10 + c] - v[p11 + c], "steps down both sides")
            XCTAssertEqual(v[p00 + c] - v[p10 + c], v[p01 + c] - v[p11 + c], "steps across both sides")
        }
        XCTAssertEqual(Array(v[12..<16]), Array(v[0..<4]), "the second triangle starts where the first did")
        XCTAssertEqual(Array(v[16..<20]), Array(v[8..<12]))
        // And still the mapping's points, within a thousandth of a texel of 1920.
        XCTAssertEqual(Double(v[p11 + 2]), map(501, 389).u, accuracy: 1e-6)
        XCTAssertEqual(Double(v[p11 + 3]), map(501, 389).v, accuracy: 1e-6)
    }

    func testATurnedFrameIsAFewTrianglesCoveringExactlyItsPixelsOnTheOutput() {
        let bounds = Point(320, 200)
        for degrees in [3.0, 30, 45, 81, -20, 90] {
            let angle = degrees * .pi / 180
            let centre = Point(150, 90)
            let corners = [Point(-90, -60), Point(110, -60), Point(110, 70), Point(-90, 70)].map { p in
                Point(cos(angle) * p.x - sin(angle) * p.y, sin(angle) * p.x + cos(angle) * p.y) + centre
            }
            var mesh = LayerMesh()
            let map = TextureMapping(u0: 0, ux: 1, uy: 0, v0: 0, vx: 0, vy: 1)
            mesh.addConvex(corners, map, bounds: bounds)
            var triangles: [[Point]] = []
            let v = mesh.vertices
            for t in stride(from: 0, to: v.count, by: 12) {
                triangles.append((0..<3).map { Point(Double(v[t + $0 * 4]), Double(v[t + $0 * 4 + 1])) })
            }
            // Each triangle's pixels counted over its bounding box only.
            let (w, h) = (Int(bounds.x), Int(bounds.y))
            var hits = [Int](repeating: 0, count: w * h), strictly = hits
            for t in triangles {
                let xs = t.map(\.x), ys = t.map(\.y)
                for y in max(Int(ys.min()!), 0)..<min(Int(ys.max()!.rounded(.up)), h) {
                    for x in max(Int(xs.min()!), 0)..<min(Int(xs.max()!.rounded(.up)), w)
                    where Self.contains(t, Point(Double(x) + 0.5, Double(y) + 0.5)) {
                        hits[y * w + x] += 1
                        if Self.contains(t, Point(Double(x) + 0.5, Double(y) + 0.5), strictly: true) { strictly[y * w + x] += 1 }
                    }
                }
            }
            var differing = 0
            for y in 0..<h {
                for x in 0..<w {
                    let centreOfPixel = Point(Double(x) + 0.5, Double(y) + 0.5)
                    let inside = Self.contains(polygon: corners, centreOfPixel)
                    // A pixel centre on a slanted edge may go either way; nowhere else.
                    if (hits[y * w + x] > 0) != inside && Self.distance(centreOfPixel, toEdgesOf: corners) > 1e-6 { differing += 1 }
                    XCTAssertLessThanOrEqual(strictly[y * w + x], 1, "\(degrees)°: (\(x), \(y)) drawn twice")
                }
            }
            XCTAssertEqual(differing, 0, "\(degrees)°: pixels covered other than the frame covers them")
            // A rectangle clipped by four sides has at most eight corners.
            XCTAssertLessThanOrEqual(triangles.count, 7, "\(degrees)°")
            for t in triangles {
                for p in t { XCTAssertTrue(p.x >= 0 && p.x <= bounds.x && p.y >= 0 && p.y <= bounds.y, "\(degrees)°: \(p) off the output") }
            }
        }
    }

    func testStripsOfATileRowShareOneRectangleAndKeepTheirCoverage() {
        var strips = StripRects()
        let spans: [(Double, Double)] = [(40, 300), (30, 310), (25, 330), (28, 320), (50, 200)]
        for (i, span) in spans.enumerated() {
            strips.add(top: Double(i) * 16, bottom: Double(i + 1) * 16, spans: [span])
        }
        let rects = strips.rects
        XCTAssertTrue(rects.contains(PixelBox(x0: 40, y0: 0, x1: 300, y1: 64)), "one core rectangle for the first tile row: \(rects)")
        for y in stride(from: 0.5, to: 80, by: 1) {
            for x in stride(from: 0.5, to: 400, by: 1) {
                let span = spans[Int(y / 16)]
                let hits = rects.filter { x > $0.x0 && x < $0.x1 && y > $0.y0 && y < $0.y1 }.count
                XCTAssertEqual(hits, x > span.0 && x < span.1 ? 1 : 0, "(\(x), \(y))")
            }
        }
        XCTAssertLessThan(rects.count, 12)
    }

    /// Edges included unless `strictly`: a centre on a diagonal two triangles share is in both.
    private static func contains(_ t: [Point], _ p: Point, strictly: Bool = false) -> Bool {
        func side(_ a: Point, _ b: Point) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let s = [side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])]
        guard s.contains(where: { $0 != 0 }) else { return false }
        if strictly { return s.allSatisfy { $0 > 0 } || s.allSatisfy { $0 < 0 } }
        return s.allSatisfy { $0 >= 0 } || s.allSatisfy { $0 <= 0 }
    }

    private static func contains(polygon: [Point], _ p: Point) -> Bool {
        let n = polygon.count
        let sides = (0..<n).map { i -> Double in
            let a = polygon[i], b = polygon[(i + 1) % n]
            return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        }
        return sides.allSatisfy { $0 > 0 } || sides.allSatisfy { $0 < 0 }
    }

    private static func distance(_ p: Point, toEdgesOf polygon: [Point]) -> Double {
        (0..<polygon.count).map { i in
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let t = max(0, min(1, ((p - a) * (b - a)).sum() / ((b - a) * (b - a)).sum()))
            let q = a + (b - a) * t - p
            return (q * q).sum().squareRoot()
        }.min()!
    }
}
