import CGLES
import SegueEngine
import SegueShaders

/// An effect's shader compiled into a program: Segue's vertex stage, the
/// gl-transitions prelude, the effect's file, its deferred global
/// initializers, and an epilogue calling `transition(uv)`, in the file's GLSL
/// version. A niri open or close shader gets niri's uniforms in place of the
/// prelude, and an epilogue calling its function over the window's geometry
/// (a resize shader, with its pictures before and after); a Burn-My-Windows
/// one its interface, and an epilogue calling its main.
final class EffectProgram {
    let source: ShaderSource
    private let program: ShaderProgram
    private let progress, ratio, size, window, over: GLint
    private let niri: (progress: GLint, clamped: GLint, seed: GLint, geoToTex: GLint, geometry: GLint, geometrySize: GLint)
    private let burnMyWindows: BurnMyWindowsUniforms
    private let resize: NiriResizeUniforms
    private let parameters: [(spec: ParameterSpec, location: GLint)]

    init(effect: EffectDescriptor) throws {
        source = effect.source
        // Burn-My-Windows' shaders are desktop GLSL at heart (loops to bounds set at run time, indices
        // computed): ES 3.00 takes them where 1.00 does not, and the prelude maps texture2D.
        let version = source.language == .glsl300 || source.interface == .burnMyWindows ? "300" : "100"
        // Around the file: each format's prelude (and a line before the file), and its epilogue (and a line before it).
        let (preludes, beforeFile, epilogue, beforeEpilogue): ([String], String?, String, String?) = switch source.interface {
        case .glTransitions: (["prelude-\(version).glsl", "screens.glsl"], nil, "epilogue-\(version).glsl", nil)
        case .niriOpen: (["fragment-io.glsl", "niri-prelude.glsl"], nil, "niri-epilogue.glsl", "#define SEGUE_NIRI_COLOR open_color")
        case .niriClose: (["fragment-io.glsl", "niri-prelude.glsl"], nil, "niri-epilogue.glsl", "#define SEGUE_NIRI_COLOR close_color")
        case .niriResize: (["fragment-io.glsl", "niri-resize-prelude.glsl"], nil, "niri-resize-epilogue.glsl", nil)
        // The file's main runs inside Segue's, which finds its pixel first.
        case .burnMyWindows: (["fragment-io.glsl", "bmw-prelude.glsl", "bmw-helpers.glsl", "bmw-noise.glsl"],
                              "#define main segueBurnMyWindowsMain", "bmw-epilogue.glsl", nil)
        }
        var vertex = ShaderAssembly()
        vertex.append(version == "300" ? "#version 300 es" : "#version 100")
        vertex.append(try ShaderProgram.libraryFile("vertex-\(version).glsl"), path: ShaderFiles.libraryPath("vertex-\(version).glsl"))
        var fragment = ShaderAssembly()
        fragment.append(version == "300" ? "#version 300 es" : "#version 100")
        // A prelude's helper the file defines itself (an older Burn-My-Windows common.glsl lacked it) is the file's.
        for name in source.functions.sorted() where source.interface == .burnMyWindows { fragment.append("#define SEGUE_OWN_\(name)") }
        for file in preludes { fragment.append(try ShaderProgram.libraryFile(file), path: ShaderFiles.libraryPath(file)) }
        if let beforeFile { fragment.append(beforeFile) }
        // The file declares its parameters' uniforms itself.
        fragment.append(source.body, path: source.path)
        // Globals whose initializers GLSL ES refuses at file scope get them here, in file order.
        fragment.append("void segueInitGlobals() {")
        for deferred in source.deferredInitializers {
            fragment.append("\(deferred.name) = \(deferred.expression);", path: source.path, firstLine: deferred.line)
        }
        fragment.append("}")
        if let beforeEpilogue { fragment.append(beforeEpilogue) }
        fragment.append(try ShaderProgram.libraryFile(epilogue), path: ShaderFiles.libraryPath(epilogue))
        let program = try ShaderProgram(name: "effect '\(effect.name)'", vertex: vertex, fragment: fragment,
                                        fragmentPath: source.path)
        self.program = program
        glUseProgram(program.id)
        glUniform1i(program.uniform("from"), 0)
        glUniform1i(program.uniform("to"), 1)
        // The window is the side an open comes to, and a close goes from (after a reverse play's swap).
        glUniform1i(program.uniform("niri_tex"), source.interface == .niriClose ? 0 : 1)
        niri = (program.uniform("niri_progress"), program.uniform("niri_clamped_progress"), program.uniform("niri_random_seed"),
                program.uniform("niri_geo_to_tex"), program.uniform("segueGeometry"), program.uniform("segueGeometrySize"))
        progress = program.uniform("progress")
        ratio = program.uniform("ratio")
        size = program.uniform("segueSize")
        window = program.uniform("segueWindow")
        over = program.uniform("segueOver")
        burnMyWindows = BurnMyWindowsUniforms(program)
        resize = NiriResizeUniforms(program)
        parameters = source.parameters.map { ($0, program.uniform($0.uniform)) }
        // Images take the units after the two screens, in declaration order.
        images = source.parameters.filter { $0.type == .image }.enumerated().map { ($1, 2 + $0) }
        for (spec, unit) in images { glUniform1i(program.uniform(spec.uniform), GLint(unit)) }
    }

    /// The image parameters and the texture unit each is read from.
    let images: [(spec: ParameterSpec, unit: Int)]

    /// Sets every uniform for one frame of `settings`; the caller has bound
    /// the textures. With a `window` (pixels of the drawing, from its
    /// top-left) the screens fill only that rectangle, and what shows neither
    /// is transparent. A one-window shader's window is `oneWindow` (all of
    /// the drawing, going, where nil); a resize shader's resize `resizing`.
    func use(progress value: Double, width: Int, height: Int, window rect: PixelRect? = nil, oneWindow: OneWindowFrame? = nil,
             resizing: ResizeFrame? = nil, settings: EffectSettings) {
        glUseProgram(program.id)
        let alone = oneWindow ?? OneWindowFrame(geometry: nil, opening: false, fillsOutput: true)
        if source.interface == .niriResize {
            resize.set(progress: value, frame: resizing ?? ResizeFrame(current: .unit, previous: (width, height), next: (width, height)),
                       width: width, height: height)
        } else if source.interface == .burnMyWindows {
            burnMyWindows.set(progress: value, window: alone, settings: settings, width: width, height: height)
        } else if source.interface != .glTransitions {
            let g = alone.geometry ?? .unit
            glUniform1f(niri.progress, Float(value))
            glUniform1f(niri.clamped, Float(min(max(value, 0), 1)))
            glUniform1f(niri.seed, Float(settings.seed))
            glUniform4f(niri.geometry, Float(g.x), Float(g.y), Float(g.width), Float(g.height))
            glUniform2f(niri.geometrySize, Float(g.width * Double(width)), Float(g.height * Double(height)))
            // Geometry coordinates to the picture's, which is the drawing's: columns of a mat3.
            let matrix: [Float] = [Float(g.width), 0, 0, 0, Float(g.height), 0, Float(g.x), Float(g.y), 1]
            matrix.withUnsafeBufferPointer { glUniformMatrix3fv(niri.geoToTex, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        }
        glUniform1f(progress, Float(value))
        glUniform1f(ratio, Float(width) / Float(height))
        glUniform2f(size, Float(width), Float(height))
        if let rect {
            // uv's origin is the bottom-left.
            glUniform4f(window, Float(rect.x) / Float(width), Float(height - rect.y - rect.height) / Float(height),
                        Float(rect.width) / Float(width), Float(rect.height) / Float(height))
        } else {
            glUniform4f(window, 0, 0, 1, 1)
        }
        glUniform1f(over, rect == nil ? 0 : 1)
        for (spec, location) in parameters where location >= 0 {
            let v = if settings.effect.seeded.contains(spec.uniform) {
                settings.seeded(spec)
            } else if spec.uniform == settings.effect.roomUniform, spec.type.componentCount == 1 {
                ParameterValue(spec.type, [alone.room.y])
            } else {
                settings.values[spec.uniform] ?? spec.defaultValue
            }
            let f = v.floats, i = v.ints
            switch spec.type {
            case .float: glUniform1f(location, f[0])
            case .int, .bool: glUniform1i(location, i[0])
            case .vec2: glUniform2f(location, f[0], f[1])
            case .vec3: glUniform3f(location, f[0], f[1], f[2])
            case .vec4: glUniform4f(location, f[0], f[1], f[2], f[3])
            case .ivec2: glUniform2i(location, i[0], i[1])
            case .image: break  // its unit is set once; the caller binds the texture
            }
        }
    }
}
