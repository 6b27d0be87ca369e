import CWaylandServer
import SegueEngine

/// What a client asks of its wl_surface between commits, and the checks its buffers pass.
extension Surface {
    /// Checks a buffer before it becomes the surface's content. Nil when the
    /// client was sent an error.
    func validate(_ buffer: OpaquePointer) -> SurfaceBuffer? {
        if let pixel = SinglePixelBuffer.from(buffer) { return .shm(ShmBuffer(resource: buffer, pixel: pixel.bgra)) }
        guard let shm = wl_shm_buffer_get(buffer) else {
            if let dmabuf = DmabufBuffer.from(buffer) {
                // Its size was checked when it was made: positive, and within its files.
                guard dmabuf.width <= Self.maxBufferSide, dmabuf.height <= Self.maxBufferSide else {
                    WlSurfaceResource(resource).postError(.invalidSize, "buffer \(dmabuf.width)x\(dmabuf.height) is larger than \(Self.maxBufferSide) on a side")
                    return nil
                }
                return .dmabuf(dmabuf)
            }
            WlSurfaceResource(resource).postError(.invalidSize, "only wl_shm, linux-dmabuf and single-pixel buffers are supported")
            return nil
        }
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        // libwayland checks stride against the width in pixels; both formats take 4 bytes a pixel.
        guard stride >= width * 4 else {
            // wl_shm's own error would go on its resource, which the buffer does not lead back to.
            WlSurfaceResource(resource).postError(.invalidSize, "buffer stride \(stride) is smaller than width \(width) × 4 bytes")
            return nil
        }
        guard width <= Self.maxBufferSide, height <= Self.maxBufferSide else {
            WlSurfaceResource(resource).postError(.invalidSize, "buffer \(width)x\(height) is larger than \(Self.maxBufferSide) on a side")
            return nil
        }
        let opaque = wl_shm_buffer_get_format(shm) == UInt32(WL_SHM_FORMAT_XRGB8888.rawValue)
        return .shm(ShmBuffer(resource: buffer, shm: shm, width: width, height: height, stride: stride, opaque: opaque))
    }

    /// Whether its buffers must be whole surface units at its scale: only
    /// windows' and subsurfaces'; clients' cursors often break the rule, and
    /// wlroots lets them.
    var checksScale: Bool { role != nil && !isUndrawn }

    /// The largest side of a buffer Segue shows.
    static let maxBufferSide = 16384

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_surface_interface> = {
        let table = UnsafeMutablePointer<wl_surface_interface>.allocate(capacity: 1)
        table.initialize(to: wl_surface_interface(
            destroy: Resource.destroy,
            attach: { _, resource, buffer, x, y in
                guard let surface = Resource.object(resource, as: Surface.self) else { return }
                if wl_resource_get_version(resource) >= 5 && (x != 0 || y != 0) {
                    WlSurfaceResource(resource).postError(.invalidOffset, "attach with a non-zero offset; use wl_surface.offset")
                    return
                }
                // Before version 5, attach carried the offset; from it, wl_surface.offset does.
                if wl_resource_get_version(resource) < 5 { surface.setPendingOffset(x, y) }
                if buffer != nil, let check = surface.commitCheck, !check.surfaceMayAttach(surface) { return }
                surface.bufferWatcher.remove()
                if let buffer { surface.bufferWatcher.subscribe(toDestructionOfResource: buffer) }
                surface.pending.buffer = .attached(buffer)
            },
            damage: { _, resource, x, y, width, height in
                Resource.object(resource, as: Surface.self)?.addDamage(x, y, width, height, inBuffer: false)
            },
            frame: { client, resource, id in
                guard let client, let surface = Resource.object(resource, as: Surface.self),
                      let callback = FrameCallback(client: client, id: id) else { return }
                surface.pending.callbacks.append(callback)
            },
            set_opaque_region: { _, resource, region in
                // Copied now: the client may change or destroy the region before committing.
                Resource.object(resource, as: Surface.self)?.pending.opaqueRegion =
                    region.flatMap { Resource.object($0, as: ClientRegion.self)?.shape } ?? RegionShape()
            },
            set_input_region: { _, resource, region in
                Resource.object(resource, as: Surface.self)?.pending.inputRegion =
                    .some(region.flatMap { Resource.object($0, as: ClientRegion.self)?.shape })
            },
            commit: { _, resource in Resource.object(resource, as: Surface.self)?.commit() },
            set_buffer_transform: { _, resource, transform in
                guard (0...7).contains(transform) else {
                    WlSurfaceResource(resource).postError(.invalidTransform, "transform \(transform) is not a wl_output.transform")
                    return
                }
                Resource.object(resource, as: Surface.self)?.pending.transform = BufferTransform(rawValue: Int(transform))
            },
            set_buffer_scale: { _, resource, scale in
                guard scale >= 1 else {
                    WlSurfaceResource(resource).postError(.invalidScale, "buffer scale \(scale) is not positive")
                    return
                }
                Resource.object(resource, as: Surface.self)?.pending.scale = Int(scale)
            },
            damage_buffer: { _, resource, x, y, width, height in
                Resource.object(resource, as: Surface.self)?.addDamage(x, y, width, height, inBuffer: true)
            },
            offset: { _, resource, x, y in Resource.object(resource, as: Surface.self)?.setPendingOffset(x, y) }
        ))
        return table
    }()

    private func setPendingOffset(_ x: Int32, _ y: Int32) {
        pending.offset = (SurfaceState.clamped(Int(x)), SurfaceState.clamped(Int(y)))
    }

    /// Clipped to the buffer when applied.
    private func addDamage(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, inBuffer: Bool) {
        guard width > 0, height > 0 else { return }
        let rect = PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
        if inBuffer { pending.damage.add(rect) } else { pending.surfaceDamage.add(rect) }
    }
}
