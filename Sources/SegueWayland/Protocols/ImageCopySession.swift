import CWaylandServer
import SegueEngine

/// An ext_image_copy_capture_session_v1: copies of one source, one frame at
/// a time, into XRGB8888 or ARGB8888 wl_shm buffers of the source's size.
/// Its first frame is filled from the next picture; a later one waits for the
/// source to change, and hears what did.
package final class ImageCopySession: ResourceObject {
    private(set) var resource: OpaquePointer?
    package let source: CaptureSource
    /// Whether its frames have the pointer drawn in (paint_cursors).
    let paintsCursors: Bool
    private weak var manager: ImageCopyCaptureManager?
    /// What changed since the last frame filled; all of it before the first.
    package var changed = OutputDamage.everywhere
    /// Whether a frame of it was filled: later ones wait for a change.
    private(set) var hasFilled = false
    /// The size last told, in pixels.
    private(set) var size: (width: Int, height: Int)?
    private(set) var stopped = false
    /// Its live frame: one at a time.
    private weak var frame: ImageCopyFrame?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_image_copy_capture_session_v1_interface> = {
        let p = UnsafeMutablePointer<ext_image_copy_capture_session_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_image_copy_capture_session_v1_interface(
            create_frame: { client, resource, id in
                guard let client, let session = Resource.object(resource, as: ImageCopySession.self) else { return }
                guard session.frame == nil else {
                    return segue_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_SESSION_V1_ERROR_DUPLICATE_FRAME.rawValue,
                                                     "a frame was made while the session's last still lives")
                }
                let frame = ImageCopyFrame(client: client, id: id, session: session)
                session.frame = frame
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, id: UInt32, source: CaptureSource, paintsCursors: Bool = false, manager: ImageCopyCaptureManager?) {
        self.source = source
        self.paintsCursors = paintsCursors
        self.manager = manager
        guard let resource = Resource.create(client: client, interface: segue_ext_image_copy_capture_session_v1_interface(), version: 1,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        manager?.sessionEnded(self)
    }

    var delegate: ImageCopyDelegate? { manager?.delegate }

    /// Tells the buffers it fills: the source's size, XRGB8888 and ARGB8888;
    /// a source already gone stops it.
    func sendConstraints() {
        guard let resource, !stopped else { return }
        guard let size = delegate?.size(of: source) else { return stop() }
        self.size = size
        ext_image_copy_capture_session_v1_send_buffer_size(resource, UInt32(size.width), UInt32(size.height))
        ext_image_copy_capture_session_v1_send_shm_format(resource, WL_SHM_FORMAT_XRGB8888.rawValue)
        ext_image_copy_capture_session_v1_send_shm_format(resource, WL_SHM_FORMAT_ARGB8888.rawValue)
        ext_image_copy_capture_session_v1_send_done(resource)
    }

    /// The source (a window) changed, all of it: a frame waiting for a
    /// change is filled, or, where its size changed, told so and failed with
    /// buffer_constraints, as its buffer no longer fits.
    func sourceChanged() {
        changed = .everywhere
        guard !resized() else { return }
        if let frame, frame.isWaiting { delegate?.copyRequested(frame) }
    }

    /// Where the source's size changed: the new one told, a captured frame
    /// failed with buffer_constraints; whether it did.
    func resized() -> Bool {
        guard let now = delegate?.size(of: source), size.map({ $0 != now }) ?? true else { return false }
        changed = .everywhere
        sendConstraints()
        frame?.fail(.bufferConstraints)
        return true
    }

    /// Its frame went: another may be made.
    func frameEnded(_ ended: ImageCopyFrame) {
        if frame === ended { frame = nil }
    }

    /// Its source went: no frame will come.
    func stop() {
        guard !stopped else { return }
        stopped = true
        frame?.fail(.stopped)
        if let resource { ext_image_copy_capture_session_v1_send_stopped(resource) }
    }

    /// A frame of it was filled: changes count from here.
    func filled() {
        hasFilled = true
        changed = .none
    }
}
