/// Two built-in screens to transition between when previewing an effect.
///
/// Every colour on the first screen keeps blue at 130 or more and every colour on the second keeps
/// it at 60 or less, so any pixel tells which screen it came from: the two differ by at least 70
/// in blue at every position, whatever overlaps what.
public enum TestScreens {
    public static let firstKey = RGBA(0x1e, 0x3a, 0x8a)
    public static let secondKey = RGBA(0xf5, 0x9e, 0x0b)

    private static let firstGrid = RGBA(0x60, 0x8c, 0xe6)
    private static let firstInk = RGBA.white
    /// Top-left, top-right, bottom-left, bottom-right.
    private static let firstCorners = [
        RGBA(0x22, 0xd3, 0xee), RGBA(0x8b, 0x5c, 0xf6), RGBA(0xec, 0x48, 0x99), RGBA(0x93, 0xc5, 0xfd),
    ]

    private static let secondStripe = RGBA(0xea, 0x58, 0x0c)
    private static let secondInk = RGBA(0x1c, 0x19, 0x17)
    private static let secondPanel = RGBA(0xfa, 0xcc, 0x15)
    /// Top-left, top-right, bottom-left, bottom-right.
    private static let secondCorners = [
        RGBA(0xdc, 0x26, 0x26), RGBA(0x65, 0xa3, 0x0d), RGBA(0x78, 0x35, 0x0f), secondInk,
    ]

    /// Deep blue with a light grid, square corner markers, a colour bar low down and "A / FROM".
    public static func first(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: firstKey)
        let spacing = max(4, min(width, height) / 9)
        let thickness = max(1, spacing / 12)
        for x in stride(from: 0, to: width, by: spacing) {
            image.fill(firstGrid, x: x, y: 0, width: thickness, height: height)
        }
        for y in stride(from: 0, to: height, by: spacing) {
            image.fill(firstGrid, x: 0, y: y, width: width, height: thickness)
        }
        drawBar(firstCorners + [firstInk], into: &image, y: height * 13 / 16)
        let corner = cornerSize(width, height)
        for (index, origin) in cornerOrigins(width, height, corner).enumerated() {
            image.fill(firstCorners[index], x: origin.x, y: origin.y, width: corner, height: corner)
        }
        drawLabel("A", "FROM", into: &image, panel: firstKey, ink: firstInk)
        return image
    }

    /// Warm orange with diagonal stripes, triangular corner markers, a colour bar high up and "B / TO".
    public static func second(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: secondKey)
        let period = max(2, min(width, height) / 10)
        // Stripe k covers x + y in [k, k + 1) * period for odd k; fill each row's runs directly.
        for y in 0..<height {
            for k in stride(from: (y / period) | 1, through: (width + y) / period, by: 2) {
                image.fill(secondStripe, x: k * period - y, y: y, width: period, height: 1)
            }
        }
        drawBar(secondCorners + [secondPanel], into: &image, y: height / 16)
        // Triangles cover half their square, so double the legs to match the first screen's markers.
        let corner = 2 * cornerSize(width, height)
        for (index, color) in secondCorners.enumerated() {
            // Each triangle's right angle sits in its corner; rows shorten moving away from it.
            let right = index % 2 == 1, bottom = index >= 2
            for dy in 0..<corner {
                let run = corner - dy
                image.fill(
                    color, x: right ? width - run : 0, y: bottom ? height - 1 - dy : dy, width: run, height: 1)
            }
        }
        drawLabel("B", "TO", into: &image, panel: secondPanel, ink: secondInk)
        return image
    }

    private static func cornerSize(_ width: Int, _ height: Int) -> Int {
        max(2, min(width, height) / 8)
    }

    /// Top-left, top-right, bottom-left, bottom-right.
    private static func cornerOrigins(_ width: Int, _ height: Int, _ size: Int) -> [(x: Int, y: Int)] {
        [(0, 0), (width - size, 0), (0, height - size), (width - size, height - size)]
    }

    /// A band of equal colour segments across the middle three quarters of the width.
    private static func drawBar(_ colors: [RGBA], into image: inout RGBAImage, y: Int) {
        let left = image.width / 8
        let segment = max(1, image.width * 3 / 4 / colors.count)
        let height = max(1, image.height / 12)
        for (index, color) in colors.enumerated() {
            image.fill(color, x: left + index * segment, y: y, width: segment, height: height)
        }
    }

    /// A large letter over a word, on a bordered panel in the centre; capitals only, so each line
    /// is the 7 rows above the baseline.
    private static func drawLabel(
        _ letter: String, _ word: String, into image: inout RGBAImage, panel: RGBA, ink: RGBA
    ) {
        let letterScale = max(1, image.height / 32)
        let wordScale = max(1, letterScale / 3)
        let letterHeight = 7 * letterScale
        let wordHeight = 7 * wordScale
        let gap = 2 * wordScale
        let padding = 2 * wordScale
        let letterWidth = BitmapFont.width(of: letter, scale: letterScale)
        let wordWidth = BitmapFont.width(of: word, scale: wordScale)
        let contentWidth = max(letterWidth, wordWidth)
        let contentHeight = letterHeight + gap + wordHeight
        let panelWidth = contentWidth + 2 * padding
        let panelHeight = contentHeight + 2 * padding
        let panelX = (image.width - panelWidth) / 2
        let panelY = (image.height - panelHeight) / 2
        let border = wordScale
        image.fill(
            ink, x: panelX - border, y: panelY - border,
            width: panelWidth + 2 * border, height: panelHeight + 2 * border)
        image.fill(panel, x: panelX, y: panelY, width: panelWidth, height: panelHeight)
        let top = panelY + padding
        BitmapFont.draw(
            letter, into: &image, x: (image.width - letterWidth) / 2, y: top, scale: letterScale, color: ink)
        BitmapFont.draw(
            word, into: &image, x: (image.width - wordWidth) / 2, y: top + letterHeight + gap,
            scale: wordScale, color: ink)
    }
}
