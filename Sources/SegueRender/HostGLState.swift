import CGLES

/// The GL state an embedder's context had before Segue drew in it, put back
/// after: an embedder's render pass goes on as if Segue had not been there.
/// Saved are the bindings, viewport, scissor, blending, depth, stencil,
/// rasterizing and sampling state, masks and pixel stores Segue's drawing
/// changes or depends on, and the sampling parameters of the embedder's
/// textures it samples; between the two, Segue draws from GL's defaults for
/// what it does not set itself, whatever the embedder left set.
package struct HostGLState {
    /// Texture units Segue may bind: the two screens, masks, and an image parameter each.
    private static var units: GLint {
        var available: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), &available)
        return min(max(available, 1), 32)
    }
    /// Pixel stores Segue's uploads and readbacks need at GL's defaults, and the buffers that would take them.
    private static let pixelStores: [(name: Int32, initial: GLint)] = [
        (GL_UNPACK_ALIGNMENT, 4), (GL_UNPACK_ROW_LENGTH, 0), (GL_UNPACK_SKIP_ROWS, 0), (GL_UNPACK_SKIP_PIXELS, 0),
        (GL_UNPACK_IMAGE_HEIGHT, 0), (GL_UNPACK_SKIP_IMAGES, 0),
        (GL_PACK_ALIGNMENT, 4), (GL_PACK_ROW_LENGTH, 0), (GL_PACK_SKIP_ROWS, 0), (GL_PACK_SKIP_PIXELS, 0),
    ]
    private static let capabilities = [GL_BLEND, GL_SCISSOR_TEST, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE,
                                       GL_DITHER, GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_COVERAGE,
                                       GL_POLYGON_OFFSET_FILL, GL_PRIMITIVE_RESTART_FIXED_INDEX]
    /// Stencil state per face: function, reference, masks and operations.
    private static let stencil = (front: [GL_STENCIL_FUNC, GL_STENCIL_REF, GL_STENCIL_VALUE_MASK, GL_STENCIL_WRITEMASK,
                                          GL_STENCIL_FAIL, GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS],
                                  back: [GL_STENCIL_BACK_FUNC, GL_STENCIL_BACK_REF, GL_STENCIL_BACK_VALUE_MASK,
                                         GL_STENCIL_BACK_WRITEMASK, GL_STENCIL_BACK_FAIL, GL_STENCIL_BACK_PASS_DEPTH_FAIL,
                                         GL_STENCIL_BACK_PASS_DEPTH_PASS])
    private static let integers = [GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING, GL_CURRENT_PROGRAM,
                                   GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING, GL_ACTIVE_TEXTURE,
                                   GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA,
                                   GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA, GL_DEPTH_FUNC, GL_FRONT_FACE, GL_CULL_FACE_MODE,
                                   GL_PIXEL_UNPACK_BUFFER_BINDING, GL_PIXEL_PACK_BUFFER_BINDING]
        + stencil.front + stencil.back + pixelStores.map(\.name)
    private static let floats = [GL_POLYGON_OFFSET_FACTOR, GL_POLYGON_OFFSET_UNITS, GL_SAMPLE_COVERAGE_VALUE]
    private static let booleans = [GL_DEPTH_WRITEMASK, GL_SAMPLE_COVERAGE_INVERT]
    private static let textureIntegers = [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T,
                                          GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_SWIZZLE_R,
                                          GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A]
    private static let textureFloats = [GL_TEXTURE_MIN_LOD, GL_TEXTURE_MAX_LOD]

    private var enabled: [Int32: Bool] = [:]
    private var values: [Int32: GLint] = [:]
    private var floatValues: [Int32: GLfloat] = [:]
    private var booleanValues: [Int32: GLboolean] = [:]
    private var viewport = [GLint](repeating: 0, count: 4)
    private var scissor = [GLint](repeating: 0, count: 4)
    private var colourMask = [GLboolean](repeating: 1, count: 4)
    private var clearColour = [GLfloat](repeating: 0, count: 4)
    private var blendColour = [GLfloat](repeating: 0, count: 4)
    /// Per unit: the 2D texture and the sampler object bound.
    private var boundTextures: [(texture: GLint, sampler: GLint)] = []
    private var textureParameters: [(id: GLuint, integers: [GLint], floats: [GLfloat])] = []

    /// The state now, with the sampling parameters of `textures`.
    package init(sampling textures: [GLuint]) {
        for capability in Self.capabilities { enabled[capability] = glIsEnabled(GLenum(capability)) == GLboolean(GL_TRUE) }
        for name in Self.integers {
            var value: GLint = 0
            glGetIntegerv(GLenum(name), &value)
            values[name] = value
        }
        for name in Self.floats {
            var value: GLfloat = 0
            glGetFloatv(GLenum(name), &value)
            floatValues[name] = value
        }
        for name in Self.booleans {
            var value: GLboolean = 0
            glGetBooleanv(GLenum(name), &value)
            booleanValues[name] = value
        }
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &scissor)
        glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &colourMask)
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColour)
        glGetFloatv(GLenum(GL_BLEND_COLOR), &blendColour)
        for unit in 0..<Self.units {
            glActiveTexture(GLenum(GL_TEXTURE0 + unit))
            var texture: GLint = 0, sampler: GLint = 0
            glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
            glGetIntegerv(GLenum(GL_SAMPLER_BINDING), &sampler)
            boundTextures.append((texture, sampler))
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        for id in Set(textures) {
            glBindTexture(GLenum(GL_TEXTURE_2D), id)
            let integers = Self.textureIntegers.map { name in
                var value: GLint = 0
                glGetTexParameteriv(GLenum(GL_TEXTURE_2D), GLenum(name), &value)
                return value
            }
            let floats = Self.textureFloats.map { name in
                var value: GLfloat = 0
                glGetTexParameterfv(GLenum(GL_TEXTURE_2D), GLenum(name), &value)
                return value
            }
            textureParameters.append((id, integers, floats))
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(boundTextures[0].texture))
    }

    /// Runs `body` in the state Segue draws in, the embedder's (with the
    /// sampling parameters of its `textures`) put back after.
    package static func around<T>(sampling textures: [GLuint] = [], _ body: () throws -> T) rethrows -> T {
        let saved = HostGLState(sampling: textures)
        defer { saved.restore() }
        prepareForSegue()
        return try body()
    }

    /// The state Segue's drawing starts from: nothing blended, tested,
    /// culled, offset or masked, every function and equation at GL's
    /// default, no sampler object over a texture's own parameters.
    private static func prepareForSegue() {
        for capability in capabilities { glDisable(GLenum(capability)) }
        glColorMask(1, 1, 1, 1)
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
        glBlendColor(0, 0, 0, 0)
        glDepthFunc(GLenum(GL_LESS))
        glDepthMask(1)
        glStencilFunc(GLenum(GL_ALWAYS), 0, ~0)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glStencilMask(~0)
        glFrontFace(GLenum(GL_CCW))
        glCullFace(GLenum(GL_BACK))
        glPolygonOffset(0, 0)
        glSampleCoverage(1, 0)
        for unit in 0..<units { glBindSampler(GLuint(unit), 0) }
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        for (name, initial) in pixelStores { glPixelStorei(GLenum(name), initial) }
    }

    /// Puts everything saved back.
    package func restore() {
        for (id, integers, floats) in textureParameters {
            glBindTexture(GLenum(GL_TEXTURE_2D), id)
            for (name, value) in zip(Self.textureIntegers, integers) { glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value) }
            for (name, value) in zip(Self.textureFloats, floats) { glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(name), value) }
        }
        for (unit, bound) in boundTextures.enumerated() {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bound.texture))
            glBindSampler(GLuint(unit), GLuint(bound.sampler))
        }
        for (capability, on) in enabled {
            if on { glEnable(GLenum(capability)) } else { glDisable(GLenum(capability)) }
        }
        let value = { (name: Int32) in self.values[name] ?? 0 }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(value(GL_DRAW_FRAMEBUFFER_BINDING)))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(value(GL_READ_FRAMEBUFFER_BINDING)))
        glUseProgram(GLuint(value(GL_CURRENT_PROGRAM)))
        glBindVertexArray(GLuint(value(GL_VERTEX_ARRAY_BINDING)))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(value(GL_ARRAY_BUFFER_BINDING)))
        glActiveTexture(GLenum(value(GL_ACTIVE_TEXTURE)))
        glBlendFuncSeparate(GLenum(value(GL_BLEND_SRC_RGB)), GLenum(value(GL_BLEND_DST_RGB)),
                            GLenum(value(GL_BLEND_SRC_ALPHA)), GLenum(value(GL_BLEND_DST_ALPHA)))
        glBlendEquationSeparate(GLenum(value(GL_BLEND_EQUATION_RGB)), GLenum(value(GL_BLEND_EQUATION_ALPHA)))
        glDepthFunc(GLenum(value(GL_DEPTH_FUNC)))
        glDepthMask(booleanValues[GL_DEPTH_WRITEMASK] ?? 1)
        for (face, names) in [(GL_FRONT, Self.stencil.front), (GL_BACK, Self.stencil.back)] {
            let stencil = names.map(value)
            glStencilFuncSeparate(GLenum(face), GLenum(stencil[0]), stencil[1], GLuint(bitPattern: stencil[2]))
            glStencilMaskSeparate(GLenum(face), GLuint(bitPattern: stencil[3]))
            glStencilOpSeparate(GLenum(face), GLenum(stencil[4]), GLenum(stencil[5]), GLenum(stencil[6]))
        }
        glFrontFace(GLenum(value(GL_FRONT_FACE)))
        glCullFace(GLenum(value(GL_CULL_FACE_MODE)))
        glPolygonOffset(floatValues[GL_POLYGON_OFFSET_FACTOR] ?? 0, floatValues[GL_POLYGON_OFFSET_UNITS] ?? 0)
        glSampleCoverage(floatValues[GL_SAMPLE_COVERAGE_VALUE] ?? 1, booleanValues[GL_SAMPLE_COVERAGE_INVERT] ?? 0)
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(value(GL_PIXEL_UNPACK_BUFFER_BINDING)))
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), GLuint(value(GL_PIXEL_PACK_BUFFER_BINDING)))
        for (name, _) in Self.pixelStores { glPixelStorei(GLenum(name), value(name)) }
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        glScissor(scissor[0], scissor[1], scissor[2], scissor[3])
        glColorMask(colourMask[0], colourMask[1], colourMask[2], colourMask[3])
        glClearColor(clearColour[0], clearColour[1], clearColour[2], clearColour[3])
        glBlendColor(blendColour[0], blendColour[1], blendColour[2], blendColour[3])
    }
}
