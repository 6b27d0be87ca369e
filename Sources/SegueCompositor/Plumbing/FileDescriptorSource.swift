import CWaylandServer

/// A file descriptor watched by a wl_event_loop, reporting readiness to a
/// Swift closure.
///
/// The C callback finds this object through the source's data pointer,
/// unretained: the owner keeps the object and `remove()` (or deinit) takes the
/// source out of the loop before the object goes. The fd stays the caller's:
/// libwayland watches a duplicate of it and closes only that.
final class FileDescriptorSource {
    private var source: OpaquePointer?
    private var events: UInt32
    private let handler: (_ events: UInt32) -> Void

    /// nil when libwayland cannot watch `fd` (out of memory or descriptors).
    init?(loop: OpaquePointer, fd: Int32, events: UInt32, handler: @escaping (_ events: UInt32) -> Void) {
        self.events = events
        self.handler = handler
        source = wl_event_loop_add_fd(loop, fd, events, { _, events, data in
            guard let data else { return 0 }
            let source = Unmanaged<FileDescriptorSource>.fromOpaque(data).takeUnretainedValue()
            // The handler may drop the last reference to this object.
            withExtendedLifetime(source) { source.handler(events) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        if source == nil { return nil }
    }

    /// Watches for `events` from now on; hang-ups and errors are reported whatever they are.
    func update(events: UInt32) {
        guard let source, events != self.events else { return }
        self.events = events
        wl_event_source_fd_update(source, events)
    }

    /// Has the loop also call the handler, with no events, after each of its
    /// iterations: for work that other code may leave behind without the fd
    /// becoming ready, such as events a second reader of a socket queued.
    func check() {
        guard let source else { return }
        wl_event_source_check(source)
    }

    func remove() {
        guard let source else { return }
        wl_event_source_remove(source)
        self.source = nil
    }

    deinit { remove() }
}
