import CGLES
import Foundation
import SegueEngine
import SegueImaging
import SegueShaders

/// Draws transitions between two textures into a render target through each
/// effect's program, compiled once per effect and source.
public final class Renderer {
    package let context: GLContext
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    /// A framebuffer any texture is attached to when it is the source of a blit.
    private var readFramebuffer: GLuint = 0
    private var programs: [String: EffectProgram] = [:]
    private let images = ImageParameters()
    /// Built-in layered effects already drawn once (see `warmUp`).
    private var warmedUp: Set<String> = []
    /// What this renderer's EGL imports as dmabufs, asked once.
    package private(set) lazy var dmabufSupport = context.dmabufSupport
    /// Draws dmabufs GL samples only as external images into ordinary textures;
    /// nil where GL has no external images, or no BGRA8 textures to draw them into.
    lazy var externalImages: ExternalImageProgram? = {
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        guard extensions.split(separator: " ").contains("GL_OES_EGL_image_external_essl3"), TextureStorage.native == .bgra8 else {
            return nil
        }
        return try? ExternalImageProgram()
    }()
    /// What each form of an effect with two cost on a target of a size (see `formChoice`).
    var formChoices: [String: FormChoice] = [:]
    /// Targets transition frames are drawn into at less than full size (see `draw(…scale:…)`).
    var reducedTargets: [RenderTarget] = []
    /// Seconds a frame of an effect took when timed, by effect, size and scale (see `frameCost`).
    var frameCosts: [String: Double] = [:]
    /// Where frame fences are waited for, off the event loop.
    let fenceWaiter = DispatchQueue(label: "segue.frame-fences")
    lazy var meshes = Result { try MeshProgram() }
    /// The transparent texel a side that is nothing shows (see `nothing`).
    var nothingTexture: Texture?
    /// The same at frames' sizes, the newest last (see `transparent`).
    var transparentFrames: [RenderTarget] = []
    /// A window's surfaces alone, and its transition's frame, for `drawWindow`.
    var windowAlone: RenderTarget?, windowFrame: RenderTarget?
    /// The kept picture, and where, `windowAlone` holds composed (see `drawWindow`).
    var windowAloneHolds: KeptPicture?
    private lazy var painter = Result {
        LayerPainter(meshes: try meshes.get(), masks: try MaskProgram(),
                     white: try Texture(image: RGBAImage(width: 1, height: 1, fill: .white)), nothing: try nothing,
                     transparent: { [unowned self] in try self.transparent(width: $0, height: $1) },
                     copy: { [unowned self] in self.copy($0, regions: $1, into: $2) })
    }

    /// How a built-in effect with a layered form is drawn.
    package enum EffectForm: Sendable {
        /// As layers (`LayeredEffects`), where the effect has them: copies, fills and simple quads.
        case layers
        /// As its fragment shader: the reference the layers are tested against.
        case shader
    }

    /// A renderer on the first usable offscreen EGL display.
    public convenience init() throws {
        try self.init(context: GLContext())
    }

    /// A renderer on `context`, which must be current.
    package init(context: GLContext) {
        self.context = context
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(1, &vertexBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        // One triangle that covers clip space; cheaper than a quad's seam.
        let triangle: [Float] = [-1, -1, 3, -1, -1, 3]
        triangle.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_DEPTH_TEST))
        glGenFramebuffers(1, &readFramebuffer)
    }

    deinit {
        // The display must outlive every wait on its fences.
        fenceWaiter.sync {}
        programs.removeAll()
        glDeleteFramebuffers(1, &readFramebuffer)
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Compiles the effect's program now, so a broken shader is reported before
    /// a transition needs it.
    public func prepare(_ effect: EffectDescriptor) throws {
        _ = try program(for: effect)
        if hasTwoForms(effect), !warmedUp.contains(effect.name) {
            try warmUp(effect)
            warmedUp.insert(effect.name)
        }
    }

    /// Draws a layered effect a few times on small screens (neither side a power
    /// of two, as most windows'). A driver may compile for each sampling state at
    /// first use (llvmpipe does: tens of milliseconds), which would make a
    /// transition's first frame late.
    private func warmUp(_ effect: EffectDescriptor) throws {
        let screens = try (0..<2).map { _ in
            let screen = try Texture(width: 24, height: 14)
            [UInt8](repeating: 128, count: 24 * 14 * 4).withUnsafeBytes { screen.upload($0, stride: 96, format: .xrgb8888) }
            return screen
        }
        // Building every level reads levels above the base, which llvmpipe compiles apart.
        screens[1].bind(unit: 0, mipmapLevels: .max)
        let target = try RenderTarget(width: 24, height: 14)
        for progress in [0.05, 0.5, 0.9] {
            try draw(EffectSettings(effect), from: screens[0], to: screens[1], progress: progress, into: target)
            // And as a window opening over the desktop: other blends, alpha read as 1.
            try draw(EffectSettings(effect), from: nothing, to: screens[1], progress: progress, form: .layers, window: target.bounds,
                     into: target)
        }
    }

    /// Compiles the effect's program and returns its problems as
    /// `file:line:col: message` lines, or none when it compiles.
    public func problems(compiling effect: EffectDescriptor) -> [String] {
        do {
            try prepare(effect)
            return []
        } catch let error as RenderError where !error.located.isEmpty {
            // The heading ("effect 'x' does not compile:") adds nothing to the located lines.
            return error.located
        } catch {
            return ["\(error)"]
        }
    }

    /// Whether `effect` can be drawn both as layers and as its shader.
    package func hasTwoForms(_ effect: EffectDescriptor) -> Bool {
        effect.layered != nil
    }

    /// Draws `settings.effect` at `progress` (0 shows `from`, 1 shows `to`).
    /// Reverse plays the effect backwards with the screens swapped. A built-in
    /// effect with a layered form is drawn as layers.
    public func draw(_ settings: EffectSettings, from: Texture, to: Texture, progress: Double,
                     direction: TransitionDirection = .forward, into target: RenderTarget) throws {
        try draw(settings, from: from, to: to, progress: progress, direction: direction, form: .layers, into: target)
    }

    /// `draw` in the given form: as layers where the effect has them, or as its shader.
    /// With a `window` (a rectangle of the target) the screens fill only it and
    /// the frame keeps its alpha, transparent where it shows neither, to be
    /// laid over what is behind (premultiplied). Layers fill the target: with
    /// a smaller window, the shader's glue places the screens. A `sparse`
    /// side's layers draw only where it holds the window; a shader of one
    /// window draws `oneWindow`, a resize shader `resizing` from `from` (the
    /// picture before) to `to`. What of the target may be other than
    /// transparent after, with a window: nil where none is.
    @discardableResult
    package func draw(_ settings: EffectSettings, from: Texture, to: Texture, progress: Double,
                      direction: TransitionDirection = .forward, form: EffectForm, window: PixelRect? = nil,
                      sparse: SparseSide? = nil, oneWindow: OneWindowFrame? = nil, resizing: ResizeFrame? = nil,
                      into target: RenderTarget) throws -> PixelRect? {
        let (first, second, p) = direction == .forward ? (from, to, progress) : (to, from, 1 - progress)
        if form == .layers, window.map({ $0 == target.bounds }) ?? true, let layered = settings.effect.layered {
            return try painter.get().paint(layered.layers(progress: p, width: target.width, height: target.height, values: settings.values),
                                           from: first, to: second, over: window != nil, sparse: sparse, into: target)
        }
        let program = try program(for: settings.effect)
        // Loaded before anything is bound: making a texture binds it to the active unit.
        let imageTextures = try program.images.map { (try images.texture(for: settings.values[$0.spec.uniform]?.path), $0.unit) }
        target.bind()
        // A shader's level of detail is its own: every level. Shaders may read
        // a screen's alpha, which an opaque one's stored bytes do not hold.
        first.bind(unit: 0, mipmapLevels: settings.effect.mipmappedFrom ? .max : 0, opaqueAlpha: true)
        second.bind(unit: 1, mipmapLevels: settings.effect.mipmappedTo ? .max : 0, opaqueAlpha: true)
        for (texture, unit) in imageTextures { texture.bind(unit: unit, mipmapLevels: 0) }
        program.use(progress: p, width: target.width, height: target.height, window: window, oneWindow: oneWindow, resizing: resizing,
                    settings: settings)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        target.texture?.contentChanged()
        return target.bounds
    }

    /// Draws a layer list, bottom first, each layer by the cheapest exact path:
    /// one frame of a layered effect (an embedder's own comes through `draw`,
    /// as its descriptor's `layered` form).
    func paint(_ layers: [EffectLayer], from: Texture, to: Texture, into target: RenderTarget) throws {
        try painter.get().paint(layers, from: from, to: to, into: target)
    }

    /// Clears `target` to `background` (0...1 per channel) and draws `layers`
    /// over it, bottom first, each as its client set it up (stretched over its
    /// rectangle, turned or mirrored back, cropped): how a window smaller than
    /// the output, or one with subsurfaces, becomes a full-output screen.
    /// With a `clip`, only inside it: the rest of the target stays as it was.
    /// With `coverage`, the target's alpha says what the layers cover: an
    /// opaque layer writes 1 there, never a copy of XRGB's unused byte.
    func compose(_ layers: [SurfaceLayer], background: (Float, Float, Float)?, into target: RenderTarget,
                 clip: PixelRect? = nil, coverage: Bool = false) throws {
        let meshes = try meshes.get()
        target.bind()
        if let clip {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(clip.x), GLint(clip.y), GLsizei(clip.width), GLsizei(clip.height))
        }
        defer { glDisable(GLenum(GL_SCISSOR_TEST)) }
        var layers = layers[...]
        // A screen under the rest that covers the target as it is: copied (memory speed), not cleared and drawn over.
        if !coverage, let bottom = layers.first, bottom.opacity >= 1, covers(target, as: bottom) {
            let area = clip ?? target.bounds
            copy(bottom.texture, regions: [(area, area.x, area.y)], into: target)
            target.bind()
            layers = layers.dropFirst()
        } else if let background {
            ClearColour.set(background)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        for layer in layers {
            let (texture, rect) = (layer.texture, layer.rect)
            // An opaque layer at its own size, unturned and uncropped, is a pure translation: a blit
            // (its stored alpha, which means nothing, made 1 where the target keeps coverage).
            if layer.opacity >= 1, texture.isOpaque, texture.blitsAsItLooks, rect.width == texture.width, rect.height == texture.height,
               layer.transform == .normal, layer.crop == SIMD4(0, 0, 1, 1) {
                copy(texture, into: target, x: rect.x, y: rect.y)
                if coverage { target.makeOpaque(clip.map { rect.clipped(to: $0).map { [$0] } ?? [] } ?? [rect]) }
                target.bind()
                continue
            }
            var mesh = LayerMesh()
            let map = TextureMapping.fill(rect, transform: layer.transform, crop: layer.crop)
            mesh.addRect(Double(max(rect.x, 0)), Double(max(rect.y, 0)), Double(min(rect.x + rect.width, target.width)),
                         Double(min(rect.y + rect.height, target.height)), map)
            meshes.draw(mesh, texture, blend: .screen(opaque: texture.isOpaque, opacity: layer.opacity), opaqueAlpha: coverage,
                        into: target)
        }
    }

    /// Copies `texture` pixel for pixel into `target` with its top-left at
    /// (x, y): a framebuffer blit, memory-copy speed on llvmpipe. The texels go as
    /// they are stored, without the texture's swizzle (see `Texture.blitsAsItLooks`).
    func copy(_ texture: Texture, into target: RenderTarget, x: Int = 0, y: Int = 0) {
        copy(texture, regions: [(PixelRect(x: 0, y: 0, width: texture.width, height: texture.height), x, y)], into: target)
    }

    /// Copies parts of `texture` into `target`, each part's top-left landing at its (x, y).
    func copy(_ texture: Texture, regions: [(source: PixelRect, x: Int, y: Int)], into target: RenderTarget) {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), readFramebuffer)
        glFramebufferTexture2D(GLenum(GL_READ_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.id, 0)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target.framebuffer)
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let texels = PixelRect(x: 0, y: 0, width: texture.width, height: texture.height)
        for region in regions {
            // Clipped here to what lands on the target, so the driver sees a plain copy.
            guard let source = region.source.clipped(to: texels) else { continue }
            let placed = PixelRect(x: region.x + source.x - region.source.x, y: region.y + source.y - region.source.y,
                                   width: source.width, height: source.height)
            guard let dst = placed.clipped(to: bounds) else { continue }
            let srcX = source.x + dst.x - placed.x, srcY = source.y + dst.y - placed.y
            glBlitFramebuffer(GLint(srcX), GLint(srcY), GLint(srcX + dst.width), GLint(srcY + dst.height),
                              GLint(dst.x), GLint(dst.y), GLint(dst.x + dst.width), GLint(dst.y + dst.height),
                              GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        glFramebufferTexture2D(GLenum(GL_READ_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), 0, 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        target.texture?.contentChanged()
    }

    /// Copies `target` into an embedder's `framebuffer` with its top-left at
    /// (x, y) there, upside down where `flipped`: libsegue's last step.
    package func blit(_ target: RenderTarget, toFramebuffer framebuffer: GLuint, x: Int, y: Int, flipped: Bool) {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        let (top, bottom) = flipped ? (y + target.height, y) : (y, y + target.height)
        glBlitFramebuffer(0, 0, GLint(target.width), GLint(target.height), GLint(x), GLint(top),
                          GLint(x + target.width), GLint(bottom), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
    }

    /// A new texture holding what `target` shows now, copied on the GPU.
    package func snapshot(of target: RenderTarget) throws -> Texture {
        let shown = try target.drawnTexture()
        let snapshot = try RenderTarget(width: target.width, height: target.height, storage: shown.storage)
        copy(shown, into: snapshot)
        return try snapshot.drawnTexture()
    }

    /// Waits until the GPU has finished every command given so far: for
    /// measurements, never on the event loop (see `submit`).
    public func finish() { glFinish() }

    /// Whether `effect` plays at once on a `width`×`height` target: compiled
    /// and, where it has two forms, both timed at that size (see `prepare` and `formChoice`).
    package func isReady(_ effect: EffectDescriptor, width: Int, height: Int) -> Bool {
        guard programs[effect.name]?.source == effect.source else { return false }
        return !hasTwoForms(effect) || (warmedUp.contains(effect.name) && formChoices[Self.formKey(effect, width: width, height: height)] != nil)
    }

    private func program(for effect: EffectDescriptor) throws -> EffectProgram {
        if let cached = programs[effect.name], cached.source == effect.source { return cached }
        let program = try EffectProgram(effect: effect)
        programs[effect.name] = program
        return program
    }
}
