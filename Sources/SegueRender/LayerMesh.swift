import Foundation
import SegueEngine

/// Triangles in output pixels, rows top first, each vertex with the point of
/// the texture it shows (x, y, u, v), drawn in one call.
///
/// Shaped for llvmpipe's linear path, which draws an axis-aligned rectangle
/// scanline by scanline at several times the speed of triangles: two triangles
/// in a row that make a rectangle, with texture points lying exactly in one
/// plane, are taken as one. So a layer's mesh is rectangles wherever it can be
/// and triangles where an edge slants. On a GPU it is just triangles.
struct LayerMesh {
    private(set) var vertices: [Float] = []

    var isEmpty: Bool { vertices.isEmpty }
    var vertexCount: Int { vertices.count / 4 }

    /// Adds another mesh's triangles after these.
    mutating func append(_ other: LayerMesh) { vertices += other.vertices }

    /// The rectangle from (x0, y0) to (x1, y1); its texture points come from `map`.
    mutating func addRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ map: TextureMapping) {
        guard x1 > x0, y1 > y0 else { return }
        // On a grid of 2^-20 (a thousandth of a texel at 1920 px, exact in
        // single precision below 8), the fourth corner is exactly the other
        // three's parallelogram: llvmpipe compares the steps along opposite
        // sides bit for bit.
        func snapped(_ x: Double, _ y: Double) -> (Float, Float) {
            let (u, v) = map(x, y)
            return (Float((u * 1_048_576).rounded() / 1_048_576), Float((v * 1_048_576).rounded() / 1_048_576))
        }
        let (u00, v00) = snapped(x0, y0), (u10, v10) = snapped(x1, y0), (u01, v01) = snapped(x0, y1)
        let (u11, v11) = (u10 + u01 - u00, v10 + v01 - v00)
        let (fx0, fy0, fx1, fy1) = (Float(x0), Float(y0), Float(x1), Float(y1))
        vertices += [fx0, fy0, u00, v00, fx1, fy0, u10, v10, fx1, fy1, u11, v11,
                     fx0, fy0, u00, v00, fx1, fy1, u11, v11, fx0, fy1, u01, v01]
    }

    /// A convex polygon as triangles, padded to an even count so every pair
    /// that follows still lines up for llvmpipe's rectangle test.
    mutating func addPolygon(_ points: [SIMD2<Double>], _ map: TextureMapping) {
        guard points.count >= 3 else { return }
        func vertex(_ p: SIMD2<Double>) -> [Float] {
            let (u, v) = map(p.x, p.y)
            return [Float(p.x), Float(p.y), Float(u), Float(v)]
        }
        let first = vertex(points[0])
        for i in 1..<(points.count - 1) {
            vertices += first + vertex(points[i]) + vertex(points[i + 1])
        }
        // A triangle with no area draws nothing.
        if (points.count - 2) % 2 == 1 { vertices += first + first + first }
    }

    /// A convex polygon (any orientation) clipped to `bounds`, as triangles.
    /// A turned frame's pixels cost llvmpipe the same on either path (its
    /// linear path reads a slanted row texel by texel), so strips of
    /// rectangles would only add set-up: measured 0.81× reference-copy for
    /// `rotate` cut into strips against 0.76× as one polygon. Clipping first
    /// keeps every vertex near the output, whatever the scale.
    mutating func addConvex(_ polygon: [SIMD2<Double>], _ map: TextureMapping, bounds: SIMD2<Double>) {
        addPolygon(Self.clip(Self.clip(Self.clip(Self.clip(polygon, axis: 0, at: 0, keepAbove: true),
                                                 axis: 0, at: bounds.x, keepAbove: false),
                                       axis: 1, at: 0, keepAbove: true),
                             axis: 1, at: bounds.y, keepAbove: false), map)
    }

    /// The part of a convex polygon on one side of the line where coordinate
    /// `axis` (0: x, 1: y) equals `value`; points made on the line lie on it exactly.
    private static func clip(_ polygon: [SIMD2<Double>], axis: Int, at value: Double, keepAbove: Bool) -> [SIMD2<Double>] {
        func inside(_ p: SIMD2<Double>) -> Bool { keepAbove ? p[axis] >= value : p[axis] <= value }
        var kept: [SIMD2<Double>] = []
        for (i, p) in polygon.enumerated() {
            let q = polygon[(i + 1) % polygon.count]
            if inside(p) { kept.append(p) }
            if inside(p) != inside(q) {
                let t = (value - p[axis]) / (q[axis] - p[axis])
                var crossing = p + (q - p) * t
                crossing[axis] = value
                kept.append(crossing)
            }
        }
        return kept
    }
}

/// The affine map from an output pixel position to the point of a texture it
/// shows, as fractions of the texture from its top-left.
struct TextureMapping {
    var u0, ux, uy: Double
    var v0, vx, vy: Double

    func callAsFunction(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
        (u0 + ux * x + uy * y, v0 + vx * x + vy * y)
    }

    /// The `crop` of a texture (fractions of its width and height after
    /// `transform` is undone) stretched over `rect`: all of it at its own size
    /// and unturned, a copy.
    static func fill(_ rect: PixelRect, transform: BufferTransform = .normal, crop: SIMD4<Double> = SIMD4(0, 0, 1, 1)) -> TextureMapping {
        let w = Double(rect.width), h = Double(rect.height)
        func point(_ s: Double, _ t: Double) -> (u: Double, v: Double) {
            transform.bufferPoint(crop.x + s * crop.z, crop.y + t * crop.w)
        }
        let origin = point(0, 0), right = point(1, 0), down = point(0, 1)
        let ux = (right.u - origin.u) / w, uy = (down.u - origin.u) / h
        let vx = (right.v - origin.v) / w, vy = (down.v - origin.v) / h
        return TextureMapping(u0: origin.u - ux * Double(rect.x) - uy * Double(rect.y), ux: ux, uy: uy,
                              v0: origin.v - vx * Double(rect.x) - vy * Double(rect.y), vx: vx, vy: vy)
    }
}
