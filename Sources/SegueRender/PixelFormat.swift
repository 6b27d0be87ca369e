import CGLES

/// Memory layouts a texture can be filled from.
package enum PixelFormat: Sendable, Equatable {
    /// wl_shm ARGB8888: 32-bit little-endian words, so bytes B, G, R, A.
    case argb8888
    /// wl_shm XRGB8888: bytes B, G, R, and one ignored.
    case xrgb8888
    /// Bytes R, G, B, A, as RGBAImage holds them.
    case rgba8888

    /// Bytes are uploaded as they are; texture swizzles put the channels right.
    /// In BGRA storage wl_shm's formats need none, which is what llvmpipe's
    /// linear path samples; in RGBA storage they swap red and blue (GLES 3 has
    /// swizzles in core, BGRA uploads only through the extension). A texture
    /// Segue drew (`format` nil) holds its channels in order. `opaqueAlpha`
    /// reads alpha as 1, for readers of an opaque texture that would use it.
    static func swizzle(_ format: PixelFormat?, in storage: TextureStorage, opaqueAlpha: Bool) -> [Int32] {
        let alpha = opaqueAlpha ? GL_ONE : GL_ALPHA
        switch (format, storage) {
        case (.argb8888?, .rgba8), (.xrgb8888?, .rgba8): return [GL_BLUE, GL_GREEN, GL_RED, alpha]
        default: return [GL_RED, GL_GREEN, GL_BLUE, alpha]
        }
    }
}
