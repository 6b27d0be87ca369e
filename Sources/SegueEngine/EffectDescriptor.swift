/// An effect as the registry knows it: its shader source with parameters, its
/// layered form where it has one, and the duration and timing curve it plays
/// with unless a caller says otherwise.
public struct EffectDescriptor: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        case builtin
        /// A gl-transitions file given by a user.
        case userShader
        /// Registered from Swift by an embedding program.
        case swift
    }

    public let name: String
    public let summary: String
    public let source: ShaderSource
    public let origin: Origin
    public let duration: Double
    public let curve: TimingCurve
    /// Which screens the effect scales down, and so samples through mipmaps:
    /// `// @mipmaps` for both, `// @mipmaps from` or `// @mipmaps to` for one.
    public let mipmappedFrom: Bool
    public let mipmappedTo: Bool
    /// The same effect as layers (`LayeredEffects`), drawn where that is
    /// cheaper; the shader is then the reference the layers are held to.
    public let layered: (any LayeredEffect)?

    /// How many times a window's width and height an effect drawing that
    /// one window draws in, centred on it: 1 is the window itself (Segue
    /// adds its margin around it).
    public var room = (x: 1.0, y: 1.0)
    /// Whether its room's height reaches, too, `room.y` times the output's
    /// over the window's, where that is more (doom's columns melt to the
    /// bottom of the screen).
    public var roomReachesOutput = false
    /// A parameter given, at each frame, the room's height in window heights
    /// (doom's `uActorScale`, which its shader draws the window by).
    public var roomUniform: String?
    /// Parameters given a new random value (0..<1 per component) at each play.
    public var seeded: Set<String> = []

    public var parameters: [ParameterSpec] { source.parameters }

    /// Its room about a window `windowHeight` pixels tall on an output `outputHeight` tall.
    public func room(windowHeight: Int, outputHeight: Int) -> (x: Double, y: Double) {
        guard roomReachesOutput, windowHeight > 0 else { return room }
        return (room.x, room.y * max(1, Double(outputHeight) / Double(windowHeight)))
    }

    public static let defaultDuration = 0.35
    public static let defaultCurve = TimingCurve.easeInOut

    /// Reads the effect's `// @summary`, `// @duration`, `// @easing`, `// @spring`
    /// and `// @mipmaps` annotations; a bad one is reported at its own line.
    public init(name: String, source: ShaderSource, origin: Origin, layered: (any LayeredEffect)? = nil) throws(ShaderSourceError) {
        self.name = name
        self.source = source
        self.origin = origin
        self.layered = layered
        var summary = ""
        var duration = Self.defaultDuration
        var curve = Self.defaultCurve
        var spring: Annotation?
        var mipmaps = (from: false, to: false)
        for note in source.annotations {
            do throws(TimingCurveError) {
                switch note.key {
                case "summary": summary = note.value
                case "duration": duration = try TimeSpan.parse(note.value)
                case "easing": curve = try TimingCurve.parse(note.value)
                case "spring": spring = note
                case "mipmaps":
                    switch note.value {
                    case "": mipmaps = (true, true)
                    case "from": mipmaps.from = true
                    case "to": mipmaps.to = true
                    default: throw TimingCurveError(message: "@mipmaps takes nothing, 'from' or 'to', not '\(note.value)'")
                    }
                default: break
                }
            } catch {
                throw ShaderSourceError(path: source.path, line: note.line, column: note.column,
                                        message: error.message)
            }
        }
        if let spring {
            // A spring settles over the effect's duration unless given a stiffness.
            curve = .spring(try Self.spring(from: spring, duration: duration, path: source.path))
            duration = curve.naturalDuration ?? duration
        }
        if summary.isEmpty, let author = source.annotations.first(where: { $0.key == "author" }) {
            summary = "gl-transition by \(author.value)"
        }
        self.summary = summary
        self.duration = duration
        self.curve = curve
        mipmappedFrom = mipmaps.from
        mipmappedTo = mipmaps.to
    }

    public static func == (a: EffectDescriptor, b: EffectDescriptor) -> Bool {
        a.name == b.name && a.summary == b.summary && a.source == b.source && a.origin == b.origin && a.duration == b.duration
            && a.curve == b.curve && a.mipmappedFrom == b.mipmappedFrom && a.mipmappedTo == b.mipmappedTo
            && (a.layered == nil) == (b.layered == nil) && a.room == b.room && a.seeded == b.seeded
            && a.roomReachesOutput == b.roomReachesOutput && a.roomUniform == b.roomUniform
    }

    /// `damping=0.5 velocity=0.8 [stiffness=300]`
    private static func spring(from note: Annotation, duration: Double, path: String) throws(ShaderSourceError) -> Spring {
        var fields: [String: Double] = [:]
        for pair in note.value.split(separator: " ") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, let x = Double(kv[1]), x.isFinite,
                  ["damping", "velocity", "stiffness"].contains(String(kv[0])) else {
                throw ShaderSourceError(path: path, line: note.line, column: note.column,
                                        message: "expected '@spring damping=D velocity=V [stiffness=K]', got '\(pair)'")
            }
            fields[String(kv[0])] = x
        }
        func failure(_ message: String) -> ShaderSourceError {
            ShaderSourceError(path: path, line: note.line, column: note.column, message: message)
        }
        let damping = fields["damping"] ?? 1
        let velocity = fields["velocity"] ?? 0
        // Beyond these bounds the spring's solver overflows or the spring never settles in a usable time.
        guard (0.01...10).contains(damping) else { throw failure("spring damping must be in 0.01...10") }
        guard (-100...100).contains(velocity) else { throw failure("spring velocity must be in -100...100") }
        let spring: Spring
        if let k = fields["stiffness"] {
            guard (0.01...1_000_000).contains(k) else { throw failure("spring stiffness must be in 0.01...1000000") }
            spring = Spring(dampingRatio: damping, initialVelocity: velocity, stiffness: k)
        } else {
            guard duration >= 0.01 else { throw failure("a spring cannot settle in under 10 ms") }
            spring = Spring.settling(in: duration, dampingRatio: damping, initialVelocity: velocity)
        }
        guard spring.settleDuration <= TimeSpan.maximumSeconds else {
            throw failure("this spring takes longer than 60 s to settle; raise its stiffness or damping")
        }
        return spring
    }
}
