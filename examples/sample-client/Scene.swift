/// What the sample client shows: its colour, its label in big letters, a square in
/// its top-left corner (so a flipped or shifted picture shows), and a bar that sweeps
/// back and forth so a live client is told apart from a frozen frame. A taskbar
/// shows its buttons instead of the bar, its label at its right end.
struct Scene {
    let label: String
    let background: UInt32
    /// The taskbar's buttons; nil for any other window.
    var buttons: Int?

    /// Black on light backgrounds, white on dark ones.
    var ink: UInt32 {
        let r = (background >> 16) & 0xFF, g = (background >> 8) & 0xFF, b = background & 0xFF
        return (r * 299 + g * 587 + b * 114) / 1000 > 140 ? 0x000000 : 0xFFFFFF
    }

    func draw(on canvas: any Canvas, seconds: Double) {
        canvas.fill(background)
        let marker = Self.markerSide(width: canvas.width, height: canvas.height)
        canvas.fillRect(x: 0, y: 0, width: marker, height: marker, color: ink)
        if let buttons { return drawTaskbar(buttons, on: canvas) }

        let cells = BlockFont.width(of: label)
        let scale = max(1, min(canvas.width * 8 / 10 / max(cells, 1), canvas.height * 4 / 10 / BlockFont.rows))
        canvas.drawText(label, x: (canvas.width - cells * scale) / 2,
                        y: (canvas.height - BlockFont.rows * scale) / 2, scale: scale, color: ink)

        // A triangle wave with a two-second period moves the bar from edge to edge.
        let barWidth = max(canvas.width / 6, 1)
        let phase = seconds.truncatingRemainder(dividingBy: 2) / 2
        let travel = Double(canvas.width - barWidth) * (phase < 0.5 ? phase * 2 : 2 - phase * 2)
        let barHeight = max(canvas.height / 24, 2)
        canvas.fillRect(x: Int(travel), y: canvas.height - barHeight * 2, width: barWidth,
                        height: barHeight, color: ink)
    }

    private func drawTaskbar(_ buttons: Int, on canvas: any Canvas) {
        let scale = max(canvas.height / Int(Taskbar.height), 1)
        for index in 0..<buttons {
            let button = Taskbar.button(index)
            canvas.fillRect(x: button.x * scale, y: button.y * scale, width: button.width * scale, height: button.height * scale, color: ink)
        }
        let size = max(canvas.height / 2 / BlockFont.rows, 1), cells = BlockFont.width(of: label)
        canvas.drawText(label, x: canvas.width - (cells + 2) * size, y: (canvas.height - BlockFont.rows * size) / 2, scale: size, color: ink)
    }

    /// The corner square's side: a tenth of the shorter side, at least 4 pixels.
    static func markerSide(width: Int, height: Int) -> Int { max(min(width, height) / 10, 4) }
}
