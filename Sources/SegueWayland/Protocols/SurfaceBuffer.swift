/// A buffer a surface committed: a wl_shm buffer, whose pixels are copied
/// from the client's memory, or a dmabuf buffer, sampled where it is.
package enum SurfaceBuffer {
    case shm(ShmBuffer)
    case dmabuf(DmabufBuffer)

    package var width: Int {
        switch self {
        case .shm(let buffer): buffer.width
        case .dmabuf(let buffer): buffer.width
        }
    }

    package var height: Int {
        switch self {
        case .shm(let buffer): buffer.height
        case .dmabuf(let buffer): buffer.height
        }
    }

    /// Whether its alpha is to be ignored.
    package var opaque: Bool {
        switch self {
        case .shm(let buffer): buffer.opaque
        case .dmabuf(let buffer): buffer.opaque
        }
    }

    /// The wl_shm buffer, if it is one.
    package var shm: ShmBuffer? {
        if case .shm(let buffer) = self { buffer } else { nil }
    }

    /// Its wl_buffer; nil once a dmabuf buffer's was destroyed.
    var resource: OpaquePointer? {
        switch self {
        case .shm(let buffer): buffer.resource
        case .dmabuf(let buffer): buffer.resource
        }
    }

    /// Whether it is the same wl_buffer as `other`.
    func isSame(as other: SurfaceBuffer?) -> Bool {
        switch (self, other) {
        case (.shm(let a), .shm(let b)?): a.resource == b.resource
        case (.dmabuf(let a), .dmabuf(let b)?): a === b
        default: false
        }
    }
}
