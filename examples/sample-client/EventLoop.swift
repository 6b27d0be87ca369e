import CWaylandClient
import Glibc

/// Dispatches Wayland events until told to stop, SIGINT or SIGTERM arrives, or the
/// connection breaks. The signals are read from a signalfd polled beside the display
/// socket, so they end the loop between events instead of interrupting one.
struct EventLoop {
    enum Stop {
        case finished
        case signalled
        case lost(String)
    }

    private let display: OpaquePointer
    private let signals: Int32

    struct Failure: Error {
        let message: String
    }

    init(display: OpaquePointer) throws(Failure) {
        self.display = display
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        sigprocmask(SIG_BLOCK, &mask, nil)
        signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC))
        // With the signals blocked and no signalfd, SIGTERM would be ignored.
        guard signals >= 0 else { throw Failure(message: "signalfd: \(String(cString: strerror(errno)))") }
    }

    func run(while keepGoing: () -> Bool) -> Stop {
        while keepGoing() {
            // Events already queued must be dispatched before this thread may read more.
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { return lost() }
            }
            var socketEvents = Int16(POLLIN)
            if wl_display_flush(display) < 0 {
                guard errno == EAGAIN else {
                    wl_display_cancel_read(display)
                    return lost()
                }
                // The socket is full: wait until it drains as well.
                socketEvents |= Int16(POLLOUT)
            }
            var fds = [pollfd(fd: wl_display_get_fd(display), events: socketEvents, revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                wl_display_cancel_read(display)
                if errno == EINTR { continue }
                return lost()
            }
            if fds[1].revents != 0 {
                wl_display_cancel_read(display)
                return .signalled
            }
            if fds[0].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
                if wl_display_read_events(display) < 0 { return lost() }
            } else {
                wl_display_cancel_read(display)
            }
            if wl_display_dispatch_pending(display) < 0 { return lost() }
        }
        return .finished
    }

    private func lost() -> Stop {
        let error = wl_display_get_error(display)
        guard error == EPROTO else { return .lost(String(cString: strerror(error))) }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown"
        return .lost("protocol error \(code) on \(name)@\(id)")
    }
}
