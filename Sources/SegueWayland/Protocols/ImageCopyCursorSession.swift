import CWaylandServer

/// An ext_image_copy_capture_cursor_session_v1. Segue composes no pointer
/// picture into its output (the headless backend shows none, the nested one
/// leaves it to the parent), so the pointer never enters a source: the
/// session hears no enter, and its capture session stops at once.
final class ImageCopyCursorSession: ResourceObject {
    private var gaveSession = false

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_image_copy_capture_cursor_session_v1_interface> = {
        let p = UnsafeMutablePointer<ext_image_copy_capture_cursor_session_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_image_copy_capture_cursor_session_v1_interface(
            destroy: Resource.destroy,
            get_capture_session: { client, resource, id in
                guard let client, let cursor = Resource.object(resource, as: ImageCopyCursorSession.self) else { return }
                guard !cursor.gaveSession else {
                    return segue_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_CURSOR_SESSION_V1_ERROR_DUPLICATE_SESSION.rawValue,
                                                     "get_capture_session was asked already")
                }
                cursor.gaveSession = true
                ImageCopySession(client: client, id: id, source: .output, manager: nil)?.stop()
            }))
        return p
    }()

    init?(client: OpaquePointer, id: UInt32) {
        guard Resource.create(client: client, interface: segue_ext_image_copy_capture_cursor_session_v1_interface(), version: 1, id: id,
                              implementation: Self.implementation, object: self) != nil else { return nil }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {}
}
