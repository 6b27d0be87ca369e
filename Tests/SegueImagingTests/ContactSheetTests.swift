import XCTest
@testable import SegueImaging

final class ContactSheetTests: XCTestCase {
    /// A 16:9 frame in `outer` with a centred block of `inner` covering half of each side.
    private func frame(outer: RGBA, inner: RGBA) -> RGBAImage {
        var image = RGBAImage(width: 192, height: 108, fill: outer)
        image.fill(inner, x: 48, y: 27, width: 96, height: 54)
        return image
    }

    private func expectedSize(columns: Int, rows: Int, thumbnail: (width: Int, height: Int)) -> (Int, Int) {
        let m = ContactSheetLayout.margin, gap = ContactSheetLayout.gap
        let width = 2 * m + columns * thumbnail.width + (columns - 1) * gap
        let cell = thumbnail.height + ContactSheetLayout.labelGap + ContactSheetLayout.labelHeight
        let title = BitmapFont.cellHeight * ContactSheetLayout.titleScale
        return (width, m + title + gap + rows * cell + (rows - 1) * gap + m)
    }

    func testSingleFrameSheetIsOneThumbnailWide() {
        let sheet = ContactSheet(title: "fade", thumbnailWidth: 96)
        let image = sheet.render(frames: [(frame(outer: .black, inner: .white), "t=0.00s")])
        let (width, height) = expectedSize(columns: 1, rows: 1, thumbnail: (96, 54))
        XCTAssertEqual(image.width, width)
        XCTAssertEqual(image.height, height)
    }

    func testSixteenFramesMakeAFourByFourGrid() {
        let frames = (0..<16).map { i in
            (image: frame(outer: .black, inner: RGBA(UInt8(i * 15), 100, 200)), label: "p=\(i)")
        }
        let sheet = ContactSheet(title: "sixteen frames", thumbnailWidth: 96)
        let image = sheet.render(frames: frames)
        let (width, height) = expectedSize(columns: 4, rows: 4, thumbnail: (96, 54))
        XCTAssertEqual(image.width, width)
        XCTAssertEqual(image.height, height)

        let layout = sheet.layout(for: frames.map(\.image))
        for (index, frame) in frames.enumerated() {
            let origin = layout.cellOrigin(index)
            XCTAssertEqual(image[origin.x + 48, origin.y + 27], frame.image[96, 54], "frame \(index)")
        }
    }

    func testColumnsDefaultToAtMostSix() {
        let frames = (0..<50).map { _ in (image: RGBAImage(width: 4, height: 4, fill: .white), label: "") }
        let layout = ContactSheet(title: "", thumbnailWidth: 10).layout(for: frames.map(\.image))
        XCTAssertEqual(layout.columns, 6)
        XCTAssertEqual(layout.rows, 9)
    }

    func testTitleAndLabelsAreDrawnInLightText() {
        let sheet = ContactSheet(title: "fade", thumbnailWidth: 96)
        let source = frame(outer: .black, inner: .black)
        let image = sheet.render(frames: [(source, "t=0.25s")])
        let layout = sheet.layout(for: [source])
        let titleBand = ContactSheetLayout.margin..<layout.gridY
        let labelBand = (layout.gridY + layout.thumbnailHeight)..<(image.height - ContactSheetLayout.margin)
        func hasText(_ rows: Range<Int>) -> Bool {
            rows.contains { y in (0..<image.width).contains { x in image[x, y] == ContactSheet.textColor } }
        }
        XCTAssertTrue(hasText(titleBand))
        XCTAssertTrue(hasText(labelBand))
    }

    func testWideTitleWidensTheSheet() {
        let title = String(repeating: "w", count: 40)
        let image = ContactSheet(title: title, thumbnailWidth: 96)
            .render(frames: [(frame(outer: .black, inner: .white), "")])
        XCTAssertEqual(image.width, 2 * ContactSheetLayout.margin + BitmapFont.width(of: title, scale: 2))
    }
}
