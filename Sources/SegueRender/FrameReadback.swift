import CGLES

/// Frames read back for screen capture: the rows of a target of one size,
/// in wl_shm's XRGB8888 byte order (B, G, R, X), kept between reads, so a
/// read of the rows a frame changed brings the whole picture up to date.
/// X is the frame's alpha as drawn, which XRGB8888 leaves unread (an output's
/// frame holds there what XRGB clients left in their unused byte).
package protocol FrameReading: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Queues a read of `rows` of `target` (its size) behind what was drawn into it.
    func start(from target: RenderTarget, rows: [Range<Int>])
    /// Whether the last read has finished; never blocks.
    var isDone: Bool { get }
    /// Calls `body` with the picture: rows top first, `width * 4` bytes each,
    /// waiting for the last read if it has not finished.
    func withPixels<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
}

/// A `FrameReading` into a pixel pack buffer: the read is queued behind the
/// frame's drawing and the loop goes on (a GPU copies while the loop serves
/// clients); the buffer is mapped once the read is done. Where the context
/// reads only RGBA, the rows read are swapped into memory of its own.
package final class FrameReadback: FrameReading {
    package let width: Int
    package let height: Int
    private var buffer: GLuint = 0
    private var sync: GLsync?
    /// Whether the context reads B, G, R, A (GL_EXT_read_format_bgra), so no byte is swapped.
    private let readsBGRA: Bool
    /// The rows read since the picture was last swapped, and where they are swapped into (RGBA reads only).
    private var unswapped: [Range<Int>] = []
    private var swapped: [UInt8] = []

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        readsBGRA = TextureStorage.native == .bgra8 && extensions.split(separator: " ").contains("GL_EXT_read_format_bgra")
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
        glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), width * height * 4, nil, GLenum(GL_STREAM_READ))
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    deinit {
        if let sync { glDeleteSync(sync) }
        glDeleteBuffers(1, &buffer)
    }

    package func start(from target: RenderTarget, rows: [Range<Int>]) {
        precondition(target.width == width && target.height == height, "a readback reads targets of its size")
        let bands = rows.compactMap { band -> Range<Int>? in
            let clamped = band.clamped(to: 0..<height)
            return clamped.isEmpty ? nil : clamped
        }
        target.bind()
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let format = readsBGRA ? GLenum(GL_BGRA_EXT) : GLenum(GL_RGBA)
        for band in bands {
            // With a pack buffer bound, the pointer is an offset into it.
            glReadPixels(0, GLint(band.lowerBound), GLsizei(width), GLsizei(band.count), format, GLenum(GL_UNSIGNED_BYTE),
                         UnsafeMutableRawPointer(bitPattern: band.lowerBound * width * 4))
        }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        if let sync { glDeleteSync(sync) }
        sync = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
        glFlush()
        if !readsBGRA { unswapped += bands }
    }

    package var isDone: Bool {
        guard let sync else { return true }
        return glClientWaitSync(sync, 0, 0) != GLenum(GL_TIMEOUT_EXPIRED)
    }

    package func withPixels<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let sync {
            glClientWaitSync(sync, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), GLuint64.max)
            glDeleteSync(sync)
            self.sync = nil
        }
        let size = width * height * 4
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
        let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, size, GLbitfield(GL_MAP_READ_BIT))
        defer {
            if mapped != nil { glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER)) }
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        }
        guard let mapped else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        if readsBGRA { return try body(UnsafeRawBufferPointer(start: mapped, count: size)) }
        if swapped.count != size { swapped = [UInt8](repeating: 0, count: size) }
        let bands = unswapped
        unswapped = []
        return try swapped.withUnsafeMutableBytes { bytes in
            let from = mapped.assumingMemoryBound(to: UInt32.self), to = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for band in bands {
                // R, G, B, A in memory is R | G << 8 | B << 16 | A << 24 as a little-endian word.
                for i in band.lowerBound * width..<band.upperBound * width {
                    let rgba = UInt32(littleEndian: from[i])
                    to[i] = ((rgba & 0xFF00_FF00) | (rgba & 0xFF) << 16 | (rgba >> 16) & 0xFF).littleEndian
                }
            }
            return try body(UnsafeRawBufferPointer(bytes))
        }
    }
}
