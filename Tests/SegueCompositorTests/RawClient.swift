import CWaylandClient
import Glibc
import SegueClientSupport
import SegueEngine
import SegueImaging
import XCTest

/// A Wayland client in the test process, driven one request at a time so a test
/// can break the protocol on purpose and read back what the compositor said.
/// Every wait has a deadline: a compositor that stops answering fails the test
/// instead of hanging it.
final class RawClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let display: OpaquePointer
    private let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var seat: OpaquePointer?
    /// wl_seat's capabilities, as last announced.
    fileprivate(set) var seatCapabilities: UInt32 = 0
    private(set) var subcompositor: OpaquePointer?
    /// Bound the first time a test makes a layer surface.
    var layerShell: OpaquePointer?
    private(set) var activation: OpaquePointer?
    private(set) var output: OpaquePointer?
    private var outputName: UInt32?
    private var compositorName: UInt32?
    /// What the compositor said of its wl_output, as of its last done event.
    let outputState = RawOutputState()
    private(set) var pointerGestures: OpaquePointer?
    private(set) var dataDeviceManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var primarySelectionManager: OpaquePointer?
    /// Every global announced, by interface name, with its version, and its name.
    private(set) var globals: [String: UInt32] = [:]
    private var globalNames: [String: UInt32] = [:]
    /// Objects that listeners reach through their data pointer; they live as long as the client.
    var listenedTo: [AnyObject] = []
    /// Pools behind buffers the client shows; they live as long as the client.
    private var pools: [RawShmPool] = []
    /// Runs the compositor's loop once, without waiting, for a compositor in
    /// this thread: called whenever the client waits for it.
    let serve: (() -> Void)?

    /// Connects to the socket at `path`; libwayland takes an absolute path as the
    /// display name, so the test process's XDG_RUNTIME_DIR is left alone.
    /// `serve`, if given, runs while the client waits: for a compositor its
    /// answers wait on, served from the test's thread.
    convenience init(socket path: String, serve: (() -> Void)? = nil) throws {
        guard let display = wl_display_connect(path) else {
            throw Failure(description: "cannot connect to \(path): \(String(cString: strerror(errno)))")
        }
        try self.init(display: display, serve: serve)
    }

    /// Connects over `fd`, one end of a socket pair to a compositor that this
    /// thread runs through `serve`.
    convenience init(fd: Int32, serve: @escaping () -> Void) throws {
        guard let display = wl_display_connect_to_fd(fd) else {
            throw Failure(description: "cannot connect over fd \(fd): \(String(cString: strerror(errno)))")
        }
        try self.init(display: display, serve: serve)
    }

    private init(display: OpaquePointer, serve: (() -> Void)?) throws {
        self.display = display
        self.serve = serve
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, listenerData(self))
        // Thrown once every property is set, so deinit still disconnects.
        guard roundtrip(), compositor != nil, shm != nil, wmBase != nil, seat != nil else {
            throw Failure(description: "the compositor offers no wl_compositor v4, wl_shm, xdg_wm_base or wl_seat")
        }
    }

    /// Proxies are not freed one by one: the test process ends soon, and after a
    /// protocol error most of them would be dead anyway.
    deinit { wl_display_disconnect(display) }

    fileprivate func announced(name: UInt32, interface: String, version: UInt32) {
        globals[interface] = version
        globalNames[interface] = name
        switch interface {
        // Version 4 brings wl_surface.damage_buffer, 5 makes attach's offset an error.
        case "wl_compositor" where version >= 4:
            compositorName = name
            compositor = bind(name, segue_client_wl_compositor_interface(), version: min(version, 5))
        case "wl_shm":
            shm = bind(name, segue_client_wl_shm_interface(), version: 1)
        case "xdg_wm_base":
            wmBase = bind(name, segue_client_xdg_wm_base_interface(), version: 1)
        case "wl_subcompositor":
            subcompositor = bind(name, segue_client_wl_subcompositor_interface(), version: 1)
        case "wl_seat":
            seat = bind(name, segue_client_wl_seat_interface(), version: min(version, 7))
            if let seat { wl_seat_add_listener(seat, seatListener, listenerData(self)) }
        case "wl_output":
            // Version 3 has wl_output.release.
            outputName = name
            output = bind(name, segue_client_wl_output_interface(), version: min(version, 3))
            if let output { wl_output_add_listener(output, outputListener, listenerData(outputState)) }
        case "zwp_pointer_gestures_v1":
            pointerGestures = bind(name, segue_client_zwp_pointer_gestures_v1_interface(), version: 1)
        case "xdg_activation_v1":
            activation = bind(name, segue_client_xdg_activation_v1_interface(), version: 1)
        case "zwp_primary_selection_device_manager_v1":
            primarySelectionManager = bind(name, segue_client_zwp_primary_selection_device_manager_v1_interface(), version: 1)
        case "wp_viewporter":
            viewporter = bind(name, segue_client_wp_viewporter_interface(), version: 1)
        case "wl_data_device_manager":
            dataDeviceManager = bind(name, segue_client_wl_data_device_manager_interface(), version: min(version, 3))
        default:
            break
        }
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>?, version: UInt32) -> OpaquePointer? {
        wl_registry_bind(registry, name, interface, version).map(OpaquePointer.init)
    }

    // MARK: Requests

    /// The global announced as `name`, bound at `version`; nil where none was announced.
    func bind(global name: String, _ interface: UnsafePointer<wl_interface>?, version: UInt32) -> OpaquePointer? {
        globalNames[name].flatMap { bind($0, interface, version: version) }
    }

    /// The compositor bound again at `version`: for what older clients do.
    func compositor(version: UInt32) -> OpaquePointer? {
        compositorName.flatMap { bind($0, segue_client_wl_compositor_interface(), version: version) }
    }

    /// Releases the wl_output and binds it again: a new resource, which
    /// libwayland may well place where the old one was.
    func rebindOutput() {
        guard let output, let outputName else { return }
        wl_output_release(output)
        self.output = bind(outputName, segue_client_wl_output_interface(), version: 3)
        if let output = self.output { wl_output_add_listener(output, outputListener, listenerData(outputState)) }
    }

    /// A surface made a toplevel (through `base`, an xdg_wm_base bound at
    /// another version, where given), `beforeCommit` applied, and committed
    /// bare; the configure it was sent is in `lastConfigureSerial` when
    /// `roundtrip` returns true.
    func makeToplevel(through base: OpaquePointer? = nil, beforeCommit: (RawToplevel) -> Void = { _ in }) -> RawToplevel {
        let surface = wl_compositor_create_surface(compositor)!
        let xdgSurface = xdg_wm_base_get_xdg_surface(base ?? wmBase, surface)!
        let toplevel = RawToplevel(surface: surface, xdgSurface: xdgSurface, toplevel: xdg_surface_get_toplevel(xdgSurface)!)
        listenedTo.append(toplevel)
        beforeCommit(toplevel)
        wl_surface_commit(surface)
        return toplevel
    }

    /// A toplevel whose first configure is acknowledged: ready for buffers.
    func makeConfiguredToplevel() throws -> RawToplevel {
        let toplevel = makeToplevel()
        guard roundtrip(), let serial = toplevel.lastConfigureSerial else {
            throw Failure(description: "the toplevel was never configured")
        }
        ackConfigure(toplevel, serial: serial)
        return toplevel
    }

    /// Shows `image` on `surface`: an XRGB8888 (or `format`) buffer of its size, damaged all over or in `damage` (`unused` in each X
    /// byte) in a pool of its own, attached, damaged whole and committed.
    func show(_ image: RGBAImage, on surface: OpaquePointer, unused: UInt8 = 255,
              format: wl_shm_format = WL_SHM_FORMAT_XRGB8888, damage: PixelRect? = nil) throws {
        let width = Int32(image.width), height = Int32(image.height)
        guard let pool = makePool(size: width * height * 4),
              let buffer = pool.makeBuffer(width: width, height: height, stride: width * 4, format: format.rawValue),
              pool.write(image, unused: unused) else { throw Failure(description: "cannot make a \(width)x\(height) buffer") }
        pools.append(pool)
        wl_surface_attach(surface, buffer, 0, 0)
        let damaged = damage ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        wl_surface_damage_buffer(surface, Int32(damaged.x), Int32(damaged.y), Int32(damaged.width), Int32(damaged.height))
        wl_surface_commit(surface)
    }

    /// Shows `image` as `show` does, in a buffer of its own whose release the test can watch.
    func showTracked(_ image: RGBAImage, on surface: OpaquePointer, damage: PixelRect? = nil) throws -> TrackedBuffer {
        let width = Int32(image.width), height = Int32(image.height)
        guard let pool = makePool(size: width * height * 4),
              let buffer = pool.makeBuffer(width: width, height: height, stride: width * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue),
              pool.write(image) else { throw Failure(description: "cannot make a \(width)x\(height) buffer") }
        pools.append(pool)
        let tracked = TrackedBuffer(buffer)
        listenedTo.append(tracked)
        wl_surface_attach(surface, buffer, 0, 0)
        let damaged = damage ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        wl_surface_damage_buffer(surface, Int32(damaged.x), Int32(damaged.y), Int32(damaged.width), Int32(damaged.height))
        wl_surface_commit(surface)
        return tracked
    }

    /// Says the whole of `surface` (width × height) is opaque, from its next commit.
    func setOpaque(_ surface: OpaquePointer, width: Int32, height: Int32) {
        let region = wl_compositor_create_region(compositor)
        wl_region_add(region, 0, 0, width, height)
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
    }

    /// Sets `surface`'s input region to `rects` (none: it takes no input), from its next commit.
    func setInputRegion(_ surface: OpaquePointer, _ rects: [PixelRect]) {
        let region = wl_compositor_create_region(compositor)
        for rect in rects { wl_region_add(region, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    /// A new surface made a subsurface of `parent` at (x, y), synchronized as subsurfaces start.
    func makeSubsurface(of parent: OpaquePointer, x: Int32, y: Int32) -> (surface: OpaquePointer, subsurface: OpaquePointer) {
        let surface = wl_compositor_create_surface(compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)!
        wl_subsurface_set_position(subsurface, x, y)
        return (surface, subsurface)
    }

    func ackConfigure(_ toplevel: RawToplevel, serial: UInt32) {
        xdg_surface_ack_configure(toplevel.xdgSurface, serial)
    }

    func setWindowGeometry(_ toplevel: RawToplevel, x: Int32, y: Int32, width: Int32, height: Int32) {
        xdg_surface_set_window_geometry(toplevel.xdgSurface, x, y, width, height)
    }

    /// A second xdg_surface for a surface that may already have one.
    func getXdgSurface(for surface: OpaquePointer) {
        _ = xdg_wm_base_get_xdg_surface(wmBase, surface)
    }

    /// A popup of `parent` (an xdg_surface), `width`×`height` against
    /// `anchorRect` with `anchor` and `gravity` (xdg_positioner values), taking
    /// adjusted by `adjustment` where it would leave its bounds, taking
    /// a grab with `grabSerial` if given, committed bare; configured when
    /// `roundtrip` returns, and left for the test to acknowledge.
    func makePopup(of parent: OpaquePointer?, width: Int32, height: Int32, anchorRect: PixelRect,
                   anchor: xdg_positioner_anchor = XDG_POSITIONER_ANCHOR_NONE,
                   gravity: xdg_positioner_gravity = XDG_POSITIONER_GRAVITY_NONE,
                   adjustment: xdg_positioner_constraint_adjustment = XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_NONE,
                   grabSerial: UInt32? = nil, beforeCommit: (RawPopup) -> Void = { _ in }) -> RawPopup {
        let positioner = xdg_wm_base_create_positioner(wmBase)!
        xdg_positioner_set_size(positioner, width, height)
        xdg_positioner_set_anchor_rect(positioner, Int32(anchorRect.x), Int32(anchorRect.y),
                                       Int32(anchorRect.width), Int32(anchorRect.height))
        xdg_positioner_set_anchor(positioner, anchor.rawValue)
        xdg_positioner_set_gravity(positioner, gravity.rawValue)
        xdg_positioner_set_constraint_adjustment(positioner, adjustment.rawValue)
        let surface = wl_compositor_create_surface(compositor)!
        let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)!
        let popup = RawPopup(surface: surface, xdgSurface: xdgSurface,
                             popup: xdg_surface_get_popup(xdgSurface, parent, positioner)!)
        xdg_positioner_destroy(positioner)
        if let grabSerial { xdg_popup_grab(popup.popup, seat, grabSerial) }
        listenedTo.append(popup)
        beforeCommit(popup)
        wl_surface_commit(surface)
        return popup
    }

    /// `popup`'s configure acknowledged and `image` shown on it.
    func show(_ image: RGBAImage, onPopup popup: RawPopup) throws {
        XCTAssertTrue(roundtrip())
        let serial = try XCTUnwrap(popup.lastConfigureSerial, "the popup was never configured")
        xdg_surface_ack_configure(popup.xdgSurface, serial)
        try show(image, on: popup.surface)
        XCTAssertTrue(roundtrip())
    }

    func makePositioner() -> OpaquePointer? {
        xdg_wm_base_create_positioner(wmBase)
    }

    /// A pool of `size` bytes over a memfd of `fileSize` bytes (by default the same).
    func makePool(size: Int32, fileSize: Int? = nil) -> RawShmPool? {
        RawShmPool(shm: shm!, size: size, fileSize: fileSize ?? Int(size))
    }

    func attach(_ buffer: OpaquePointer?, to toplevel: RawToplevel) {
        wl_surface_attach(toplevel.surface, buffer, 0, 0)
    }

    func damage(_ toplevel: RawToplevel, width: Int32, height: Int32) {
        wl_surface_damage_buffer(toplevel.surface, 0, 0, width, height)
    }

    func commit(_ toplevel: RawToplevel) {
        wl_surface_commit(toplevel.surface)
    }

    func destroyBuffer(_ buffer: OpaquePointer) {
        wl_buffer_destroy(buffer)
    }

    /// Sends `proxy`'s destructor request (opcode 0 on every interface used here)
    /// but keeps the proxy, so later requests can still name the dead object and
    /// an error posted on it still reports its interface.
    func sendDestroyKeepingProxy(_ proxy: OpaquePointer) {
        wl_proxy_marshal_array_flags(proxy, 0, nil, wl_proxy_get_version(proxy), 0, nil)
    }

    /// The seat's keyboard, recording what it is sent from here on.
    func makeKeyboard() -> RawKeyboard {
        let keyboard = RawKeyboard(keyboard: wl_seat_get_keyboard(seat)!)
        listenedTo.append(keyboard)
        return keyboard
    }

    /// The seat's pointer, recording what it is sent from here on.
    func makePointer() -> RawPointer {
        let pointer = RawPointer(pointer: wl_seat_get_pointer(seat)!)
        listenedTo.append(pointer)
        return pointer
    }

    /// A swipe gesture on `pointer`'s wl_pointer, recording what it is sent from here on.
    func makeSwipe(on pointer: OpaquePointer) -> RawSwipe {
        let swipe = RawSwipe(swipe: zwp_pointer_gestures_v1_get_swipe_gesture(pointerGestures, pointer)!)
        listenedTo.append(swipe)
        return swipe
    }

    /// The seat's data device, recording the selections it is offered from here on.
    func makeDataDevice() -> RawDataDevice {
        let device = RawDataDevice(device: wl_data_device_manager_get_data_device(dataDeviceManager, seat)!)
        listenedTo.append(device)
        return device
    }

    /// A data source offering `mimeTypes`, answering each send with `data`.
    func makeDataSource(offering mimeTypes: [String], data: String = "") -> RawDataSource {
        let source = RawDataSource(source: wl_data_device_manager_create_data_source(dataDeviceManager)!, data: data)
        for mimeType in mimeTypes { wl_data_source_offer(source.source, mimeType) }
        listenedTo.append(source)
        return source
    }

    /// The seat's primary selection device, recording what it is offered from here on.
    func makePrimaryDevice() -> RawPrimaryDevice {
        let device = RawPrimaryDevice(device: zwp_primary_selection_device_manager_v1_get_device(primarySelectionManager, seat)!)
        listenedTo.append(device)
        return device
    }

    /// A primary selection source offering `mimeTypes`, answering each send with `data`.
    func makePrimarySource(offering mimeTypes: [String], data: String = "") -> RawPrimarySource {
        let source = RawPrimarySource(source: zwp_primary_selection_device_manager_v1_create_source(primarySelectionManager)!, data: data)
        for mimeType in mimeTypes { zwp_primary_selection_source_v1_offer(source.source, mimeType) }
        listenedTo.append(source)
        return source
    }

    /// The seat's touch, recording what it is sent from here on.
    func makeTouch() -> RawTouch {
        let touch = RawTouch(touch: wl_seat_get_touch(seat)!)
        listenedTo.append(touch)
        return touch
    }
}

private nonisolated(unsafe) let registryListener = fixedListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        (listenerObject(data) as RawClient).announced(name: name, interface: String(cString: interface!), version: version)
    },
    global_remove: { _, _, _ in }
))

private nonisolated(unsafe) let seatListener = fixedListener(wl_seat_listener(
    capabilities: { data, _, capabilities in (listenerObject(data) as RawClient).seatCapabilities = capabilities },
    name: { _, _, _ in }
))
