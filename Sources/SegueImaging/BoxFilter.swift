/// Resamples by averaging the exact source area each output pixel covers.
enum BoxFilter {
    /// The source pixels feeding one output pixel along one axis, with weights summing to 1.
    private struct Span {
        let first: Int
        let weights: [Float]
    }

    static func resample(_ image: RGBAImage, toWidth newWidth: Int, height newHeight: Int) -> RGBAImage {
        precondition(newWidth > 0 && newHeight > 0, "scaled image must not be empty")
        let columns = spans(from: image.width, to: newWidth)
        let rows = spans(from: image.height, to: newHeight)

        // Accumulate premultiplied by alpha so transparent pixels don't bleed their colour into neighbours.
        var horizontal = [Float](repeating: 0, count: image.height * newWidth * 4)
        image.pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    let sourceRow = y * image.width * 4
                    var t = y * newWidth * 4
                    for span in columns {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        var s = sourceRow + span.first * 4
                        for weight in span.weights {
                            let alpha = Float(source[s + 3]) * weight
                            r += Float(source[s]) * alpha
                            g += Float(source[s + 1]) * alpha
                            b += Float(source[s + 2]) * alpha
                            a += alpha
                            s += 4
                        }
                        target[t] = r
                        target[t + 1] = g
                        target[t + 2] = b
                        target[t + 3] = a
                        t += 4
                    }
                }
            }
        }

        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        horizontal.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var t = 0
                for span in rows {
                    for x in 0..<newWidth {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        var s = (span.first * newWidth + x) * 4
                        for weight in span.weights {
                            r += source[s] * weight
                            g += source[s + 1] * weight
                            b += source[s + 2] * weight
                            a += source[s + 3] * weight
                            s += newWidth * 4
                        }
                        if a > 0 {
                            target[t] = byte(r / a)
                            target[t + 1] = byte(g / a)
                            target[t + 2] = byte(b / a)
                            target[t + 3] = byte(a)
                        }
                        t += 4
                    }
                }
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: output)
    }

    /// Output pixel i covers source interval [i, i + 1) * source / target; weights are the overlaps.
    private static func spans(from source: Int, to target: Int) -> [Span] {
        let step = Double(source) / Double(target)
        return (0..<target).map { i in
            let start = Double(i) * step
            let end = min(Double(source), start + step)
            let first = Int(start)
            let last = max(first, min(source - 1, Int(end.rounded(.up)) - 1))
            let weights = (first...last).map { j in
                Float((min(end, Double(j + 1)) - max(start, Double(j))) / step)
            }
            return Span(first: first, weights: weights)
        }
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }
}
