import CWaylandClient
import Glibc
import SegueImaging

/// A wl_shm_pool over a memfd the test keeps, so it can declare the pool larger
/// than the file or shrink the file behind the compositor's back.
final class RawShmPool {
    private let pool: OpaquePointer
    private let fd: Int32

    /// A pool of `size` bytes over a memfd of `fileSize` bytes.
    init?(shm: OpaquePointer, size: Int32, fileSize: Int) {
        fd = segue_client_memfd_create("segue-raw-client")
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(fileSize)) == 0, let pool = wl_shm_create_pool(shm, fd, size) else {
            close(fd)
            return nil
        }
        self.pool = pool
    }

    deinit { close(fd) }

    func makeBuffer(offset: Int32 = 0, width: Int32, height: Int32, stride: Int32, format: UInt32) -> OpaquePointer? {
        wl_shm_pool_create_buffer(pool, offset, width, height, stride, format)
    }

    /// Writes `image` at the pool's start as XRGB8888 (little-endian B, G, R, X), rows top first,
    /// with `unused` in every X byte.
    func write(_ image: RGBAImage, unused: UInt8 = 255) -> Bool {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y], i = (y * image.width + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (pixel.b, pixel.g, pixel.r, unused)
            }
        }
        return pwrite(fd, bytes, bytes.count, 0) == bytes.count
    }

    /// Reads `width` × `height` XRGB8888 pixels of `stride` bytes a row from the pool's start.
    func read(width: Int, height: Int, stride: Int) -> RGBAImage? {
        var bytes = [UInt8](repeating: 0, count: stride * height)
        guard pread(fd, &bytes, bytes.count, 0) == bytes.count else { return nil }
        var image = RGBAImage(width: width, height: height, fill: RGBA(0, 0, 0))
        for y in 0..<height {
            for x in 0..<width {
                let i = y * stride + x * 4
                image[x, y] = RGBA(bytes[i + 2], bytes[i + 1], bytes[i])
            }
        }
        return image
    }

    /// Resizes the file under the pool; the compositor's mapping stays as it was.
    func truncate(to size: Int) -> Bool {
        ftruncate(fd, off_t(size)) == 0
    }
}
