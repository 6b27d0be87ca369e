/// Where a contact sheet puts its title and each frame's thumbnail and label.
struct ContactSheetLayout {
    static let margin = 16
    static let gap = 16
    static let labelGap = 6
    static let titleScale = 2
    /// Room for a label at the larger of the two scales it may use.
    static let labelHeight = BitmapFont.cellHeight * 2

    let columns: Int
    let rows: Int
    let thumbnailWidth: Int
    let thumbnailHeight: Int
    let width: Int
    let height: Int
    /// Left edge of the grid, which is centred when the title is wider than it.
    let gridX: Int
    let gridY: Int

    init(count: Int, columns requested: Int?, thumbnailWidth: Int, thumbnailHeight: Int, titleWidth: Int) {
        let columns = max(1, min(requested ?? Self.defaultColumns(count), count))
        let rows = (count + columns - 1) / columns
        let gridWidth = columns * thumbnailWidth + (columns - 1) * Self.gap
        let cellHeight = thumbnailHeight + Self.labelGap + Self.labelHeight
        let gridHeight = rows == 0 ? 0 : rows * cellHeight + (rows - 1) * Self.gap
        self.columns = columns
        self.rows = rows
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        width = 2 * Self.margin + max(gridWidth, titleWidth)
        gridX = (width - gridWidth) / 2
        gridY = Self.margin + BitmapFont.cellHeight * Self.titleScale + Self.gap
        height = gridY + gridHeight + Self.margin
    }

    /// Top-left of frame `index`'s thumbnail slot; its label sits below the slot.
    func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
        let cellHeight = thumbnailHeight + Self.labelGap + Self.labelHeight
        return (
            gridX + index % columns * (thumbnailWidth + Self.gap),
            gridY + index / columns * (cellHeight + Self.gap)
        )
    }

    /// Near-square grids read best, but more than six columns makes thumbnails too small to judge.
    private static func defaultColumns(_ count: Int) -> Int {
        min(6, Int(Double(count).squareRoot().rounded(.up)))
    }
}
