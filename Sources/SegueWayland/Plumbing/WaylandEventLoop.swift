import CWaylandServer
import SegueLoop

/// libwayland-server's wl_event_loop as the `EventLoop` backends and the shell use.
///
/// Each source's C callback finds its Swift object through the data pointer,
/// unretained: the owner keeps the source, and `remove()` (or deinit) takes
/// it out of the loop before the object goes.
package final class WaylandEventLoop: EventLoop {
    package let loop: OpaquePointer

    package init(_ loop: OpaquePointer) { self.loop = loop }

    package func watch(fd: Int32, events: FileEvents, _ handler: @escaping (FileEvents) -> Void) -> WatchedFile? {
        FileSource(loop: loop, fd: fd, events: events, handler: handler)
    }

    package func timer(_ handler: @escaping () -> Void) -> LoopTimer? {
        let source = Source(handler)
        source.source = wl_event_loop_add_timer(loop, { data in Source.fire(data) }, source.data)
        return source.source == nil ? nil : source
    }

    package func idle(_ handler: @escaping () -> Void) -> LoopSource? {
        let source = Source(handler)
        source.source = wl_event_loop_add_idle(loop, { data in
            guard let data else { return }
            let source = Unmanaged<Source>.fromOpaque(data).takeUnretainedValue()
            // libwayland frees an idle source once it ran.
            source.source = nil
            _ = Source.fire(data)
        }, source.data)
        return source.source == nil ? nil : source
    }

    package func signal(_ signal: Int32, _ handler: @escaping () -> Void) -> LoopSource? {
        let source = Source(handler)
        source.source = wl_event_loop_add_signal(loop, signal, { _, data in Source.fire(data) }, source.data)
        return source.source == nil ? nil : source
    }
}

/// A timer, idle or signal source calling a Swift closure.
private final class Source: LoopTimer {
    package var source: OpaquePointer?
    private let handler: () -> Void

    package init(_ handler: @escaping () -> Void) { self.handler = handler }

    package var data: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func fire(_ data: UnsafeMutableRawPointer?) -> Int32 {
        guard let data else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(data).takeUnretainedValue()
        // The handler may drop the last reference to the source.
        withExtendedLifetime(source) { source.handler() }
        return 0
    }

    package func arm(milliseconds: Int32) {
        guard let source else { return }
        wl_event_source_timer_update(source, max(1, milliseconds))
    }

    package func remove() {
        guard let source else { return }
        wl_event_source_remove(source)
        self.source = nil
    }

    deinit { remove() }
}

/// A watched file descriptor. libwayland watches a duplicate of it and closes only that.
private final class FileSource: WatchedFile {
    private var source: OpaquePointer?
    private var events: FileEvents
    private let handler: (FileEvents) -> Void

    package init?(loop: OpaquePointer, fd: Int32, events: FileEvents, handler: @escaping (FileEvents) -> Void) {
        self.events = events
        self.handler = handler
        source = wl_event_loop_add_fd(loop, fd, Self.mask(events), { _, mask, data in
            guard let data else { return 0 }
            let source = Unmanaged<FileSource>.fromOpaque(data).takeUnretainedValue()
            withExtendedLifetime(source) { source.handler(FileSource.events(mask)) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        if source == nil { return nil }
    }

    package func update(events: FileEvents) {
        guard let source, events != self.events else { return }
        self.events = events
        wl_event_source_fd_update(source, Self.mask(events))
    }

    package func check() {
        guard let source else { return }
        wl_event_source_check(source)
    }

    package func remove() {
        guard let source else { return }
        wl_event_source_remove(source)
        self.source = nil
    }

    deinit { remove() }

    private static let pairs: [(FileEvents, UInt32)] = [
        (.readable, UInt32(WL_EVENT_READABLE)), (.writable, UInt32(WL_EVENT_WRITABLE)),
        (.hangup, UInt32(WL_EVENT_HANGUP)), (.error, UInt32(WL_EVENT_ERROR)),
    ]

    private static func mask(_ events: FileEvents) -> UInt32 {
        pairs.reduce(0) { events.contains($1.0) ? $0 | $1.1 : $0 }
    }

    private static func events(_ mask: UInt32) -> FileEvents {
        pairs.reduce([]) { mask & $1.1 != 0 ? $0.union($1.0) : $0 }
    }
}
