import CWaylandClient
import CWaylandCursor
import Glibc
import SegueBackend
import SegueClientSupport

/// The pointer's look over Segue's window on the parent: the picture of the
/// cursor a client asked for, copied into a wl_shm buffer of the parent's;
/// the parent's cursor theme's arrow where no client asked; or none at all.
/// Set on each enter (the parent asks for it then) and on each change while
/// the pointer is over the window.
final class ParentCursor {
    private let shm: OpaquePointer
    private let surface: OpaquePointer
    private var cursor = Cursor.standard
    /// The parent's pointer and its last enter's serial, while the pointer is over the window.
    private var pointer: OpaquePointer?
    private var enterSerial: UInt32 = 0
    /// The theme's arrow comes at the window's scale, loaded when first needed.
    private var theme: OpaquePointer?
    private var themeScale = 0
    /// The parent's scale where the window is.
    var scale: Int32 = 1 {
        didSet { if scale != oldValue { apply() } }
    }

    init?(compositor: OpaquePointer, shm: OpaquePointer) {
        guard let surface = wl_compositor_create_surface(compositor) else { return nil }
        self.shm = shm
        self.surface = surface
    }

    func destroy() {
        if let theme { wl_cursor_theme_destroy(theme) }
        theme = nil
        wl_surface_destroy(surface)
    }

    func show(_ cursor: Cursor) {
        guard cursor != self.cursor else { return }
        self.cursor = cursor
        apply()
    }

    func entered(_ pointer: OpaquePointer, serial: UInt32) {
        self.pointer = pointer
        enterSerial = serial
        apply()
    }

    func left() { pointer = nil }

    private func apply() {
        guard let pointer else { return }
        switch cursor {
        case .hidden:
            wl_pointer_set_cursor(pointer, enterSerial, nil, 0, 0)
        case .standard:
            showThemedArrow()
        case .image(let image):
            guard let buffer = CursorBuffer(image, shm: shm) else { return }
            show(buffer.proxy, scale: Int32(image.scale), hotspotX: Int32(image.hotspotX), hotspotY: Int32(image.hotspotY))
        }
    }

    /// The surface takes the cursor role first, then its picture: the order
    /// every parent understands.
    private func show(_ buffer: OpaquePointer, scale: Int32, hotspotX: Int32, hotspotY: Int32) {
        guard let pointer else { return }
        wl_pointer_set_cursor(pointer, enterSerial, surface, hotspotX, hotspotY)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
    }

    /// The theme's left_ptr at the window's scale (libwayland-cursor's own
    /// arrow where no theme is installed); its buffer stays the theme's.
    private func showThemedArrow() {
        if theme == nil || themeScale != Int(scale) {
            if let theme { wl_cursor_theme_destroy(theme) }
            theme = wl_cursor_theme_load(nil, 24 * scale, shm)
            themeScale = Int(scale)
        }
        guard let theme, let arrow = wl_cursor_theme_get_cursor(theme, "left_ptr"), arrow.pointee.image_count > 0,
              let image = arrow.pointee.images[0], let buffer = wl_cursor_image_get_buffer(image) else { return }
        show(buffer, scale: scale, hotspotX: Int32(image.pointee.hotspot_x) / scale, hotspotY: Int32(image.pointee.hotspot_y) / scale)
    }
}

/// A client's cursor picture in a wl_shm buffer of the parent's, freed when
/// the parent releases it.
private final class CursorBuffer {
    let proxy: OpaquePointer
    /// Each buffer keeps itself until the parent gives it back.
    nonisolated(unsafe) private static var held: [ObjectIdentifier: CursorBuffer] = [:]

    init?(_ image: CursorImage, shm: OpaquePointer) {
        let size = image.pixels.count
        guard size > 0 else { return nil }
        let fd = segue_client_memfd_create("segue-cursor")
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0,
              let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED else { return nil }
        image.pixels.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: size) }
        munmap(memory, size)
        guard let pool = wl_shm_create_pool(shm, fd, Int32(size)) else { return nil }
        defer { wl_shm_pool_destroy(pool) }
        guard let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(image.width), Int32(image.height), Int32(image.width * 4),
                                                     WL_SHM_FORMAT_ARGB8888.rawValue) else { return nil }
        proxy = buffer
        Self.held[ObjectIdentifier(self)] = self
        wl_buffer_add_listener(buffer, Self.listener, listenerData(self))
    }

    private func released() {
        wl_buffer_destroy(proxy)
        Self.held[ObjectIdentifier(self)] = nil
    }

    nonisolated(unsafe) private static let listener = fixedListener(wl_buffer_listener(
        release: { data, _ in (listenerObject(data) as CursorBuffer).released() }
    ))
}
