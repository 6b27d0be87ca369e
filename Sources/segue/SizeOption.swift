import ArgumentParser

/// An output size written `WIDTHxHEIGHT`.
struct Size: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int
    /// What was typed, where it was not `WxH` with whole numbers.
    private let unreadable: String?

    init(width: Int, height: Int) {
        self.init(width: width, height: height, unreadable: nil)
    }

    private init(width: Int, height: Int, unreadable: String?) {
        self.width = width
        self.height = height
        self.unreadable = unreadable
    }

    /// Takes anything; `validated()` checks the form and the range, so a bad
    /// size is one line naming the form rather than the parser's "invalid".
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        if parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) {
            self.init(width: w, height: h)
        } else {
            self.init(width: 0, height: 0, unreadable: argument)
        }
    }

    static let range = 16...8192

    func validated() throws -> Size {
        guard unreadable == nil, Self.range.contains(width), Self.range.contains(height) else {
            throw CommandError("size \(unreadable ?? description) is not WIDTHxHEIGHT with \(Self.range.lowerBound)...\(Self.range.upperBound) pixels a side, e.g. 1920x1080")
        }
        return self
    }

    var description: String { "\(width)x\(height)" }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}
