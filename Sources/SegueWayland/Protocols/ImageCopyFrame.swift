import CWaylandServer
import SegueEngine

/// An ext_image_copy_capture_frame_v1: one copy of its session's source into
/// the one wl_shm buffer its client attached, once.
package final class ImageCopyFrame: ResourceObject, OutputCopyRequest {
    private(set) var resource: OpaquePointer?
    private weak var session: ImageCopySession?
    private var attached: (resource: OpaquePointer, gone: Listener)?
    /// The buffer to fill, from capture until it is filled or fails, and its size in pixels.
    private var buffer: (shm: OpaquePointer, stride: Int, width: Int, height: Int)?
    private var captured = false
    /// Written or failed: nothing more is written, or failed.
    private var answered = false
    /// Written and not told yet: the damage it will tell.
    private var written: [PixelRect]?

    package enum Failure: UInt32 {
        case unknown = 0, bufferConstraints = 1, stopped = 2
    }

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_image_copy_capture_frame_v1_interface> = {
        let p = UnsafeMutablePointer<ext_image_copy_capture_frame_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_image_copy_capture_frame_v1_interface(
            destroy: Resource.destroy,
            attach_buffer: { _, resource, buffer in Resource.object(resource, as: ImageCopyFrame.self)?.attach(buffer) },
            damage_buffer: { _, resource, x, y, width, height in
                guard let frame = Resource.object(resource, as: ImageCopyFrame.self), frame.refuseAfterCapture() else { return }
                // The client's own stale rectangles: Segue copies whole buffers, so they only need to be rectangles.
                if x < 0 || y < 0 || width <= 0 || height <= 0 {
                    segue_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_INVALID_BUFFER_DAMAGE.rawValue,
                                              "damage \(x),\(y) \(width)x\(height) is no rectangle in the buffer")
                }
            },
            capture: { _, resource in Resource.object(resource, as: ImageCopyFrame.self)?.capture() }))
        return p
    }()

    init?(client: OpaquePointer, id: UInt32, session: ImageCopySession) {
        self.session = session
        guard let resource = Resource.create(client: client, interface: segue_ext_image_copy_capture_frame_v1_interface(), version: 1,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        buffer = nil
        attached = nil
        session?.frameEnded(self)
    }

    /// What it copies.
    package var source: CaptureSource? { session?.source }
    /// The size its buffer has, in pixels.
    package var size: (width: Int, height: Int)? { session?.size }

    /// All of its buffer, which is the source's size as of its capture.
    package var region: PixelRect? { buffer.map { PixelRect(x: 0, y: 0, width: $0.width, height: $0.height) } }
    package var isWaiting: Bool { resource != nil && buffer != nil }
    package var waitsForDamage: Bool { session?.hasFilled ?? false }
    package var changed: OutputDamage { session?.changed ?? .everywhere }
    package var includesCursor: Bool { session?.paintsCursors ?? false }
    package private(set) var fillsAlpha = false
    /// Its buffer's pages, faulted in off the loop.
    private var pages: CaptureBufferPages?
    package var isWritable: Bool { pages?.areIn ?? true }

    /// False, with already_captured sent, once it was captured.
    private func refuseAfterCapture() -> Bool {
        guard captured, let resource else { return true }
        segue_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_ALREADY_CAPTURED.rawValue, "the frame was captured already")
        return false
    }

    private func attach(_ bufferResource: OpaquePointer?) {
        guard refuseAfterCapture(), let bufferResource else { return }
        let gone = Listener { [unowned self] _ in
            attached = nil
            if buffer != nil { fail(.unknown) }
        }
        gone.subscribe(toDestructionOfResource: bufferResource)
        attached = (bufferResource, gone)
    }

    private func capture() {
        guard refuseAfterCapture(), let resource else { return }
        guard let attached else {
            return segue_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_NO_BUFFER.rawValue, "capture with no buffer attached")
        }
        captured = true
        guard let session, !session.stopped else { return fail(.stopped) }
        guard let size = session.size, let shm = wl_shm_buffer_get(attached.resource) else { return fail(.bufferConstraints) }
        let format = wl_shm_buffer_get_format(shm), stride = Int(wl_shm_buffer_get_stride(shm))
        guard format == WL_SHM_FORMAT_XRGB8888.rawValue || format == WL_SHM_FORMAT_ARGB8888.rawValue,
              Int(wl_shm_buffer_get_width(shm)) == size.width, Int(wl_shm_buffer_get_height(shm)) == size.height,
              stride >= size.width * 4 else { return fail(.bufferConstraints) }
        buffer = (shm, stride, size.width, size.height)
        pages = wl_shm_buffer_get_data(shm).map { CaptureBufferPages($0, length: stride * size.height) }
        fillsAlpha = format == WL_SHM_FORMAT_ARGB8888.rawValue
        session.delegate?.copyRequested(self)
    }

    package func write(_ write: (UnsafeMutableRawPointer, _ stride: Int) -> Void) {
        guard resource != nil, let buffer, let region else { return }
        // The source changed size since its capture: this buffer no longer fits what would be written.
        guard let size, size == (buffer.width, buffer.height) else { return fail(.bufferConstraints) }
        wl_shm_buffer_begin_access(buffer.shm)
        if let data = wl_shm_buffer_get_data(buffer.shm) { write(data, buffer.stride) }
        wl_shm_buffer_end_access(buffer.shm)
        self.buffer = nil
        answered = true
        written = changed.rects(within: region)
        session?.filled()
    }

    @discardableResult
    package func ready(presented: UInt64) -> Bool {
        guard let resource, let rects = written else { return false }
        written = nil
        ext_image_copy_capture_frame_v1_send_transform(resource, WL_OUTPUT_TRANSFORM_NORMAL.rawValue)
        for rect in rects {
            ext_image_copy_capture_frame_v1_send_damage(resource, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        let seconds = presented / 1_000_000_000
        ext_image_copy_capture_frame_v1_send_presentation_time(resource, UInt32(truncatingIfNeeded: seconds >> 32),
                                                               UInt32(truncatingIfNeeded: seconds), UInt32(presented % 1_000_000_000))
        ext_image_copy_capture_frame_v1_send_ready(resource)
        return true
    }

    package func fail() { fail(.unknown) }

    /// Fails a frame captured and not answered yet: its client hears failed once.
    func fail(_ reason: Failure) {
        guard captured, !answered else { return }
        answered = true
        buffer = nil
        guard let resource else { return }
        ext_image_copy_capture_frame_v1_send_failed(resource, reason.rawValue)
    }
}
