import CWaylandClient
import Glibc

/// The pixel formats this client asks for; in memory both are B,G,R and then X or A.
enum PixelFormat: String {
    case xrgb, argb

    var shmFormat: UInt32 {
        switch self {
        case .xrgb: WL_SHM_FORMAT_XRGB8888.rawValue
        case .argb: WL_SHM_FORMAT_ARGB8888.rawValue
        }
    }
}

/// The one wl_buffer the compositor copies frames into, over its own memfd-backed wl_shm pool.
final class ShmFrameBuffer {
    let width: Int
    let height: Int
    let stride: Int
    let format: PixelFormat
    let buffer: OpaquePointer
    let pixels: UnsafeRawPointer
    private let byteCount: Int

    /// `old` where it has this size, else a new buffer: frames of one size share one buffer.
    static func reusing(_ old: ShmFrameBuffer?, shm: OpaquePointer, width: Int, height: Int, stride: Int,
                        format: PixelFormat) throws(Failure) -> ShmFrameBuffer {
        if let old, old.width == width, old.height == height, old.stride == stride, old.format == format { return old }
        old?.destroy()
        return try ShmFrameBuffer(shm: shm, width: width, height: height, stride: stride, format: format)
    }

    private init(shm: OpaquePointer, width: Int, height: Int, stride: Int, format: PixelFormat) throws(Failure) {
        byteCount = stride * height
        guard width > 0, height > 0, stride >= width * 4, byteCount <= Int(Int32.max) else {
            throw Failure(message: "cannot make a \(width)x\(height) buffer with \(stride) bytes a row")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        let fd = segue_client_memfd_create("segue-capture-client")
        guard fd >= 0 else { throw Failure(message: "memfd_create: \(String(cString: strerror(errno)))") }
        // libwayland duplicates the descriptor when it sends it, so ours can go once the pool exists.
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else { throw Failure(message: "ftruncate: \(String(cString: strerror(errno)))") }
        guard let memory = mmap(nil, byteCount, PROT_READ, MAP_SHARED, fd, 0), memory != MAP_FAILED else {
            throw Failure(message: "mmap: \(String(cString: strerror(errno)))")
        }
        pixels = UnsafeRawPointer(memory)
        // The buffer keeps the pool's memory alive, so the pool itself is not needed after this.
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format.shmFormat)
        wl_shm_pool_destroy(pool)
    }

    /// Only while no frame is to be copied into it: the compositor would find it gone.
    func destroy() {
        wl_buffer_destroy(buffer)
        munmap(UnsafeMutableRawPointer(mutating: pixels), byteCount)
    }
}
