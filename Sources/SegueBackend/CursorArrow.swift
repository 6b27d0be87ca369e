/// The arrow screen captures draw where the pointer shows the standard
/// cursor or a named shape: the backend's own picture of those lies with
/// its parent, or nowhere (headless), so captures that ask for the pointer
/// get this one.
extension CursorImage {
    /// 12×19, black outline, white inside, the hotspot at the tip.
    public static let arrow: CursorImage = {
        let rows = [
            "X", "XX", "X.X", "X..X", "X...X", "X....X", "X.....X", "X......X", "X.......X", "X........X",
            "X.........X", "X......XXXXX", "X...X..X", "X..XX..X", "X.X  X..X", "XX   X..X", "X     X..X", "      X..X", "       XX",
        ]
        let width = 12, height = rows.count
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (y, row) in rows.enumerated() {
            for (x, mark) in row.enumerated() where mark != " " {
                let value: UInt8 = mark == "X" ? 0 : 255
                pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [value, value, value, 255])
            }
        }
        return CursorImage(pixels: pixels, width: width, height: height, scale: 1, hotspotX: 0, hotspotY: 0)
    }()
}
