import CWaylandClient
import SegueClientSupport
import SegueImaging

/// A wl_surface made a zwlr_layer_surface_v1 by a RawClient, with the last
/// configure it was sent (serial and size) and whether it was closed.
final class RawLayerSurface {
    let surface: OpaquePointer
    let layerSurface: OpaquePointer
    private(set) var lastConfigureSerial: UInt32?
    private(set) var lastSize: (width: UInt32, height: UInt32)?
    private(set) var configures = 0
    private(set) var closed = false

    init(surface: OpaquePointer, layerSurface: OpaquePointer) {
        self.surface = surface
        self.layerSurface = layerSurface
        zwlr_layer_surface_v1_add_listener(layerSurface, layerSurfaceListener, listenerData(self))
    }

    fileprivate func configured(serial: UInt32, width: UInt32, height: UInt32) {
        lastConfigureSerial = serial
        lastSize = (width, height)
        configures += 1
    }

    fileprivate func wasClosed() { closed = true }
}

private nonisolated(unsafe) let layerSurfaceListener = fixedListener(zwlr_layer_surface_v1_listener(
    configure: { data, _, serial, width, height in
        (listenerObject(data) as RawLayerSurface).configured(serial: serial, width: width, height: height)
    },
    closed: { data, _ in (listenerObject(data) as RawLayerSurface).wasClosed() }
))

extension RawClient {
    /// A layer surface on `layer` (0 background … 3 overlay), its placement
    /// set by `setUp` before its first commit, which carries no buffer.
    func makeLayerSurface(layer: UInt32, namespace: String = "test", setUp: (OpaquePointer) -> Void = { _ in }) throws -> RawLayerSurface {
        if layerShell == nil {
            layerShell = bind(global: "zwlr_layer_shell_v1", segue_client_zwlr_layer_shell_v1_interface(), version: 4)
        }
        guard let shell = layerShell, let compositor, let surface = wl_compositor_create_surface(compositor),
              let made = zwlr_layer_shell_v1_get_layer_surface(shell, surface, nil, layer, namespace) else {
            throw Failure(description: "no layer shell")
        }
        let layerSurface = RawLayerSurface(surface: surface, layerSurface: made)
        listenedTo.append(layerSurface)
        setUp(made)
        wl_surface_commit(surface)
        return layerSurface
    }

    /// A wallpaper on the background layer, stretched over the whole
    /// `width`×`height` output (as swaybg is), all `fill`.
    func showWallpaper(_ fill: RGBA, width: Int, height: Int) throws {
        let background = try makeLayerSurface(layer: 0, namespace: "wallpaper") {
            zwlr_layer_surface_v1_set_anchor($0, 1 | 2 | 4 | 8)
            zwlr_layer_surface_v1_set_size($0, 0, 0)
        }
        guard roundtrip() else { throw Failure(description: "the compositor went away") }
        try show(RGBAImage(width: width, height: height, fill: fill), onLayer: background)
    }

    /// A bar on the top layer, anchored across the top of the output and
    /// keeping `height` for itself, shown `fill` with a 6×6 `marker` at its
    /// top-left once configured; `width` is what the configure said.
    func showTopBar(height: Int32, fill: RGBA, marker: RGBA) throws -> (bar: RawLayerSurface, width: Int32) {
        let bar = try makeLayerSurface(layer: 2) {
            zwlr_layer_surface_v1_set_anchor($0, 1 | 4 | 8)
            zwlr_layer_surface_v1_set_size($0, 0, UInt32(height))
            zwlr_layer_surface_v1_set_exclusive_zone($0, height)
        }
        guard roundtrip(), let size = bar.lastSize else { throw Failure(description: "the bar's first commit was not answered by a configure") }
        var image = RGBAImage(width: Int(size.width), height: Int(size.height), fill: fill)
        image.fill(marker, x: 0, y: 0, width: 6, height: 6)
        try show(image, onLayer: bar)
        guard roundtrip() else { throw Failure(description: "the compositor went away") }
        return (bar, Int32(size.width))
    }

    /// Acknowledges the last configure of `layer` and shows `image` on it.
    func show(_ image: RGBAImage, onLayer layer: RawLayerSurface) throws {
        guard let serial = layer.lastConfigureSerial else { throw Failure(description: "the layer surface was never configured") }
        zwlr_layer_surface_v1_ack_configure(layer.layerSurface, serial)
        try show(image, on: layer.surface)
    }
}
