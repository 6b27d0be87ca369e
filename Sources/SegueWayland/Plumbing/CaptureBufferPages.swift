import Dispatch
import Glibc
import Synchronization

/// The pages of a client's wl_shm buffer that a capture will write, faulted in
/// off the loop thread as the buffer is handed over; the capture writes it
/// once they are in. A recorder makes new buffers as it starts (wf-recorder a
/// dozen, for its encoder's queue), and the first write into each would
/// otherwise fault in and zero every page of it on the loop (10 to 35 ms for
/// 1920×1080 here), costing the output its refreshes. Populating only faults
/// pages in; it changes no byte, so a pool the client resized or destroyed
/// meanwhile is still harmless.
package final class CaptureBufferPages: Sendable {
    private static let queue = DispatchQueue(label: "segue.capture-buffer-pages", qos: .userInitiated)
    private let done = Mutex(false)

    /// Faults in the `length` bytes at `data` in the background.
    init(_ data: UnsafeMutableRawPointer, length: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = Int(bitPattern: data) & ~(page - 1), end = Int(bitPattern: data) + length
        Self.queue.async { [self] in
            // A kernel without MADV_POPULATE_WRITE (before 5.14) leaves the faults to the write.
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE)
            done.withLock { $0 = true }
        }
    }

    /// Whether the pages are in: a write now faults none.
    package var areIn: Bool { done.withLock { $0 } }
}
