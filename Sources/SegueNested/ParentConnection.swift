import CWaylandClient
import Foundation
import SegueClientSupport
import SegueEngine
import SegueLoop

/// Segue's connection to the compositor it runs inside: the parent's wl_display,
/// the globals a nested Segue binds, and the reading of the parent's events from
/// Segue's own event loop.
public final class ParentConnection {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The parent's `wl_display *`, for EGL.
    public let display: OpaquePointer
    private let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    /// The first wl_seat's registry name and version; bound by whoever listens to it.
    private(set) var seatGlobal: (name: UInt32, version: UInt32)?
    private(set) var decorationManager: OpaquePointer?
    private(set) var presentation: OpaquePointer?
    /// Touchpad swipes, where the parent offers them.
    private(set) var pointerGestures: OpaquePointer?
    /// For the cursor's buffers.
    private(set) var shm: OpaquePointer?
    /// The clipboard and the primary selection, shared with Segue's clients, where the parent offers them.
    private(set) var dataDeviceManager: OpaquePointer?
    private(set) var primarySelectionManager: OpaquePointer?
    private(set) var clock = ParentClock()
    private(set) var outputs: [ParentOutput] = []
    /// An output came or went, or changed its scale.
    var outputsChanged: (() -> Void)?

    private var source: WatchedFile?
    private var onLost: ((String) -> Void)?

    /// Connects to $WAYLAND_DISPLAY and binds the parent's globals.
    public init() throws(Failure) {
        let name = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        // libwayland would print its own complaint about this on stderr; say it once, here.
        if !name.hasPrefix("/") && (ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "").isEmpty {
            throw Failure(description: "XDG_RUNTIME_DIR is not set; the parent compositor's socket \(name) lives there")
        }
        guard let display = wl_display_connect(nil) else {
            // Often a WAYLAND_DISPLAY left over from a session that is gone: say what was tried, and the way out.
            throw Failure(description: "cannot connect to the parent compositor at WAYLAND_DISPLAY=\(name) to run nested in it "
                          + "(\(String(cString: strerror(errno)))); to run headless instead, pass --backend headless or unset WAYLAND_DISPLAY")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, listenerData(self))
        // The first roundtrip lists the globals, the second brings what binding them sent.
        // From here on a failure disconnects through deinit.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw Failure(description: "lost the parent compositor while listing its globals (\(Self.describeError(display)))")
        }
        guard wmBase != nil else { throw Failure(description: "the parent compositor has no xdg_wm_base") }
        guard compositor != nil else {
            throw Failure(description: "the parent compositor has no wl_compositor of version 3 or later")
        }
    }

    deinit { disconnect() }

    /// Reads and dispatches the parent's events from `loop` until `stop()`.
    /// `onLost` hears once, with the reason, if the connection breaks.
    func startDispatching(loop: EventLoop, onLost: @escaping (String) -> Void) throws(Failure) {
        guard let source = loop.watch(fd: wl_display_get_fd(display), events: .readable, { [unowned self] in self.ready($0) }) else {
            throw Failure(description: "cannot watch the connection to the parent compositor")
        }
        // After every loop iteration: dispatch what another reader of the socket (Mesa,
        // waiting for a buffer during a swap) queued for us, and send what we asked.
        source.check()
        self.source = source
        self.onLost = onLost
    }

    /// Reads and dispatches the parent's events until `done()` holds, for at
    /// most `seconds`: a parent that never answers cannot hang Segue's start.
    /// False when the time ran out or the connection failed.
    func dispatch(until done: () -> Bool, seconds: Double) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while !done() {
            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { return false }
            }
            wl_display_flush(display)
            let left = Int32(max(0, deadline.seconds(since: MonotonicClock.now())) * 1000)
            var ready = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, left) > 0 else {
                wl_display_cancel_read(display)
                if left > 0 && errno == EINTR { continue }
                return false
            }
            guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0 else { return false }
        }
        return true
    }

    func stop() {
        source?.remove()
        source = nil
        onLost = nil
    }

    /// Sends the requests made so far; a full socket is drained when it is writable again.
    func flush() {
        guard source != nil else { return }
        if wl_display_flush(display) >= 0 {
            source?.update(events: .readable)
        } else if errno == EAGAIN {
            source?.update(events: [.readable, .writable])
        } else {
            lost()
        }
    }

    /// The usual reading dance: queued events first, then read, then dispatch, then flush.
    private func ready(_ events: FileEvents) {
        if events.contains(.readable) {
            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { return lost() }
            }
            guard wl_display_read_events(display) >= 0 else { return lost() }
        }
        guard wl_display_dispatch_pending(display) >= 0 else { return lost() }
        if !events.isDisjoint(with: [.hangup, .error]) {
            return lost("the parent compositor closed the connection")
        }
        flush()
    }

    private func lost(_ reason: String? = nil) {
        let onLost = self.onLost
        stop()
        onLost?(reason ?? "lost the parent compositor (\(Self.describeError(display)))")
    }

    private static func describeError(_ display: OpaquePointer) -> String {
        let error = wl_display_get_error(display)
        guard error == EPROTO else { return String(cString: strerror(error)) }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        return "protocol error \(code) on \(interface.map { String(cString: $0.pointee.name) } ?? "an object")@\(id)"
    }

    private func disconnect() {
        for output in outputs { output.destroy() }
        outputs.removeAll()
        if let compositor { wl_compositor_destroy(compositor) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let presentation { wp_presentation_destroy(presentation) }
        // Version 1 has no release request: only the proxy goes.
        if let pointerGestures { zwp_pointer_gestures_v1_destroy(pointerGestures) }
        if let shm { wl_shm_destroy(shm) }
        // wl_data_device_manager has no destructor request: only its proxy goes.
        if let dataDeviceManager { wl_data_device_manager_destroy(dataDeviceManager) }
        if let primarySelectionManager { zwp_primary_selection_device_manager_v1_destroy(primarySelectionManager) }
        (compositor, wmBase, decorationManager, presentation, pointerGestures, shm) = (nil, nil, nil, nil, nil, nil)
        (dataDeviceManager, primarySelectionManager) = (nil, nil)
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
    }

    // MARK: Globals

    private func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        // Version 3 brings wl_surface.set_buffer_scale; 4 is the last whose requests this needs.
        case "wl_compositor" where version >= 3:
            compositor = bind(name, segue_client_wl_compositor_interface(), min(version, 4))
        // Version 1 has everything a single toplevel needs.
        case "xdg_wm_base":
            wmBase = bind(name, segue_client_xdg_wm_base_interface(), 1)
            xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
        // Only the first seat: Segue has one seat to forward to.
        case "wl_seat" where seatGlobal == nil:
            seatGlobal = (name, version)
        case "wl_output":
            guard let proxy = bind(name, segue_client_wl_output_interface(), min(version, ParentOutput.version)) else { return }
            let output = ParentOutput(name: name, proxy: proxy)
            output.scaleChanged = { [unowned self] in outputsChanged?() }
            outputs.append(output)
        case "zxdg_decoration_manager_v1":
            decorationManager = bind(name, segue_client_zxdg_decoration_manager_v1_interface(), 1)
        case "wl_shm":
            shm = bind(name, segue_client_wl_shm_interface(), 1)
        // Version 2 brings wl_data_device.release; 3 adds only drag-and-drop actions.
        case "wl_data_device_manager":
            dataDeviceManager = bind(name, segue_client_wl_data_device_manager_interface(), min(version, 3))
        case "zwp_primary_selection_device_manager_v1":
            primarySelectionManager = bind(name, segue_client_zwp_primary_selection_device_manager_v1_interface(), 1)
        case "zwp_pointer_gestures_v1":
            pointerGestures = bind(name, segue_client_zwp_pointer_gestures_v1_interface(), 1)
        case "wp_presentation":
            presentation = bind(name, segue_client_wp_presentation_interface(), 1)
            wp_presentation_add_listener(presentation, Self.presentationListener, listenerData(self))
        default:
            break
        }
    }

    /// Outputs come and go; the other globals stay while the parent runs.
    private func removed(name: UInt32) {
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { return }
        outputs.remove(at: index).destroy()
        outputsChanged?()
    }

    /// Binds the seat; its listener must be added before the next dispatch, which brings its capabilities.
    func bindSeat() -> OpaquePointer? {
        guard let seatGlobal else { return nil }
        // Version 5 brings wl_pointer.frame and axis details; later ones add nothing Segue forwards.
        return bind(seatGlobal.name, segue_client_wl_seat_interface(), min(seatGlobal.version, 5))
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>?, _ version: UInt32) -> OpaquePointer? {
        wl_registry_bind(registry, name, interface, version).map(OpaquePointer.init)
    }

    nonisolated(unsafe) private static let registryListener = fixedListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let interface else { return }
            (listenerObject(data) as ParentConnection).announced(name: name, interface: String(cString: interface), version: version)
        },
        global_remove: { data, _, name in (listenerObject(data) as ParentConnection).removed(name: name) }
    ))

    // The parent pings to tell a live client from a hung one.
    nonisolated(unsafe) private static let wmBaseListener = fixedListener(xdg_wm_base_listener(
        ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }
    ))

    nonisolated(unsafe) private static let presentationListener = fixedListener(wp_presentation_listener(
        clock_id: { data, _, id in (listenerObject(data) as ParentConnection).clock.id = clockid_t(bitPattern: id) }
    ))
}
