import CGLES

/// The GL state an embedder's context had before Segue drew in it, put back
/// after: an embedder's render pass goes on as if Segue had not been there.
/// Saved are the bindings, viewport, scissor, blending, masks and pixel
/// stores Segue's drawing changes, and the sampling parameters of the
/// embedder's textures it samples; between the two, Segue draws from GL's
/// defaults for what it does not set itself.
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
                                       GL_DITHER, GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE]
    private static let integers = [GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING, GL_CURRENT_PROGRAM,
                                   GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING, GL_ACTIVE_TEXTURE,
                                   GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA,
                                   GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA,
                                   GL_PIXEL_UNPACK_BUFFER_BINDING, GL_PIXEL_PACK_BUFFER_BINDING] + pixelStores.map(\.name)
    private static let textureIntegers = [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T,
                                          GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_SWIZZLE_R,
                                          GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A]
    private static let textureFloats = [GL_TEXTURE_MIN_LOD, GL_TEXTURE_MAX_LOD]

    private var enabled: [Int32: Bool] = [:]
    private var values: [Int32: GLint] = [:]
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

    /// The state Segue's drawing starts from: nothing blended, tested or
    /// masked, no sampler object over a texture's own parameters.
    private static func prepareForSegue() {
        for capability in capabilities { glDisable(GLenum(capability)) }
        glColorMask(1, 1, 1, 1)
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
