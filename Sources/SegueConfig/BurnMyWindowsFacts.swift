import Foundation
import SegueEngine

/// What a Burn-My-Windows effect shader plays with beside its file: by the
/// file's name, its published effect's facts from Segue's table (defaults,
/// seeded uniforms, room, time; images, and defaults where its schema has
/// them, from a checkout); what Segue does not know starts neutral, with a
/// note naming what to set.
public struct BurnMyWindowsFacts {
    /// Under what the config itself sets.
    public private(set) var defaults = PartialChoice(curve: .linear)
    /// Told, not refused.
    public private(set) var notes: [String] = []
    /// What stops it loading: an image the checkout lacks.
    public private(set) var problems: [String] = []

    /// `effect` given its room and seeded parameters; `own` is what the
    /// config sets (its images are not looked for), `checkout` a
    /// Burn-My-Windows checkout and `schema` its settings' defaults (over
    /// the table's), `table` where to set things, for notes.
    public init(_ effect: inout EffectDescriptor, own: PartialChoice, checkout: String?, schema: BurnMyWindowsSchema? = nil,
                table: String) {
        let nick = URL(fileURLWithPath: effect.source.path).deletingPathExtension().lastPathComponent
        let uniforms = effect.parameters.filter { own.parameters[$0.name] == nil }
        guard let facts = BurnMyWindowsEffect.published.first(where: { $0.nick == nick }) else {
            if let schema, let time = schema.defaults["\(nick)-animation-time"] {
                playNewer(nick, time: time[0] / 1000, uniforms: uniforms, schema: schema, table: table)
                return
            }
            if !uniforms.isEmpty {
                notes.append("Segue knows no Burn-My-Windows effect '\(nick)': \(Self.listed(uniforms)) \(uniforms.count == 1 ? "starts" : "start") "
                             + "at 0 (images at a neutral ramp); set them in \(table)")
            }
            return
        }
        effect.room = facts.room
        effect.roomReachesOutput = facts.roomReachesOutput
        defaults.duration = schema?.defaults["\(nick)-animation-time"].map { $0[0] / 1000 } ?? facts.duration
        var unknown: [ParameterSpec] = [], imageless: [(ParameterSpec, String)] = []
        for spec in effect.parameters {
            switch facts.uniforms[spec.uniform] {
            case .setting(let key, let values)?:
                let values = schema?.defaults[key] ?? values
                guard values.count >= spec.type.componentCount else { continue }
                defaults.parameters[spec.name] = ParameterValue(spec.type, Array(values.prefix(spec.type.componentCount)))
            case .fixed(let values)?:
                guard values.count >= spec.type.componentCount else { continue }
                defaults.parameters[spec.name] = ParameterValue(spec.type, Array(values.prefix(spec.type.componentCount)))
            case .seed?:
                effect.seeded.insert(spec.uniform)
            case .roomHeight?:
                effect.roomUniform = spec.uniform
            case .image(let file)? where own.parameters[spec.name] == nil:
                guard let checkout else {
                    imageless.append((spec, file))
                    continue
                }
                let image = checkout + "/resources/img/" + file
                if FileManager.default.isReadableFile(atPath: image) {
                    defaults.parameters[spec.name] = ParameterValue(image: image)
                } else {
                    problems.append("Burn-My-Windows' \(file), which \(spec.uniform) reads, is not in \(checkout)/resources/img")
                }
            case .image?:
                break
            case nil where own.parameters[spec.name] == nil:
                // A uniform of a version newer or older than the table's, by the extension's naming.
                if let values = schema?.setting(nick: nick, uniform: spec.uniform, count: spec.type.componentCount) {
                    defaults.parameters[spec.name] = ParameterValue(spec.type, values)
                } else {
                    unknown.append(spec)
                }
            case nil:
                break
            }
        }
        if !imageless.isEmpty {
            let images = imageless.map { "\($0.0.uniform) (\($0.1))" }.joined(separator: ", ")
            notes.append("\(images) \(imageless.count == 1 ? "reads" : "read") Burn-My-Windows' images: set burn-my-windows = "
                         + "\"/path/to/Burn-My-Windows\" at the top of the config, or the images here; a neutral ramp until then")
        }
        if !unknown.isEmpty {
            notes.append("Segue's table of Burn-My-Windows' '\(nick)' has no \(Self.listed(unknown)): "
                         + "\(unknown.count == 1 ? "it starts" : "they start") at 0; set them in \(table)")
        }
    }

    /// An effect the checkout's schema has and Segue's table has not (newer
    /// than it): its time and the settings named as its uniforms are from
    /// the schema, the rest start at 0 with a note; it draws within the window.
    private mutating func playNewer(_ nick: String, time: Double, uniforms: [ParameterSpec], schema: BurnMyWindowsSchema, table: String) {
        defaults.duration = time
        var unknown: [ParameterSpec] = []
        for spec in uniforms {
            if let values = schema.setting(nick: nick, uniform: spec.uniform, count: spec.type.componentCount) {
                defaults.parameters[spec.name] = ParameterValue(spec.type, values)
            } else {
                unknown.append(spec)
            }
        }
        notes.append("Segue's table has no Burn-My-Windows effect '\(nick)': its time and settings come from the checkout's schema, "
                     + "and it draws within the window"
                     + (unknown.isEmpty ? "" : "; \(Self.listed(unknown)) \(unknown.count == 1 ? "starts" : "start") at 0 "
                        + "(images at a neutral ramp): set them in \(table)"))
    }

    /// `a`, `a and b`, `a, b and c`, by their uniforms' names (a config takes those too).
    private static func listed(_ specs: [ParameterSpec]) -> String {
        let names = specs.map(\.uniform)
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
