/// Where the window switcher's previews go on an output: one card a window,
/// in order left to right and top to bottom, each a preview of the whole
/// output (the window as it shows) with its title under it, framed by
/// `padding`; cards as large as `maxHeight` and `maxScale` allow, made smaller
/// until they all fit, the rows centred. Pixels throughout.
public struct SwitcherLayout: Equatable, Sendable {
    public struct Card: Equatable, Sendable {
        /// The card, frame included: where the selection's highlight goes.
        public let frame: PixelRect
        /// The window's preview inside it.
        public let preview: PixelRect
        /// Where its title's text starts (top left), and how wide it may run.
        public let title: PixelRect
    }

    public let cards: [Card]
    /// The title font's pixels per font pixel (BitmapFont cells are 6×10).
    public let textScale: Int

    /// Font cell height in font pixels, as BitmapFont draws.
    public static let fontHeight = 10

    /// `count` cards on a `width`×`height` output of `scale` pixels per surface
    /// unit; `maxHeight` and `padding` in surface units, `maxScale` a fraction of the output.
    public init(count: Int, width: Int, height: Int, scale: Int, maxHeight: Int, maxScale: Double, padding: Int) {
        let s = max(scale, 1)
        textScale = 2 * s
        let pad = padding * s, gap = 8 * s, margin = 16 * s
        let titleHeight = Self.fontHeight * textScale
        let aspect = Double(width) / Double(max(height, 1))
        var previewHeight = max(min(maxHeight * s, Int(Double(height) * maxScale)), 1)
        var perRow = 1
        // Smaller until every card fits; a preview is never under 8 pixels tall.
        while true {
            let cardWidth = Int((Double(previewHeight) * aspect).rounded()) + 2 * pad
            let cardHeight = previewHeight + 3 * pad + titleHeight
            perRow = max(1, min(count, (width - 2 * margin + gap) / (cardWidth + gap)))
            let rows = (count + perRow - 1) / max(perRow, 1)
            if rows * (cardHeight + gap) - gap <= height - 2 * margin || previewHeight <= 8 { break }
            previewHeight = max(8, previewHeight * 9 / 10)
        }
        let previewWidth = Int((Double(previewHeight) * aspect).rounded())
        let cardWidth = previewWidth + 2 * pad, cardHeight = previewHeight + 3 * pad + titleHeight
        let rows = count == 0 ? 0 : (count + perRow - 1) / perRow
        let top = (height - (rows * (cardHeight + gap) - gap)) / 2
        cards = (0..<count).map { index in
            let row = index / perRow, inRow = min(perRow, count - row * perRow)
            let left = (width - (inRow * (cardWidth + gap) - gap)) / 2
            let x = left + (index % perRow) * (cardWidth + gap), y = top + row * (cardHeight + gap)
            return Card(frame: PixelRect(x: x, y: y, width: cardWidth, height: cardHeight),
                        preview: PixelRect(x: x + pad, y: y + pad, width: previewWidth, height: previewHeight),
                        title: PixelRect(x: x + pad, y: y + 2 * pad + previewHeight, width: previewWidth, height: titleHeight))
        }
    }

    /// The card at output point (x, y), if any: what a click or touch chooses.
    public func card(at x: Double, _ y: Double) -> Int? {
        cards.firstIndex { card in
            let frame = card.frame
            return x >= Double(frame.x) && y >= Double(frame.y) && x < Double(frame.x + frame.width) && y < Double(frame.y + frame.height)
        }
    }
}
