extension RGBAImage {
    /// A `width`×`height` rectangle of `colour` with corners rounded to
    /// `radius`, its edge anti-aliased, transparent outside; premultiplied, as
    /// a compositor blends it.
    public static func roundedRectangle(width: Int, height: Int, radius: Int, colour: RGBA) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: RGBA(0, 0, 0, 0))
        let r = Double(max(0, min(radius, min(width, height) / 2)))
        for y in 0..<height {
            for x in 0..<width {
                // Distance past the corner circle's centre, on the axes a corner is rounded on.
                let dx = max(r - (Double(x) + 0.5), (Double(x) + 0.5) - (Double(width) - r), 0)
                let dy = max(r - (Double(y) + 0.5), (Double(y) + 0.5) - (Double(height) - r), 0)
                let coverage = r == 0 ? 1 : min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                let alpha = Double(colour.a) / 255 * coverage
                func premultiplied(_ channel: UInt8) -> UInt8 { UInt8((Double(channel) * alpha).rounded()) }
                image[x, y] = RGBA(premultiplied(colour.r), premultiplied(colour.g), premultiplied(colour.b), UInt8((alpha * 255).rounded()))
            }
        }
        return image
    }
}
