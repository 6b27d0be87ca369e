import CWaylandServer

/// The wp_cursor_shape_manager_v1 global (version 1): a client names the
/// pointer's shape instead of drawing it (GTK 4, Qt 6, Firefox do when
/// offered), and the backend shows its theme's picture of that name.
package final class CursorShapeManager {
    private var global: Global?

    /// The shapes by their enum value, 1 on, as CSS names them.
    static let shapes = ["default", "context-menu", "help", "pointer", "progress", "wait", "cell", "crosshair", "text",
                         "vertical-text", "alias", "copy", "move", "no-drop", "not-allowed", "grab", "grabbing", "e-resize",
                         "n-resize", "ne-resize", "nw-resize", "s-resize", "se-resize", "sw-resize", "w-resize", "ew-resize",
                         "ns-resize", "nesw-resize", "nwse-resize", "col-resize", "row-resize", "all-scroll", "zoom-in", "zoom-out"]

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wp_cursor_shape_manager_v1_interface> = {
        let p = UnsafeMutablePointer<wp_cursor_shape_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: wp_cursor_shape_manager_v1_interface(
            destroy: Resource.destroy,
            get_pointer: { client, resource, id, pointer in
                guard let client else { return }
                _ = Resource.create(client: client, interface: segue_wp_cursor_shape_device_v1_interface(), version: wl_resource_get_version(resource),
                                    id: id, implementation: deviceImplementation,
                                    object: CursorShapeDevice(pointer: Resource.object(pointer, as: Pointer.self)))
            },
            // Segue offers no tablet, so no client holds a tool: such a device has nothing to shape.
            get_tablet_tool_v2: { client, resource, id, _ in
                guard let client else { return }
                _ = Resource.create(client: client, interface: segue_wp_cursor_shape_device_v1_interface(), version: wl_resource_get_version(resource),
                                    id: id, implementation: deviceImplementation, object: CursorShapeDevice(pointer: nil))
            }))
        return p
    }()

    nonisolated(unsafe) static let deviceImplementation: UnsafeMutablePointer<wp_cursor_shape_device_v1_interface> = {
        let p = UnsafeMutablePointer<wp_cursor_shape_device_v1_interface>.allocate(capacity: 1)
        p.initialize(to: wp_cursor_shape_device_v1_interface(
            destroy: Resource.destroy,
            set_shape: { _, resource, serial, shape in
                guard let device = Resource.object(resource, as: CursorShapeDevice.self) else { return }
                guard shape >= 1, Int(shape) <= shapes.count else {
                    return WpCursorShapeDeviceV1Resource(resource).postError(.invalidShape, "no cursor shape \(shape)")
                }
                guard let pointer = device.pointer else { return }
                pointer.seatPointer?.setShape(from: pointer, serial: serial, shape: shapes[Int(shape) - 1])
            }))
        return p
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_wp_cursor_shape_manager_v1_interface(), version: 1) { client, version, id in
            Resource.create(client: client, interface: segue_wp_cursor_shape_manager_v1_interface(), version: Int32(version), id: id,
                            implementation: Self.implementation, object: Resource.inert)
        }
    }
}

/// A wp_cursor_shape_device_v1: the wl_pointer whose cursor it sets (none for a tablet tool).
private final class CursorShapeDevice: ResourceObject {
    weak var pointer: Pointer?
    init(pointer: Pointer?) { self.pointer = pointer }
    func resourceDestroyed(_ resource: OpaquePointer) {}
}
