import Foundation

/// A parameter's value: its type plus its scalar components (bools as 0 or 1),
/// or for an image the PNG file's path.
public struct ParameterValue: Equatable, Hashable, Sendable {
    public let type: ParameterType
    public let components: [Double]
    /// An image's file; nil for the neutral default image.
    public let path: String?

    public init(_ type: ParameterType, _ components: [Double]) {
        precondition(components.count == type.componentCount, "\(type) takes \(type.componentCount) components")
        self.type = type
        self.components = components
        path = nil
    }

    /// An image parameter's value: a PNG file, or nil for the default image.
    public init(image path: String?) {
        type = .image
        components = []
        self.path = path
    }

    public static func float(_ x: Double) -> ParameterValue { .init(.float, [x]) }
    public static func int(_ x: Int) -> ParameterValue { .init(.int, [Double(x)]) }
    public static func bool(_ x: Bool) -> ParameterValue { .init(.bool, [x ? 1 : 0]) }

    /// Parses a value written by a person or a GLSL default: `1.5`, `3`, `true`,
    /// `0.2,0.4`, `vec2(0.2, 0.4)`, `vec3(1.0)` (one value fills every component),
    /// and a colour as the output's background is written: `#330000` for a
    /// vec3, `#330000ff` for a vec4.
    public static func parse(_ text: String, as type: ParameterType) -> ParameterValue? {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if type == .image { return ParameterValue(image: body.isEmpty ? nil : String(body)) }
        if body.hasPrefix("#") { return colour(body.dropFirst(), as: type) }
        if type == .bool {
            switch body {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return nil
            }
        }
        if let open = body.firstIndex(of: "("), body.hasSuffix(")") {
            let constructor = body[..<open].trimmingCharacters(in: .whitespaces)
            guard constructor == type.rawValue else { return nil }
            body = body[body.index(after: open)..<body.index(before: body.endIndex)]
        }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var numbers: [Double] = []
        for part in parts {
            guard let x = Self.number(part, integer: type.isInteger) else { return nil }
            numbers.append(x)
        }
        if numbers.count == 1 && type.componentCount > 1 {
            numbers = Array(repeating: numbers[0], count: type.componentCount)
        }
        guard numbers.count == type.componentCount else { return nil }
        return ParameterValue(type, numbers)
    }

    /// `RRGGBB` (vec3) or `RRGGBBAA` (vec4), each byte a fraction of 255.
    private static func colour(_ hex: Substring, as type: ParameterType) -> ParameterValue? {
        guard type == .vec3 || type == .vec4, hex.count == type.componentCount * 2, let value = UInt32(hex, radix: 16) else {
            return nil
        }
        let bytes = (0..<type.componentCount).reversed().map { Double(value >> ($0 * 8) & 0xff) / 255 }
        return ParameterValue(type, bytes)
    }

    private static func number(_ text: String, integer: Bool) -> Double? {
        if integer {
            guard let i = Int(text), i.magnitude <= 1 << 24 else { return nil }
            return Double(i)
        }
        var t = Substring(text)
        if t.hasSuffix("f") || t.hasSuffix("F") { t = t.dropLast() }
        guard let x = Double(t), x.isFinite, abs(x) <= 1e9 else { return nil }
        return x
    }

    public var floats: [Float] { components.map(Float.init) }
    public var ints: [Int32] { components.map { Int32($0) } }
    public var boolValue: Bool { components[0] != 0 }
}

extension ParameterValue: CustomStringConvertible {
    /// Writes the value back in the form `parse` reads.
    public var description: String {
        func scalar(_ x: Double) -> String {
            if type.isInteger { return String(Int(x)) }
            if x == x.rounded() && abs(x) < 1e15 { return String(format: "%.1f", x) }
            return String(x)
        }
        switch type {
        case .image: return path ?? ""
        case .bool: return boolValue ? "true" : "false"
        case .float, .int: return scalar(components[0])
        default: return "\(type.rawValue)(\(components.map(scalar).joined(separator: ", ")))"
        }
    }
}
