/// Every effect Segue can play, by name: built-ins, user shaders and effects
/// registered from Swift. Later registrations replace earlier ones of the same name.
public struct EffectRegistry: Sendable {
    private var effects: [String: EffectDescriptor] = [:]

    public init(_ effects: [EffectDescriptor] = []) {
        for effect in effects { register(effect) }
    }

    public mutating func register(_ effect: EffectDescriptor) {
        effects[effect.name] = effect
    }

    /// Registers an effect written in Swift as GLSL text in the gl-transitions format.
    @discardableResult
    public mutating func register(name: String, glsl: String) throws(ShaderSourceError) -> EffectDescriptor {
        let source = try ShaderSource.parse(glsl, path: "<\(name)>")
        let effect = try EffectDescriptor(name: name, source: source, origin: .swift)
        register(effect)
        return effect
    }

    public subscript(name: String) -> EffectDescriptor? { effects[name] }

    /// Effects in name order.
    public var all: [EffectDescriptor] { effects.values.sorted { $0.name < $1.name } }
    public var names: [String] { effects.keys.sorted() }

    /// Looks an effect up, naming the closest known one when it is missing.
    public func effect(named name: String) throws(UnknownEffectError) -> EffectDescriptor {
        if let effect = effects[name] { return effect }
        throw UnknownEffectError(name: name, known: names)
    }
}

public struct UnknownEffectError: Error, Equatable, CustomStringConvertible {
    public let name: String
    public let known: [String]

    public var description: String {
        var text = "unknown effect '\(name)'"
        if let near = EditDistance.nearest(to: name, in: known) { text += " (did you mean '\(near)'?)" }
        return text + "; known effects: " + known.joined(separator: ", ")
    }
}
