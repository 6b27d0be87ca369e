import CWaylandClient
import Glibc
import SegueClientSupport

/// Waiting for the compositor: roundtrips, frame callbacks, conditions, and
/// how the connection ended.
extension RawClient {
    /// Sends everything queued and dispatches events until the compositor has
    /// answered a wl_display.sync. False on a protocol error, a lost connection,
    /// or no answer within `timeout`.
    @discardableResult
    func roundtrip(timeout: Duration = .seconds(5)) -> Bool {
        guard let callback = wl_display_sync(display) else { return false }
        defer { wl_callback_destroy(callback) }
        let done = SyncDone()
        wl_callback_add_listener(callback, syncListener, listenerData(done))
        let deadline = ContinuousClock.now + timeout
        while !done.value {
            // Events already queued must be dispatched before this thread may read more.
            if wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { return false }
                continue
            }
            guard wl_display_flush(display) >= 0 || errno == EAGAIN else {
                wl_display_cancel_read(display)
                return false
            }
            serve?()
            let left = deadline - ContinuousClock.now
            var socket = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            // A compositor in this thread answers only while served: wait in short turns.
            let wait = serve == nil ? Int32(left / .milliseconds(1)) + 1 : 1
            let ready = left > .zero ? poll(&socket, 1, wait) : 0
            guard ready > 0 else {
                wl_display_cancel_read(display)
                if (ready < 0 && errno == EINTR) || (ready == 0 && serve != nil && left > .zero) { continue }
                return false
            }
            guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0 else { return false }
        }
        return true
    }

    /// A frame callback on `surface`, for its next commit: whether it was done.
    func frameCallback(on surface: OpaquePointer) -> SyncDone {
        let done = SyncDone()
        wl_callback_add_listener(wl_surface_frame(surface), syncListener, listenerData(done))
        listenedTo.append(done)
        return done
    }

    /// Round-trips until `condition` holds; false if it does not within `timeout`.
    func dispatch(until condition: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline, roundtrip() else { return false }
            if serve == nil { usleep(10_000) }
        }
        return true
    }

    /// The protocol error that ended the connection, if that is what ended it.
    /// libwayland reports EPROTO for it, except EINVAL or ENOMEM for wl_display's
    /// own errors, so the error it recorded is what tells.
    var protocolError: WaylandProtocolError? {
        guard wl_display_get_error(display) != 0 else { return nil }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        // No interface: the connection broke without one, or the error named an object this client destroyed.
        guard let interface else { return nil }
        return WaylandProtocolError(interface: String(cString: interface.pointee.name), code: code)
    }

    /// Whether the compositor closed the connection within `timeout`: the socket reads end-of-file.
    func connectionClosed(within timeout: Duration = .seconds(5)) -> Bool {
        let fd = wl_display_get_fd(display)
        let deadline = ContinuousClock.now + timeout
        var scratch = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            serve?()
            var socket = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&socket, 1, serve == nil ? 50 : 1) > 0 else { continue }
            // Whatever libwayland left unread after the error is skipped over.
            let count = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return true }
        }
        return false
    }
}

/// Set by the wl_callback.done that ends a roundtrip.
/// Whether a wl_callback was done.
final class SyncDone {
    private(set) var value = false
    fileprivate func done() { value = true }
}

private nonisolated(unsafe) let syncListener = fixedListener(wl_callback_listener(
    done: { data, _, _ in (listenerObject(data) as SyncDone).done() }
))
