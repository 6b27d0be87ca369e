import CWaylandServer

/// A wp_viewport: which part of its surface's content to show (the source,
/// in surface units before cropping) and at what size (the destination).
/// Like the surface's own state, it applies at the surface's next commit.
final class Viewport: ResourceObject {
    let resource: OpaquePointer
    private weak var surface: Surface?
    /// What the client asked for so far; the surface takes it at its next commit.
    private var requested = CropAndScale()

    private init(resource: OpaquePointer, surface: Surface) {
        self.resource = resource
        self.surface = surface
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, surface: Surface) {
        guard let resource = Resource.create(client: client, interface: segue_wp_viewport_interface(), version: version, id: id)
        else { return }
        let viewport = Viewport(resource: resource, surface: surface)
        Resource.attach(resource, implementation: implementation, object: viewport)
        surface.viewport = viewport
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        // Crop and scale go at the surface's next commit.
        surface?.modifyPending(ViewportState.self) { $0.cropAndScale = CropAndScale() }
        if surface?.viewport === self { surface?.viewport = nil }
    }

    /// Posts a wp_viewport error: the client is disconnected.
    func postError(_ code: WpViewportError, _ message: String) {
        WpViewportResource(resource).postError(code, message)
    }

    /// Its surface is gone: every request but destroy is now no_surface.
    func surfaceDestroyed() { surface = nil }

    /// Whether `state` fits content of `units` (surface units before
    /// cropping; nil for no buffer, which any source fits); if not, the
    /// client was sent the error. Without a source, anything fits.
    func allows(_ state: CropAndScale, on units: SIMD2<Int>?) -> Bool {
        guard let source = state.source else { return true }
        if state.destination == nil && (source.z.rounded() != source.z || source.w.rounded() != source.w) {
            postError(.badSize, "source size \(source.z)x\(source.w) is not whole with no destination size")
            return false
        }
        if let units, source.x + source.z > Double(units.x) || source.y + source.w > Double(units.y) {
            postError(.outOfBuffer, "source \(source.x),\(source.y) \(source.z)x\(source.w) reaches past content \(units.x)x\(units.y)")
            return false
        }
        return true
    }

    /// set_source: all -1 unsets it. no_surface comes before any other error.
    private func setSource(_ rect: SIMD4<Double>) {
        guard let surface else { return postError(.noSurface, "the wl_surface was destroyed") }
        if rect == SIMD4(repeating: -1) {
            requested.source = nil
        } else if rect.x >= 0, rect.y >= 0, rect.z > 0, rect.w > 0 {
            requested.source = rect
        } else {
            return postError(.badValue, "source \(rect.x),\(rect.y) \(rect.z)x\(rect.w) has a negative place or an empty size")
        }
        surface.modifyPending(ViewportState.self) { $0.cropAndScale = requested }
    }

    /// set_destination: -1 × -1 unsets it. no_surface comes before any other error.
    private func setDestination(_ size: SIMD2<Int>) {
        guard let surface else { return postError(.noSurface, "the wl_surface was destroyed") }
        if size == SIMD2(repeating: -1) {
            requested.destination = nil
        } else if size.x > 0, size.y > 0 {
            requested.destination = size
        } else {
            return postError(.badValue, "destination \(size.x)x\(size.y) is not a size")
        }
        surface.modifyPending(ViewportState.self) { $0.cropAndScale = requested }
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wp_viewport_interface> = {
        let table = UnsafeMutablePointer<wp_viewport_interface>.allocate(capacity: 1)
        table.initialize(to: wp_viewport_interface(
            destroy: Resource.destroy,
            set_source: { _, resource, x, y, width, height in
                Resource.object(resource, as: Viewport.self)?.setSource(
                    SIMD4(wl_fixed_to_double(x), wl_fixed_to_double(y), wl_fixed_to_double(width), wl_fixed_to_double(height)))
            },
            set_destination: { _, resource, width, height in
                Resource.object(resource, as: Viewport.self)?.setDestination(SIMD2(Int(width), Int(height)))
            }
        ))
        return table
    }()
}

/// wp_viewport's state for a surface: the source (x, y, width, height in
/// surface units before cropping; nil for all of the content) and the
/// destination size (nil for the source's size).
package struct CropAndScale: Equatable {
    package var source: SIMD4<Double>?
    package var destination: SIMD2<Int>?

    package var isSet: Bool { source != nil || destination != nil }
}

/// wp_viewport's double-buffered state for its surface: the crop and scale
/// asked for since the surface's last commit (nil: unchanged).
struct ViewportState: SurfaceStateExtension {
    var cropAndScale: CropAndScale?

    /// A later commit's on top of this one: the newer request wins.
    mutating func absorb(_ newer: ViewportState, contentReplaced: Bool) {
        if let cropAndScale = newer.cropAndScale { self.cropAndScale = cropAndScale }
    }
}
