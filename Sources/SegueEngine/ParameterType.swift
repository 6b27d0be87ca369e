/// The GLSL types an effect parameter may have (those of the gl-transitions spec).
public enum ParameterType: String, Sendable, CaseIterable, Codable {
    case float, int, bool, vec2, vec3, vec4, ivec2

    /// How many scalar components a value of this type holds.
    public var componentCount: Int {
        switch self {
        case .float, .int, .bool: 1
        case .vec2, .ivec2: 2
        case .vec3: 3
        case .vec4: 4
        }
    }

    public var isInteger: Bool { self == .int || self == .ivec2 }
}
