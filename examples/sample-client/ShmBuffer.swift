import CWaylandClient
import Glibc
import SegueClientSupport

/// One wl_buffer with its own memfd-backed wl_shm pool.
final class ShmBuffer: ClientBuffer {
    private let pixels: PixelCanvas
    var canvas: any Canvas { pixels }
    private let buffer: OpaquePointer
    private let byteCount: Int
    private(set) var busy = false
    /// Called when the compositor gives the buffer back.
    var onRelease: () -> Void = {}

    init(shm: OpaquePointer, width: Int, height: Int) throws(BufferFailure) {
        let stride = width * 4
        byteCount = stride * height
        guard byteCount > 0, byteCount <= Int(Int32.max) else {
            throw BufferFailure(message: "cannot make a \(width)x\(height) buffer")
        }
        let fd = segue_client_memfd_create("segue-sample-client")
        guard fd >= 0 else { throw BufferFailure(message: "memfd_create: \(String(cString: strerror(errno)))") }
        // libwayland duplicates the descriptor when it sends it, so ours can go once the pool exists.
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            throw BufferFailure(message: "ftruncate: \(String(cString: strerror(errno)))")
        }
        let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let memory, memory != MAP_FAILED else {
            throw BufferFailure(message: "mmap: \(String(cString: strerror(errno)))")
        }
        pixels = PixelCanvas(pixels: memory.bindMemory(to: UInt32.self, capacity: width * height),
                                  width: width, height: height)

        // The buffer keeps the pool's memory alive, so the pool itself is not needed after this.
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride),
                                           WL_SHM_FORMAT_XRGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(buffer, bufferListener, listenerData(self))
    }

    func attach(to surface: OpaquePointer) {
        busy = true
        wl_surface_attach(surface, buffer, 0, 0)
    }

    /// Destroying before release is allowed as long as the memory is not written again,
    /// and it never is: the mapping goes with the buffer.
    func destroy() {
        wl_buffer_destroy(buffer)
        munmap(pixels.pixels, byteCount)
    }

    fileprivate func released() {
        busy = false
        onRelease()
    }
}

private nonisolated(unsafe) let bufferListener = fixedListener(wl_buffer_listener(
    release: { data, _ in (listenerObject(data) as ShmBuffer).released() }
))
