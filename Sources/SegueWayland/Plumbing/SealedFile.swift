import CWaylandServer
import Glibc

/// A memfd holding bytes clients map read-only, sealed against writes and
/// resizes, so a client cannot change what others read (wl_keyboard's keymap,
/// linux-dmabuf's format table).
enum SealedFile {
    static func make(named name: String, holding bytes: UnsafeRawBufferPointer) throws -> Int32 {
        let fd = memfd_create(name, SEGUE_MFD_CLOEXEC | SEGUE_MFD_ALLOW_SEALING)
        guard fd >= 0 else { throw ServerError("cannot create the \(name) file: \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let result = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                close(fd)
                throw ServerError("cannot write the \(name) file: \(String(cString: strerror(errno)))")
            }
            written += result
        }
        guard fcntl(fd, SEGUE_F_ADD_SEALS, SEGUE_F_SEAL_SHRINK | SEGUE_F_SEAL_GROW | SEGUE_F_SEAL_WRITE) == 0 else {
            close(fd)
            throw ServerError("cannot seal the \(name) file: \(String(cString: strerror(errno)))")
        }
        return fd
    }
}
