import ArgumentParser

/// An output size written `WIDTHxHEIGHT`.
struct Size: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads any `WxH`; `validated()` checks the range, so that a size out of
    /// range is reported as one line rather than with the usage text.
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    static let range = 16...8192

    func validated() throws -> Size {
        guard Self.range.contains(width), Self.range.contains(height) else {
            throw CommandError("size \(self) is outside \(Self.range.lowerBound)...\(Self.range.upperBound) pixels per side")
        }
        return self
    }

    var description: String { "\(width)x\(height)" }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}
