/// One line of a GLSL compiler's info log, in whichever of the drivers' forms it
/// came: where in the compiled source it points, and what it says.
struct DriverLogLine: Equatable {
    /// Line in the source given to the compiler, counted from 1.
    let line: Int
    /// Column, where the driver gives one.
    let column: Int?
    /// The message, its severity first (`error: …`, `warning C7050: …`).
    let message: String

    /// Reads `text` in the forms drivers are documented to write, or nil for
    /// any other: Mesa `0:12(5): error: …`, NVIDIA `0(12) : error C1503: …`,
    /// ANGLE, Adreno and Mali `ERROR: 0:12: …` or `0:12: …`.
    init?(_ text: String) {
        if let mesa = text.wholeMatch(of: /\d+:(\d+)\((\d+)\):\s*(.*)/) {
            self.init(line: mesa.1, column: mesa.2, message: mesa.3)
        } else if let nvidia = text.wholeMatch(of: /\d+\((\d+)\)\s*:\s*(.*)/) {
            self.init(line: nvidia.1, column: nil, message: nvidia.2)
        } else if let angle = text.wholeMatch(of: /(ERROR|WARNING|INFO):\s*\d+:(\d+):\s*(.*)/) {
            self.init(line: angle.2, column: nil, message: "\(angle.1.lowercased()): \(angle.3)")
        } else if let bare = text.wholeMatch(of: /\d+:(\d+):\s*(.*)/) {
            self.init(line: bare.1, column: nil, message: bare.2)
        } else {
            return nil
        }
    }

    private init?(line: Substring, column: Substring?, message: Substring) {
        guard let line = Int(line) else { return nil }
        self.line = line
        self.column = column.flatMap { Int($0) }
        self.message = String(message)
    }
}
