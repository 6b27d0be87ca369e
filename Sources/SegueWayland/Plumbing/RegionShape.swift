import SegueEngine

/// A wl_region's shape: rectangles added and subtracted in order. Segue asks
/// whether it covers a whole rectangle (a buffer the client says is opaque),
/// which the edges of the steps answer exactly, and whether it holds a point
/// (an input region).
package struct RegionShape: Equatable {
    private var steps: [Step] = []
    private struct Step: Equatable { let rect: PixelRect, adds: Bool }
    /// Beyond this many steps the shape is unknown (`isTruncated`): taken to
    /// cover nothing as an opaque region (a client gains nothing but a cheaper
    /// frame from it, and must not make one dear), everything as an input region.
    private static let maxSteps = 64

    package init() {}

    mutating func add(_ rect: PixelRect) { append(rect, adds: true) }
    mutating func subtract(_ rect: PixelRect) { append(rect, adds: false) }

    private mutating func append(_ rect: PixelRect, adds: Bool) {
        guard rect.width > 0, rect.height > 0, steps.count <= Self.maxSteps else { return }
        steps.append(Step(rect: rect, adds: adds))
    }

    /// Whether every pixel of `area` is in the region.
    package func covers(_ area: PixelRect) -> Bool {
        guard area.width > 0, area.height > 0 else { return true }
        guard steps.count <= Self.maxSteps else { return false }
        // Between neighbouring edges every pixel is in or out together.
        let xs = edges(area.x, area.x + area.width, steps.flatMap { [$0.rect.x, $0.rect.x + $0.rect.width] })
        let ys = edges(area.y, area.y + area.height, steps.flatMap { [$0.rect.y, $0.rect.y + $0.rect.height] })
        for y in ys.dropLast() {
            for x in xs.dropLast() where !(steps.last { contains($0.rect, x, y) }?.adds ?? false) {
                return false
            }
        }
        return true
    }

    /// Whether the pixel at (x, y) is in the region: the last step over it says.
    package func contains(x: Int, y: Int) -> Bool {
        steps.last { contains($0.rect, x, y) }?.adds ?? false
    }

    /// Whether the client gave more steps than Segue keeps, so the shape is unknown.
    package var isTruncated: Bool { steps.count > Self.maxSteps }

    private func edges(_ low: Int, _ high: Int, _ more: [Int]) -> [Int] {
        Array(Set([low, high] + more.filter { $0 > low && $0 < high })).sorted()
    }

    private func contains(_ rect: PixelRect, _ x: Int, _ y: Int) -> Bool {
        x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
    }
}
