import CWaylandServer

/// What an ext_image_capture_source_v1 names: the output, or a window by its id.
package enum CaptureSource: Equatable, Sendable {
    case output
    case window(id: Int)
}

/// An ext_image_capture_source_v1: opaque to its client, a `CaptureSource` to Segue.
package final class ImageCaptureSource: ResourceObject {
    package let source: CaptureSource
    init(_ source: CaptureSource) { self.source = source }
    package func resourceDestroyed(_ resource: OpaquePointer) {}
}

/// The ext_output_image_capture_source_manager_v1 and
/// ext_foreign_toplevel_image_capture_source_manager_v1 globals, offered to
/// privileged clients only: they name the output, or a window by the
/// ext_foreign_toplevel_handle_v1 a window list gave, for image copy capture.
package final class ImageCaptureSourceManagers {
    private var globals: [PrivilegedGlobal] = []

    nonisolated(unsafe) static let outputImplementation: UnsafeMutablePointer<ext_output_image_capture_source_manager_v1_interface> = {
        let p = UnsafeMutablePointer<ext_output_image_capture_source_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_output_image_capture_source_manager_v1_interface(
            create_source: { client, manager, id, _ in makeSource(client, manager, id, .output) },
            destroy: Resource.destroy))
        return p
    }()

    nonisolated(unsafe) static let toplevelImplementation: UnsafeMutablePointer<ext_foreign_toplevel_image_capture_source_manager_v1_interface> = {
        let p = UnsafeMutablePointer<ext_foreign_toplevel_image_capture_source_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_foreign_toplevel_image_capture_source_manager_v1_interface(
            create_source: { client, manager, id, handle in
                // A handle is the window it was made for, closed or not: a closed one's sessions stop at once.
                guard let window = Resource.object(handle, as: ToplevelHandle.self) else { return }
                makeSource(client, manager, id, .window(id: window.windowID))
            },
            destroy: Resource.destroy))
        return p
    }()

    private static func makeSource(_ client: OpaquePointer?, _ manager: OpaquePointer?, _ id: UInt32, _ source: CaptureSource) {
        guard let client else { return }
        _ = Resource.create(client: client, interface: segue_ext_image_capture_source_v1_interface(), version: 1, id: id,
                            implementation: Resource.destroyOnly, object: ImageCaptureSource(source))
    }

    package init(display: OpaquePointer, privileges: Privileges) {
        globals = [
            privileges.global(display: display, interface: segue_ext_output_image_capture_source_manager_v1_interface(), version: 1) {
                client, version, id in
                Resource.create(client: client, interface: segue_ext_output_image_capture_source_manager_v1_interface(),
                                version: Int32(version), id: id, implementation: Self.outputImplementation, object: Resource.inert)
            },
            privileges.global(display: display, interface: segue_ext_foreign_toplevel_image_capture_source_manager_v1_interface(),
                              version: 1) { client, version, id in
                Resource.create(client: client, interface: segue_ext_foreign_toplevel_image_capture_source_manager_v1_interface(),
                                version: Int32(version), id: id, implementation: Self.toplevelImplementation, object: Resource.inert)
            },
        ]
    }
}
