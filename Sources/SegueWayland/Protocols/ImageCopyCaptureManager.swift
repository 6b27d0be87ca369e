import CWaylandServer
import SegueEngine

/// What image copy capture needs from the shell.
package protocol ImageCopyDelegate: AnyObject {
    /// The size in pixels of what `source` shows now; nil once it is gone (a closed window).
    func size(of source: CaptureSource) -> (width: Int, height: Int)?
    /// `frame` holds a buffer of the right size and format to fill from its source.
    func copyRequested(_ frame: ImageCopyFrame)
}

/// The ext_image_copy_capture_manager_v1 global (version 1), offered to
/// privileged clients only: sessions copying the output, or a window shown
/// or not, into the clients' wl_shm buffers.
package final class ImageCopyCaptureManager: OutputChangeWatcher {
    private var global: PrivilegedGlobal?
    weak var delegate: ImageCopyDelegate?
    /// Live sessions, told of what changes.
    private var sessions: [ImageCopySession] = []

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_image_copy_capture_manager_v1_interface> = {
        let p = UnsafeMutablePointer<ext_image_copy_capture_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_image_copy_capture_manager_v1_interface(
            create_session: { client, resource, id, sourceResource, options in
                guard let client, let owner = Resource.object(resource, as: GlobalOwner<ImageCopyCaptureManager>.self), let manager = owner.object,
                      let source = Resource.object(sourceResource, as: ImageCaptureSource.self) else { return }
                guard options & ~EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_OPTIONS_PAINT_CURSORS.rawValue == 0 else {
                    return segue_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_ERROR_INVALID_OPTION.rawValue,
                                                     "options \(options) has bits past paint_cursors")
                }
                manager.startSession(client: client, id: id, source: source.source,
                                     paintsCursors: options & EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_OPTIONS_PAINT_CURSORS.rawValue != 0)
            },
            create_pointer_cursor_session: { client, _, id, _, _ in
                guard let client else { return }
                _ = ImageCopyCursorSession(client: client, id: id)
            },
            destroy: Resource.destroy))
        return p
    }()

    package init(display: OpaquePointer, privileges: Privileges, delegate: ImageCopyDelegate) {
        self.delegate = delegate
        let owner = GlobalOwner<ImageCopyCaptureManager>()
        let global = privileges.global(display: display, interface: segue_ext_image_copy_capture_manager_v1_interface(),
                                       version: 1) { client, version, id in
            Resource.create(client: client, interface: segue_ext_image_copy_capture_manager_v1_interface(), version: Int32(version),
                            id: id, implementation: Self.implementation, object: owner)
        }
        owner.object = self
        self.global = global
    }

    private func startSession(client: OpaquePointer, id: UInt32, source: CaptureSource, paintsCursors: Bool) {
        guard let session = ImageCopySession(client: client, id: id, source: source, paintsCursors: paintsCursors, manager: self)
        else { return }
        sessions.append(session)
        session.sendConstraints()
    }

    func sessionEnded(_ session: ImageCopySession) { sessions.removeAll { $0 === session } }

    /// A frame was drawn that changed `damage` of the output.
    package func outputChanged(_ damage: OutputDamage) {
        for session in sessions where session.source == .output { session.changed.add(damage) }
    }

    /// The output changed size or scale: its sessions are told, and frames captured at the old size fail.
    package func outputResized() {
        for session in sessions where session.source == .output { _ = session.resized() }
    }

    /// A window's content changed: its sessions' next frames show it, whole.
    package func windowChanged(id: Int) {
        for session in sessions where session.source == .window(id: id) { session.sourceChanged() }
    }

    /// The compositor stops: every session stops, its frame failed, before its client goes.
    package func stopAll() {
        for session in sessions { session.stop() }
    }

    /// A window went: its sessions stop.
    package func windowClosed(id: Int) {
        for session in sessions where session.source == .window(id: id) { session.stop() }
    }
}
