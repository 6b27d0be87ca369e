import CWaylandServer
import SegueRender

/// A wl_surface: double-buffered state applied on commit. Its content lives
/// in a GL texture; a committed wl_shm buffer's damaged rectangles are copied
/// into it with the buffer's stride, after which the buffer is released.
final class Surface: ResourceObject {
    let resource: OpaquePointer
    let client: OpaquePointer
    weak var observer: SurfaceObserver?
    private(set) var role: SurfaceRole?

    /// The surface's content, nil while no buffer is attached.
    private(set) var texture: Texture?
    /// Subsurfaces, bottom to top, drawn above this surface.
    var children: [Subsurface] = []

    private(set) var frameCallbacks: [FrameCallback] = []
    /// Whether the last commit brought a new buffer (or removed one).
    private(set) var committedNewContent = false
    /// Presentation feedback requested for the committed content.
    var feedbacks: [PresentationFeedback] = []

    private var pending = PendingState()
    private lazy var bufferWatcher = Listener { [unowned self] _ in
        // The client destroyed the buffer it attached before committing it.
        if case .attached = self.pending.buffer { self.pending.buffer = .attached(nil) }
    }

    private struct PendingState {
        enum Buffer { case unchanged, attached(OpaquePointer?) }
        var buffer = Buffer.unchanged
        var damage: [PixelRect] = []
        var callbacks: [FrameCallback] = []
        var feedbacks: [PresentationFeedback] = []
    }

    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_surface_interface(),
                                             version: version, id: id) else { return nil }
        self.client = client
        self.resource = resource
        Resource.attach(resource, implementation: Self.implementation, object: self)
    }

    var width: Int { texture?.width ?? 0 }
    var height: Int { texture?.height ?? 0 }

    /// Gives the surface a role; a surface that has another role already gets
    /// the error `code` on `errorResource`, as the role's protocol names it.
    func assign(_ role: SurfaceRole, errorResource: OpaquePointer?, code: UInt32) -> Bool {
        if let current = self.role, current !== role {
            postError(errorResource ?? resource, code, "wl_surface@\(wl_resource_get_id(resource)) already has the role \(current.roleName)")
            return false
        }
        self.role = role
        return true
    }

    /// The role object went away; the surface may take the same role again.
    func clearRole(_ role: SurfaceRole) {
        if self.role === role { self.role = nil }
    }

    /// Called by the presentation global for a feedback request on this surface.
    func addPendingFeedback(_ feedback: PresentationFeedback) { pending.feedbacks.append(feedback) }

    /// Sends `done` to every frame callback committed so far.
    func sendFrameDone(milliseconds: UInt32) {
        let callbacks = frameCallbacks
        frameCallbacks.removeAll()
        for callback in callbacks { callback.done(milliseconds: milliseconds) }
    }

    /// Hands the committed presentation feedback to whoever presents the frame.
    func takeFeedbacks() -> [PresentationFeedback] {
        defer { feedbacks.removeAll() }
        return feedbacks
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        bufferWatcher.remove()
        for feedback in pending.feedbacks + feedbacks { feedback.discarded() }
        role?.surfaceDestroyed(self)
        observer?.surfaceDestroyed(self)
        role = nil
    }

    private func commit() {
        committedNewContent = false
        if case .attached(let buffer) = pending.buffer {
            committedNewContent = true
            bufferWatcher.remove()
            if let buffer {
                guard upload(buffer, damage: pending.damage) else { return }
            } else {
                texture = nil
            }
        }
        pending.buffer = .unchanged
        pending.damage.removeAll()
        for child in children { child.parentCommitted() }
        frameCallbacks += pending.callbacks
        pending.callbacks.removeAll()
        for old in feedbacks { old.discarded() }
        feedbacks = pending.feedbacks
        pending.feedbacks.removeAll()
        role?.surfaceCommitted(self)
        observer?.surfaceCommitted(self)
    }

    /// Copies a wl_shm buffer into the texture (its damaged part when the size
    /// is unchanged) and releases it. False when the client was sent an error.
    private func upload(_ buffer: OpaquePointer, damage: [PixelRect]) -> Bool {
        guard let shm = wl_shm_buffer_get(buffer) else {
            postError(resource, UInt32(WL_SURFACE_ERROR_INVALID_SIZE.rawValue), "only wl_shm buffers are supported")
            return false
        }
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        // libwayland checks stride against the width in pixels; both formats take 4 bytes a pixel.
        guard stride >= width * 4 else {
            postError(buffer, UInt32(WL_SHM_ERROR_INVALID_STRIDE.rawValue),
                      "stride \(stride) is smaller than width \(width) × 4 bytes")
            return false
        }
        let format: PixelFormat = wl_shm_buffer_get_format(shm) == UInt32(WL_SHM_FORMAT_XRGB8888.rawValue) ? .xrgb8888 : .argb8888
        var region: PixelRect?
        if let texture, texture.width == width, texture.height == height {
            region = Self.bounds(of: damage)
            if region == nil {
                wl_buffer_send_release(buffer)
                return true
            }
        } else {
            do {
                texture = try Texture(width: width, height: height)
            } catch {
                postError(resource, UInt32(WL_SURFACE_ERROR_INVALID_SIZE.rawValue), "buffer \(width)x\(height): \(error)")
                return false
            }
        }
        // libwayland maps zero pages over a pool that shrank under us and, at
        // end_access, posts the client an error: a truncated pool cannot crash us.
        wl_shm_buffer_begin_access(shm)
        if let data = wl_shm_buffer_get_data(shm) {
            texture?.upload(UnsafeRawBufferPointer(start: data, count: stride * height), stride: stride,
                            format: format, region: region)
        }
        wl_shm_buffer_end_access(shm)
        wl_buffer_send_release(buffer)
        return true
    }

    /// One rectangle covering all damage: fewer, larger uploads beat many small ones.
    private static func bounds(of damage: [PixelRect]) -> PixelRect? {
        guard let first = damage.first else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x + first.width, y1 = first.y + first.height
        for r in damage.dropFirst() {
            x0 = min(x0, r.x); y0 = min(y0, r.y)
            x1 = max(x1, r.x + r.width); y1 = max(y1, r.y + r.height)
        }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_surface_interface> = {
        let table = UnsafeMutablePointer<wl_surface_interface>.allocate(capacity: 1)
        table.initialize(to: wl_surface_interface(
            destroy: Resource.destroy,
            attach: { _, resource, buffer, x, y in
                guard let surface = Resource.object(resource, as: Surface.self) else { return }
                if wl_resource_get_version(resource) >= 5 && (x != 0 || y != 0) {
                    postError(resource, UInt32(WL_SURFACE_ERROR_INVALID_OFFSET.rawValue),
                              "attach with a non-zero offset; use wl_surface.offset")
                    return
                }
                surface.bufferWatcher.remove()
                if let buffer { surface.bufferWatcher.subscribe(toDestructionOfResource: buffer) }
                surface.pending.buffer = .attached(buffer)
            },
            damage: { _, resource, x, y, width, height in
                // Scale 1 and no transform: surface and buffer coordinates agree.
                Resource.object(resource, as: Surface.self)?.addDamage(x, y, width, height)
            },
            frame: { client, resource, id in
                guard let client, let surface = Resource.object(resource, as: Surface.self),
                      let callback = FrameCallback(client: client, id: id) else { return }
                surface.pending.callbacks.append(callback)
            },
            set_opaque_region: { _, _, _ in },
            set_input_region: { _, _, _ in },
            commit: { _, resource in Resource.object(resource, as: Surface.self)?.commit() },
            set_buffer_transform: { _, resource, transform in
                guard (0...7).contains(transform) else {
                    postError(resource, UInt32(WL_SURFACE_ERROR_INVALID_TRANSFORM.rawValue), "transform \(transform) is not a wl_output.transform")
                    return
                }
            },
            set_buffer_scale: { _, resource, scale in
                guard scale >= 1 else {
                    postError(resource, UInt32(WL_SURFACE_ERROR_INVALID_SCALE.rawValue), "buffer scale \(scale) is not positive")
                    return
                }
            },
            damage_buffer: { _, resource, x, y, width, height in
                Resource.object(resource, as: Surface.self)?.addDamage(x, y, width, height)
            },
            offset: { _, _, _, _ in }
        ))
        return table
    }()

    private func addDamage(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        guard width > 0, height > 0 else { return }
        pending.damage.append(PixelRect(x: Int(x), y: Int(y), width: Int(min(width, 1 << 15)), height: Int(min(height, 1 << 15))))
    }
}
