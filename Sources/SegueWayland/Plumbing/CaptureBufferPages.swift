import Dispatch
import Glibc

/// The pages of a client's wl_shm buffer that a capture will write: made
/// ready off the loop thread as the buffer is handed over. A recorder makes
/// new buffers as it starts (wf-recorder a dozen, for its encoder's queue),
/// and the first write into each would otherwise fault in and zero every
/// page of it on the loop (10 to 35 ms for 1920×1080 here), costing the
/// output its refreshes. Populating only faults pages in; it changes no byte,
/// so a pool the client resized or destroyed meanwhile is still harmless.
enum CaptureBufferPages {
    private static let queue = DispatchQueue(label: "segue.capture-buffer-pages", qos: .utility)

    /// Faults in the `length` bytes at `data` in the background.
    static func populate(_ data: UnsafeMutableRawPointer, length: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = Int(bitPattern: data) & ~(page - 1), end = Int(bitPattern: data) + length
        queue.async { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE) }
    }
}
