import ArgumentParser

/// An output size written `WIDTHxHEIGHT`.
struct Size: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (16...8192).contains(w), (16...8192).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    var description: String { "\(width)x\(height)" }

    static var defaultValueDescription: String { "WIDTHxHEIGHT, each 16...8192" }
}
