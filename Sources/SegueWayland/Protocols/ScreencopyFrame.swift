import CWaylandServer
import SegueEngine

/// One zwlr_screencopy_frame_v1: a rectangle of the output (in pixels) to
/// copy into the wl_shm buffer its client hands over, once. Segue fills
/// XRGB8888 or ARGB8888 buffers of the rectangle's size, rows top first.
package final class ScreencopyFrame: ResourceObject, OutputCopyRequest {
    private(set) var resource: OpaquePointer?
    private weak var session: ScreencopySession?
    /// What of the output it copies, in pixels; nil: nothing (a region off the output).
    package let region: PixelRect?
    /// Whether the client asked for the pointer in the picture.
    package let includesCursor: Bool
    /// Whether it waits for a frame that changed something (copy_with_damage).
    package private(set) var waitsForDamage = false
    /// The buffer to fill, from copy until it is filled or fails.
    private var buffer: (resource: OpaquePointer, shm: OpaquePointer, stride: Int, gone: Listener)?
    package private(set) var fillsAlpha = false
    /// Its buffer's pages, faulted in off the loop.
    private var pages: CaptureBufferPages?
    package var isWritable: Bool { pages?.areIn ?? true }
    /// Written and not told yet: the damage it will tell.
    private var written: [PixelRect]?
    private var used = false
    /// DRM_FORMAT_XRGB8888 ('XR24'): the dmabuf format the frame names.
    private static let xrgb8888: UInt32 = 0x3432_5258

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_screencopy_frame_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_screencopy_frame_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_screencopy_frame_v1_interface(
            copy: { _, resource, buffer in Resource.object(resource, as: ScreencopyFrame.self)?.copy(into: buffer, withDamage: false) },
            destroy: Resource.destroy,
            copy_with_damage: { _, resource, buffer in
                Resource.object(resource, as: ScreencopyFrame.self)?.copy(into: buffer, withDamage: true)
            }))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32, session: ScreencopySession, region: PixelRect?, cursor: Bool) {
        self.session = session
        self.region = region
        includesCursor = cursor
        guard let resource = Resource.create(client: client, interface: segue_zwlr_screencopy_frame_v1_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
        guard let region else {
            fail()
            return
        }
        zwlr_screencopy_frame_v1_send_buffer(resource, WL_SHM_FORMAT_XRGB8888.rawValue, UInt32(region.width), UInt32(region.height),
                                             UInt32(region.width * 4))
        if version >= ZWLR_SCREENCOPY_FRAME_V1_BUFFER_DONE_SINCE_VERSION {
            // xdg-desktop-portal-wlr 0.7 starts no screen cast from a frame that names no dmabuf format, even
            // where it will use wl_shm (it has no GPU device, or Segue offers no zwp_linux_dmabuf_v1 to make
            // one with); a dmabuf handed over fails the frame rather than the client.
            zwlr_screencopy_frame_v1_send_linux_dmabuf(resource, Self.xrgb8888, UInt32(region.width), UInt32(region.height))
            zwlr_screencopy_frame_v1_send_buffer_done(resource)
        }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        buffer = nil
    }

    /// Whether it still waits for a picture: its client and buffer are there.
    package var isWaiting: Bool { resource != nil && buffer != nil }

    /// What changed of its region since its session's last copy, in its own pixels (nil: all of it).
    package var changed: OutputDamage { session?.changed ?? .everywhere }

    private func copy(into bufferResource: OpaquePointer?, withDamage: Bool) {
        guard let resource else { return }
        let frame = ZwlrScreencopyFrameV1Resource(resource)
        guard !used else { return frame.postError(.alreadyUsed, "the frame was already asked to fill a buffer") }
        used = true
        guard let region, let bufferResource else { return frame.postError(.invalidBuffer, "no buffer") }
        guard let shm = wl_shm_buffer_get(bufferResource) else {
            // A dmabuf, which its linux_dmabuf event named: Segue copies into wl_shm buffers only.
            guard DmabufBuffer.from(bufferResource) != nil else {
                return frame.postError(.invalidBuffer, "Segue fills only the wl_shm buffer its buffer event named")
            }
            return fail()
        }
        let format = wl_shm_buffer_get_format(shm), stride = Int(wl_shm_buffer_get_stride(shm))
        guard format == WL_SHM_FORMAT_XRGB8888.rawValue || format == WL_SHM_FORMAT_ARGB8888.rawValue,
              Int(wl_shm_buffer_get_width(shm)) == region.width, Int(wl_shm_buffer_get_height(shm)) == region.height,
              stride >= region.width * 4 else {
            return frame.postError(.invalidBuffer, "the buffer is not \(region.width)x\(region.height) XRGB8888 or ARGB8888 "
                                   + "with at least \(region.width * 4) bytes a row")
        }
        // A buffer destroyed while the frame waits leaves it nothing to fill.
        let gone = Listener { [unowned self] _ in
            buffer = nil
            fail()
        }
        gone.subscribe(toDestructionOfResource: bufferResource)
        buffer = (bufferResource, shm, stride, gone)
        pages = wl_shm_buffer_get_data(shm).map { CaptureBufferPages($0, length: stride * region.height) }
        fillsAlpha = format == WL_SHM_FORMAT_ARGB8888.rawValue
        waitsForDamage = withDamage
        session?.delegate?.copyRequested(self)
    }

    /// Writes the buffer with `write`, given its rows top first and their
    /// stride, and keeps what changed (copy_with_damage, in the region's
    /// pixels) to tell; the session's changes start again.
    package func write(_ write: (UnsafeMutableRawPointer, _ stride: Int) -> Void) {
        guard resource != nil, let region, let buffer else { return }
        wl_shm_buffer_begin_access(buffer.shm)
        if let data = wl_shm_buffer_get_data(buffer.shm) { write(data, buffer.stride) }
        wl_shm_buffer_end_access(buffer.shm)
        if waitsForDamage {
            let local = PixelRect(x: 0, y: 0, width: region.width, height: region.height)
            written = changed.rects(within: region).compactMap {
                PixelRect(x: $0.x - region.x, y: $0.y - region.y, width: $0.width, height: $0.height).clipped(to: local)
            }
        } else {
            written = []
        }
        session?.changed = .none
        self.buffer = nil
    }

    /// Says the buffer written holds the frame presented at `presented`
    /// (CLOCK_MONOTONIC nanoseconds): what changed, then ready.
    @discardableResult
    package func ready(presented: UInt64) -> Bool {
        guard let resource, let rects = written else { return false }
        written = nil
        for rect in rects {
            zwlr_screencopy_frame_v1_send_damage(resource, UInt32(rect.x), UInt32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
        let seconds = presented / 1_000_000_000
        zwlr_screencopy_frame_v1_send_flags(resource, 0)
        zwlr_screencopy_frame_v1_send_ready(resource, UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
                                            UInt32(presented % 1_000_000_000))
        return true
    }

    /// No picture will come.
    package func fail() {
        buffer = nil
        guard let resource else { return }
        zwlr_screencopy_frame_v1_send_failed(resource)
    }
}
