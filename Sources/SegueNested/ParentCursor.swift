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
    /// Client pictures' buffers, until the parent gives each back.
    private var buffers: [CursorBuffer] = []
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
        for buffer in buffers { wl_buffer_destroy(buffer.proxy) }
        buffers.removeAll()
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
            showThemed("left_ptr")
        case .named(let name):
            showThemed(name)
        case .image(let image):
            guard let buffer = CursorBuffer(image, shm: shm, released: { [weak self] in self?.released($0) }) else { return }
            buffers.append(buffer)
            show(buffer.proxy, width: image.width, height: image.height, scale: image.scale,
                 hotspotX: image.hotspotX, hotspotY: image.hotspotY)
        }
    }

    private func released(_ buffer: CursorBuffer) {
        wl_buffer_destroy(buffer.proxy)
        buffers.removeAll { $0 === buffer }
    }

    /// The surface takes the cursor role first, then its picture: the order
    /// every parent understands. A picture whose sides are not whole surface
    /// units at its scale goes at scale 1, its hotspot scaled to match, as a
    /// parent may refuse the other.
    private func show(_ buffer: OpaquePointer, width: Int, height: Int, scale: Int, hotspotX: Int, hotspotY: Int) {
        guard let pointer else { return }
        let whole = scale > 0 && width % scale == 0 && height % scale == 0
        let (bufferScale, x, y) = whole ? (scale, hotspotX, hotspotY) : (1, hotspotX * scale, hotspotY * scale)
        wl_pointer_set_cursor(pointer, enterSerial, surface, Int32(x), Int32(y))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_set_buffer_scale(surface, Int32(bufferScale))
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
    }

    /// Older themes' names for the CSS shapes that most often lack their own.
    private static let olderNames = ["text": "xterm", "pointer": "hand2", "wait": "watch", "progress": "left_ptr_watch",
                                     "move": "fleur", "grab": "hand1", "grabbing": "hand1", "help": "question_arrow",
                                     "not-allowed": "crossed_circle", "ew-resize": "sb_h_double_arrow",
                                     "ns-resize": "sb_v_double_arrow", "col-resize": "sb_h_double_arrow",
                                     "row-resize": "sb_v_double_arrow", "all-scroll": "fleur"]

    /// The theme's cursor of `name` (its older name, else the arrow, where the
    /// theme lacks it) at the window's scale: the theme and size the session
    /// names in XCURSOR_THEME and XCURSOR_SIZE (else the default theme at 24,
    /// or libwayland-cursor's own arrow where none is installed); its buffer
    /// stays the theme's.
    private func showThemed(_ name: String) {
        if theme == nil || themeScale != Int(scale) {
            if let theme { wl_cursor_theme_destroy(theme) }
            let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { (1...512).contains($0) ? $0 : nil } ?? 24
            theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), size * scale, shm)
            themeScale = Int(scale)
        }
        guard let theme,
              let arrow = [name, Self.olderNames[name], "left_ptr"].lazy.compactMap({ $0.flatMap { wl_cursor_theme_get_cursor(theme, $0) } }).first,
              arrow.pointee.image_count > 0,
              let image = arrow.pointee.images[0], let buffer = wl_cursor_image_get_buffer(image) else { return }
        show(buffer, width: Int(image.pointee.width), height: Int(image.pointee.height), scale: Int(scale),
             hotspotX: Int(image.pointee.hotspot_x) / Int(scale), hotspotY: Int(image.pointee.hotspot_y) / Int(scale))
    }
}

/// A client's cursor picture in a wl_shm buffer of the parent's, until the
/// parent releases it.
private final class CursorBuffer {
    let proxy: OpaquePointer
    private let released: (CursorBuffer) -> Void

    init?(_ image: CursorImage, shm: OpaquePointer, released: @escaping (CursorBuffer) -> Void) {
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
        self.released = released
        wl_buffer_add_listener(buffer, Self.listener, listenerData(self))
    }

    nonisolated(unsafe) private static let listener = fixedListener(wl_buffer_listener(
        release: { data, _ in
            let buffer = listenerObject(data) as CursorBuffer
            buffer.released(buffer)
        }
    ))
}
