import CWaylandServer

/// A committed wl_shm buffer, as the surface offers it to whoever imports it.
package struct ShmBuffer {
    let resource: OpaquePointer
    private let shm: OpaquePointer
    package let width: Int
    package let height: Int
    /// Bytes per row.
    package let stride: Int
    /// XRGB8888 rather than ARGB8888: alpha is to be ignored. Both are B, G, R, A in memory.
    package let opaque: Bool

    init(resource: OpaquePointer, shm: OpaquePointer, width: Int, height: Int, stride: Int, opaque: Bool) {
        self.resource = resource
        self.shm = shm
        self.width = width
        self.height = height
        self.stride = stride
        self.opaque = opaque
    }

    /// Calls `body` with the buffer's `stride × height` bytes, rows top first.
    /// libwayland maps zero pages over a pool that shrank under us and, at
    /// end_access, posts the client an error: a truncated pool cannot crash us.
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        wl_shm_buffer_begin_access(shm)
        defer { wl_shm_buffer_end_access(shm) }
        return body(UnsafeRawBufferPointer(start: wl_shm_buffer_get_data(shm), count: stride * height))
    }
}
