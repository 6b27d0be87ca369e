/// An axis-aligned box in output pixels, rows top first.
struct PixelBox: Equatable {
    var x0, y0, x1, y1: Double
}

/// Spans of pixels a strip of rows at a time, given back as few rectangles
/// as llvmpipe needs: it bins by 64×64 tile and sets a rectangle up once per
/// tile it touches (about a microsecond each), so the strips of one tile row
/// share one rectangle where their spans overlap and keep only narrow leftovers.
struct StripRects {
    private var strips: [(top: Double, bottom: Double, spans: [(Double, Double)])] = []

    /// llvmpipe's tile side.
    static let tileSize = 64.0

    /// Spans (left, right), left to right and apart, covering rows `top` to `bottom`.
    mutating func add(top: Double, bottom: Double, spans: [(Double, Double)]) {
        let spans = spans.filter { $0.1 > $0.0 }
        if !spans.isEmpty { strips.append((top, bottom, spans)) }
    }

    var rects: [PixelBox] {
        var boxes: [PixelBox] = []
        var start = 0
        while start < strips.count {
            // Strips in one tile row, each below the last, with as many spans.
            let band = (strips[start].top / Self.tileSize).rounded(.down)
            var end = start + 1
            while end < strips.count, (strips[end].top / Self.tileSize).rounded(.down) == band,
                  strips[end].top == strips[end - 1].bottom, strips[end].spans.count == strips[start].spans.count {
                end += 1
            }
            let group = strips[start..<end]
            for k in group.first!.spans.indices {
                let low = group.map { $0.spans[k].0 }.max()!, high = group.map { $0.spans[k].1 }.min()!
                guard high > low, group.count > 1 else {
                    boxes += group.map { PixelBox(x0: $0.spans[k].0, y0: $0.top, x1: $0.spans[k].1, y1: $0.bottom) }
                    continue
                }
                boxes.append(PixelBox(x0: low, y0: group.first!.top, x1: high, y1: group.last!.bottom))
                for strip in group {
                    if strip.spans[k].0 < low { boxes.append(PixelBox(x0: strip.spans[k].0, y0: strip.top, x1: low, y1: strip.bottom)) }
                    if strip.spans[k].1 > high { boxes.append(PixelBox(x0: high, y0: strip.top, x1: strip.spans[k].1, y1: strip.bottom)) }
                }
            }
            start = end
        }
        return boxes
    }
}
