import Foundation

/// An effect with every knob decided: parameter values, duration and curve.
/// This is what a transition plays.
public struct EffectSettings: Sendable, Equatable {
    public let effect: EffectDescriptor
    /// Values by uniform name; every parameter of the effect has one.
    public private(set) var values: [String: ParameterValue]
    public var duration: Double
    public var curve: TimingCurve
    /// A number in 0..<1 new at each play (niri's `niri_random_seed`): 0 until a play sets it.
    public var seed = 0.0

    public init(_ effect: EffectDescriptor) {
        self.effect = effect
        self.values = Dictionary(uniqueKeysWithValues: effect.parameters.map { ($0.uniform, $0.defaultValue) })
        self.duration = effect.duration
        self.curve = effect.curve
    }

    /// `spec`'s value for this play where it is seeded: each component in
    /// 0..<1, drawn from the play's seed and the parameter's name.
    public func seeded(_ spec: ParameterSpec) -> ParameterValue {
        var state = seed.bitPattern ^ spec.uniform.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let components = (0..<max(spec.type.componentCount, 1)).map { _ in
            // SplitMix64: well spread from seeds that differ in few bits.
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        return spec.type == .image ? spec.defaultValue : ParameterValue(spec.type, components)
    }

    /// Sets a parameter from text by its user-facing (`column-width`) or uniform name.
    public mutating func set(_ name: String, to text: String) throws(ParameterError) {
        guard let spec = effect.parameters.first(where: { $0.name == name || $0.uniform == name }) else {
            throw .unknown(name: name, effect: effect.name, known: effect.parameters.map(\.name))
        }
        values[spec.uniform] = try spec.value(from: text)
    }

    /// Sets parameters from `name=value` strings, as given on a command line.
    public mutating func apply(assignments: [String]) throws(ParameterError) {
        for assignment in assignments {
            let kv = assignment.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { throw .malformed(assignment) }
            try set(String(kv[0]).trimmingCharacters(in: .whitespaces),
                    to: String(kv[1]))
        }
    }

    /// The same with the source rectangle `rect` (fractions of an output)
    /// placed in fractions of a part of it, `drawn` (pixels of an output of
    /// `outputWidth` × `outputHeight`): a window and its margin drawn over the
    /// desktop. Outside 0...1 where the rectangle is outside that part.
    public func sourceRect(within drawn: PixelRect, outputWidth: Int, outputHeight: Int) -> EffectSettings {
        guard let spec = effect.parameters.first(where: { $0.uniform == "rect" && $0.type == .vec4 }),
              let rect = values[spec.uniform], drawn.width > 0, drawn.height > 0 else { return self }
        let (w, h) = (Double(outputWidth), Double(outputHeight))
        let f = rect.components
        var settings = self
        settings.values[spec.uniform] = ParameterValue(.vec4, [(f[0] * w - Double(drawn.x)) / Double(drawn.width),
                                                               (f[1] * h - Double(drawn.y)) / Double(drawn.height),
                                                               f[2] * w / Double(drawn.width), f[3] * h / Double(drawn.height)])
        return settings
    }

    /// The source rectangle (`rect`, fractions of the output) in output
    /// pixels, where the effect has one: a part of the output it draws into.
    public func sourceRect(outputWidth: Int, outputHeight: Int) -> PixelRect? {
        guard let spec = effect.parameters.first(where: { $0.uniform == "rect" && $0.type == .vec4 }), let rect = values[spec.uniform] else { return nil }
        let f = rect.components, (w, h) = (Double(outputWidth), Double(outputHeight))
        let x0 = (f[0] * w).rounded(.down), y0 = (f[1] * h).rounded(.down)
        let x1 = ((f[0] + f[2]) * w).rounded(.up), y1 = ((f[1] + f[3]) * h).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e6, abs(y0) < 1e6, abs(x1) < 1e6, abs(y1) < 1e6 else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    public func value(_ name: String) -> ParameterValue? {
        effect.parameters.first { $0.name == name || $0.uniform == name }.flatMap { values[$0.uniform] }
    }

    /// Progress the effect shows `elapsed` seconds after the transition began.
    public func progress(atElapsed elapsed: Double) -> Double {
        curve.progress(atFraction: duration > 0 ? elapsed / duration : 1)
    }
}
