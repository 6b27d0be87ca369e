import CWaylandServer

/// A committed buffer whose pixels are copied, as the surface offers it to
/// whoever imports it: a wl_shm buffer, in the client's memory, or a
/// single-pixel buffer's colour (wp_single_pixel_buffer_v1), held here.
package struct ShmBuffer {
    let resource: OpaquePointer
    private let memory: Memory

    private enum Memory {
        case shm(OpaquePointer)
        /// B, G, R, A.
        case pixel([UInt8])
    }
    package let width: Int
    package let height: Int
    /// Bytes per row.
    package let stride: Int
    /// XRGB8888 rather than ARGB8888: alpha is to be ignored. Both are B, G, R, A in memory.
    package let opaque: Bool

    init(resource: OpaquePointer, shm: OpaquePointer, width: Int, height: Int, stride: Int, opaque: Bool) {
        self.resource = resource
        memory = .shm(shm)
        self.width = width
        self.height = height
        self.stride = stride
        self.opaque = opaque
    }

    /// Calls `body` with the buffer's `stride × height` bytes, rows top first.
    /// libwayland maps zero pages over a pool that shrank under us and, at
    /// end_access, posts the client an error: a truncated pool cannot crash us.
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch memory {
        case .shm(let shm):
            wl_shm_buffer_begin_access(shm)
            defer { wl_shm_buffer_end_access(shm) }
            return body(UnsafeRawBufferPointer(start: wl_shm_buffer_get_data(shm), count: stride * height))
        case .pixel(let bytes):
            return bytes.withUnsafeBytes(body)
        }
    }

    /// One pixel of `bytes` (B, G, R, A), the wl_buffer `resource`'s.
    init(resource: OpaquePointer, pixel bytes: [UInt8]) {
        self.resource = resource
        memory = .pixel(bytes)
        width = 1
        height = 1
        stride = 4
        opaque = bytes[3] == 255
    }
}
