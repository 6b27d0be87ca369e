/// The GLSL types an effect parameter may have (those of the gl-transitions
/// spec, and images).
public enum ParameterType: String, Sendable, CaseIterable, Codable {
    case float, int, bool, vec2, vec3, vec4, ivec2
    /// A `sampler2D`: a PNG file, or a neutral ramp by default.
    case image

    /// The type as a shader declares it.
    public var glslName: String { self == .image ? "sampler2D" : rawValue }

    public init?(glslName: String) {
        guard let type = Self.allCases.first(where: { $0.glslName == glslName }) else { return nil }
        self = type
    }

    /// How many scalar components a value of this type holds (an image: none, it is a path).
    public var componentCount: Int {
        switch self {
        case .image: 0
        case .float, .int, .bool: 1
        case .vec2, .ivec2: 2
        case .vec3: 3
        case .vec4: 4
        }
    }

    public var isInteger: Bool { self == .int || self == .ivec2 }

    /// How a vector may be written, for a message about one written otherwise:
    /// the same forms on the command line and, as a string, in the config, which also takes an array.
    var forms: String {
        switch self {
        case .vec2, .ivec2: "; write 0.5,0.25 or \(rawValue)(0.5, 0.25), or in the config [0.5, 0.25]"
        case .vec3: "; write 0.2,0,0 or vec3(0.2, 0, 0) or the colour #330000, or in the config [0.2, 0, 0]"
        case .vec4: "; write 0.25,0.25,0.5,0.5 or vec4(0.25, 0.25, 0.5, 0.5), or in the config [0.25, 0.25, 0.5, 0.5]"
        case .float, .int, .bool, .image: ""
        }
    }
}
