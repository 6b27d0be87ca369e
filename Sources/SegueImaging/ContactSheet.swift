/// One image summarising a transition: a titled grid of labelled frame thumbnails.
public struct ContactSheet: Sendable {
    static let background = RGBA(0x22, 0x22, 0x26)
    static let textColor = RGBA(0xe8, 0xe8, 0xe8)

    public let title: String
    public let columns: Int?
    public let thumbnailWidth: Int

    public init(title: String, columns: Int? = nil, thumbnailWidth: Int = 320) {
        precondition(columns.map { $0 > 0 } ?? true, "a contact sheet needs at least one column")
        precondition(thumbnailWidth > 0, "thumbnails must have a width")
        self.title = title
        self.columns = columns
        self.thumbnailWidth = thumbnailWidth
    }

    public func render(frames: [(image: RGBAImage, label: String)]) -> RGBAImage {
        let thumbnails = frames.map {
            $0.image.scaled(toWidth: thumbnailWidth, height: thumbnailHeight(for: $0.image))
        }
        let layout = layout(for: frames.map(\.image))
        var sheet = RGBAImage(width: layout.width, height: layout.height, fill: Self.background)
        BitmapFont.draw(
            title, into: &sheet, x: ContactSheetLayout.margin, y: ContactSheetLayout.margin,
            scale: ContactSheetLayout.titleScale, color: Self.textColor)

        for (index, thumbnail) in thumbnails.enumerated() {
            let origin = layout.cellOrigin(index)
            // Frames of different aspect share a row height, so centre the shorter ones.
            sheet.draw(thumbnail, atX: origin.x, y: origin.y + (layout.thumbnailHeight - thumbnail.height) / 2)

            let label = frames[index].label
            let scale = BitmapFont.width(of: label, scale: 2) <= thumbnailWidth ? 2 : 1
            BitmapFont.draw(
                label, into: &sheet,
                x: origin.x + (thumbnailWidth - BitmapFont.width(of: label, scale: scale)) / 2,
                y: origin.y + layout.thumbnailHeight + ContactSheetLayout.labelGap,
                scale: scale, color: Self.textColor)
        }
        return sheet
    }

    func layout(for images: [RGBAImage]) -> ContactSheetLayout {
        ContactSheetLayout(
            count: images.count, columns: columns, thumbnailWidth: thumbnailWidth,
            thumbnailHeight: images.map(thumbnailHeight(for:)).max() ?? 0,
            titleWidth: BitmapFont.width(of: title, scale: ContactSheetLayout.titleScale))
    }

    /// Thumbnails share one width and keep their frame's aspect ratio.
    func thumbnailHeight(for image: RGBAImage) -> Int {
        max(1, Int((Double(thumbnailWidth) * Double(image.height) / Double(image.width)).rounded()))
    }
}
