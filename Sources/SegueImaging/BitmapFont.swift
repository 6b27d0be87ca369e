/// A built-in 5x9 pixel font for labels, so previews need no font files or text libraries.
///
/// Glyphs are 5 pixels wide in a 6-pixel cell; rows 0-6 stand on the baseline and rows 7-8 hold
/// descenders, in a 10-pixel cell that leaves a blank row between lines.
public enum BitmapFont {
    public static let cellWidth = 6
    public static let cellHeight = 10

    static let glyphWidth = 5
    static let glyphHeight = 9

    /// The inked width: every cell except the last one's trailing blank column.
    public static func width(of text: String, scale: Int) -> Int {
        let count = text.count
        return count == 0 ? 0 : (count * cellWidth - 1) * scale
    }

    /// One line of `text` in `colour` on transparent pixels, cut short with
    /// ".." to fit `maxWidth`; nil for no text or no room.
    public static func label(_ text: String, maxWidth: Int, scale: Int, colour: RGBA) -> RGBAImage? {
        var shown = text
        while !shown.isEmpty && width(of: shown, scale: scale) > maxWidth {
            shown = String(shown.dropLast(shown.hasSuffix("..") ? 3 : 1)) + ".."
            if shown == ".." { break }
        }
        let inked = width(of: shown, scale: scale)
        guard !text.isEmpty, inked > 0, inked <= maxWidth else { return nil }
        var image = RGBAImage(width: inked, height: cellHeight * scale, fill: RGBA(0, 0, 0, 0))
        draw(shown, into: &image, x: 0, y: 0, scale: scale, color: colour)
        return image
    }

    /// Draws one line of text with its top-left at (x, y); unknown characters draw as a box.
    public static func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int, color: RGBA) {
        precondition(scale > 0, "font scale must be positive")
        var penX = x
        for character in text {
            let rows = glyphs[character] ?? unknownGlyph
            for (row, bits) in rows.enumerated() where bits != 0 {
                for column in 0..<glyphWidth where bits & (0x10 >> column) != 0 {
                    image.fill(color, x: penX + column * scale, y: y + row * scale, width: scale, height: scale)
                }
            }
            penX += cellWidth * scale
        }
    }
}
