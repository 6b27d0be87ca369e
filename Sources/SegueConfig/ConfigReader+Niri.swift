import Foundation
import SegueEngine

/// `[effects.NAME] niri = "config.kdl"`: a niri config file's `animations`
/// block, read as niri reads it (KDL 1.0). Its `window-open` custom shader is
/// effect NAME, its `window-close` one `NAME-close` and its `window-resize`
/// one `NAME-resize`, each with the block's
/// `duration-ms` and `curve` or `spring` as its defaults; `off`, and every
/// other node, plays nothing here.
extension ConfigReader {
    /// One effect of the file: its descriptor and the defaults its block sets.
    struct NiriEffect {
        let descriptor: EffectDescriptor
        let defaults: PartialChoice
    }

    /// niri's named curves, as the cubic Béziers their names stand for.
    private static let niriCurves: [String: CubicBezier] = [
        "ease-out-quad": CubicBezier(0.5, 1, 0.89, 1)!, "ease-out-cubic": CubicBezier(0.33, 1, 0.68, 1)!,
        "ease-out-expo": CubicBezier(0.16, 1, 0.3, 1)!,
    ]

    func loadNiri(_ node: TOMLNode, name: String, folder: String, at path: TOMLPath) -> [NiriEffect]? {
        let niriPath = path + ["niri"]
        guard let written = string(node, at: niriPath, must: "a string: a niri config file (KDL), relative to this config") else { return nil }
        let file = written.hasPrefix("/") ? written : folder + "/" + written
        guard let data = FileManager.default.contents(atPath: file), data.count <= ShaderSource.maximumFileSize,
              let text = String(data: data, encoding: .utf8) else {
            report("niri config \"\(written)\" cannot be read as text (at most \(ShaderSource.maximumFileSize / 1024) KiB)", atValue: niriPath)
            return nil
        }
        let nodes: [KDLNode]
        do throws(KDLError) {
            nodes = try KDLDocument.parse(text)
        } catch {
            report("not KDL: \(error.message)", line: error.line, column: error.column, in: file)
            return nil
        }
        let blocks = nodes.filter { $0.name == "animations" }.flatMap(\.children)
        var found: [NiriEffect] = []
        for (block, suffix, interface) in [("window-open", "", ShaderSource.Interface.niriOpen), ("window-close", "-close", .niriClose),
                                           ("window-resize", "-resize", .niriResize)] {
            guard let animation = blocks.last(where: { $0.name == block }), !animation.children.contains(where: { $0.name == "off" }),
                  let shader = animation.children.last(where: { $0.name == "custom-shader" }) else { continue }
            guard let code = shader.arguments.first?.string else {
                report("custom-shader takes the shader as a string", line: shader.line, column: shader.column, in: file)
                return nil
            }
            // Blank lines before it, so the shader's lines are the file's.
            let source: ShaderSource
            do throws(ShaderSourceError) {
                source = try ShaderSource.parse(String(repeating: "\n", count: shader.line - 1) + code, path: file)
            } catch {
                report(error.message, line: error.line, column: error.column, in: file)
                return nil
            }
            guard source.interface == interface else {
                let function = switch interface { case .niriOpen: "open_color"; case .niriClose: "close_color"; default: "resize_color" }
                report("\(block)'s custom-shader must define \(function)",
                       line: shader.line, column: shader.column, in: file)
                return nil
            }
            guard let defaults = niriTiming(animation, file: file),
                  let descriptor = try? EffectDescriptor(name: name + suffix, source: source, origin: .userShader) else { return nil }
            found.append(NiriEffect(descriptor: descriptor, defaults: defaults))
        }
        guard !found.isEmpty else {
            report("\(written) has no animations { window-open { custom-shader … } } nor window-close or window-resize one to play",
                   atValue: niriPath)
            return nil
        }
        return found
    }

    /// A block's `duration-ms` and `curve` (a name, or "cubic-bezier" and its four numbers) or `spring`.
    private func niriTiming(_ animation: KDLNode, file: String) -> PartialChoice? {
        var choice = PartialChoice()
        for node in animation.children {
            func fail(_ message: String) -> PartialChoice? {
                report(message, line: node.line, column: node.column, in: file)
                return nil
            }
            switch node.name {
            case "duration-ms":
                guard let ms = node.arguments.first?.number, ms > 0, ms / 1000 <= TimeSpan.maximumSeconds else {
                    return fail("duration-ms takes milliseconds, more than 0 and at most 60000")
                }
                choice.duration = ms / 1000
            case "curve":
                let numbers = node.arguments.dropFirst().compactMap(\.number)
                switch node.arguments.first?.string {
                case "linear"?: choice.curve = .linear
                case "cubic-bezier"? where numbers.count == 4:
                    guard let bezier = CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]) else {
                        return fail("cubic-bezier's first and third numbers must be in 0...1")
                    }
                    choice.curve = .cubicBezier(bezier)
                case let name? where Self.niriCurves[name] != nil:
                    choice.curve = .cubicBezier(Self.niriCurves[name]!)
                default:
                    return fail("curve takes \"linear\", \"ease-out-quad\", \"ease-out-cubic\", \"ease-out-expo\" or \"cubic-bezier\" and four numbers")
                }
            case "spring":
                guard let damping = node.property("damping-ratio")?.number, (0.01...10).contains(damping),
                      let stiffness = node.property("stiffness")?.number, (0.01...1_000_000).contains(stiffness) else {
                    return fail("spring takes damping-ratio (0.01 to 10) and stiffness (0.01 to 1000000)")
                }
                let spring = Spring(dampingRatio: damping, stiffness: stiffness)
                guard spring.settleDuration <= TimeSpan.maximumSeconds else { return fail("this spring takes longer than 60 s to settle") }
                choice.curve = .spring(spring)
                choice.duration = spring.settleDuration
            default:
                continue
            }
        }
        return choice
    }
}
