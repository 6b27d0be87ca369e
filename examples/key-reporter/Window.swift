import CWaylandClient
import Glibc
import SegueClientSupport

/// One xdg_toplevel filled with a plain colour, redrawn at each size the compositor
/// asks for (or kept at a fixed size).
final class Window {
    private(set) var closed = false
    private let shm: OpaquePointer
    private let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private let color: UInt32
    private let fixedSize: (width: Int, height: Int)?
    private var suggested = (width: Int32(0), height: Int32(0))
    private var size = (width: 0, height: 0)
    private var buffer: OpaquePointer?

    init(compositor: OpaquePointer, shm: OpaquePointer, wmBase: OpaquePointer, color: UInt32,
         fixedSize: (width: Int, height: Int)?) {
        self.shm = shm
        self.color = color
        self.fixedSize = fixedSize
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, listenerData(self))
        xdg_toplevel_add_listener(toplevel, toplevelListener, listenerData(self))
        xdg_toplevel_set_app_id(toplevel, "segue-key-reporter")
        xdg_toplevel_set_title(toplevel, "key reporter")
        wl_surface_commit(surface)
    }

    fileprivate func suggest(width: Int32, height: Int32) {
        suggested = (width, height)
        report("configure \(width) \(height)")
    }

    fileprivate func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let wanted = fixedSize ?? (suggested.width > 0 && suggested.height > 0
            ? (Int(suggested.width), Int(suggested.height)) : (size.width > 0 ? size : (320, 240)))
        if wanted != size || buffer == nil {
            guard let newBuffer = makeBuffer(width: wanted.width, height: wanted.height) else {
                fail("cannot make a \(wanted.width)x\(wanted.height) buffer")
            }
            // The compositor copies the pixels at commit, so the old buffer can go now.
            if let buffer { wl_buffer_destroy(buffer) }
            buffer = newBuffer
            size = wanted
        }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_commit(surface)
    }

    fileprivate func close() { closed = true }

    private func makeBuffer(width: Int, height: Int) -> OpaquePointer? {
        let byteCount = width * height * 4
        let fd = segue_client_memfd_create("segue-key-reporter")
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0,
              let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED else { return nil }
        memory.bindMemory(to: UInt32.self, capacity: width * height).update(repeating: 0xff00_0000 | color, count: width * height)
        munmap(memory, byteCount)
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        defer { wl_shm_pool_destroy(pool) }
        return wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4), WL_SHM_FORMAT_XRGB8888.rawValue)
    }
}

private nonisolated(unsafe) let xdgSurfaceListener = fixedListener(xdg_surface_listener(
    configure: { data, _, serial in (listenerObject(data) as Window).configure(serial: serial) }
))

private nonisolated(unsafe) let toplevelListener = fixedListener(xdg_toplevel_listener(
    configure: { data, _, width, height, _ in (listenerObject(data) as Window).suggest(width: width, height: height) },
    close: { data, _ in (listenerObject(data) as Window).close() },
    // Only sent from xdg_wm_base version 4 and 5; the reporter binds version 1.
    configure_bounds: nil,
    wm_capabilities: nil
))
