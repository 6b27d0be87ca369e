import CWaylandServer

/// What virtual keyboards need from the shell: their keys go where a real
/// keyboard's do, key bindings first, with their own keymap.
package protocol VirtualKeyboardDelegate: AnyObject {
    func virtualKey(_ key: UInt32, pressed: Bool, time: UInt32, keymap: Keymap)
    func virtualModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32, keymap: Keymap)
}

/// The zwp_virtual_keyboard_manager_v1 global, offered to privileged clients
/// only: wtype types through it.
package final class VirtualKeyboardManager {
    private var global: PrivilegedGlobal?
    weak var delegate: VirtualKeyboardDelegate?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_virtual_keyboard_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_virtual_keyboard_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_virtual_keyboard_manager_v1_interface(
            create_virtual_keyboard: { client, resource, _, id in
                guard let client, let resource, let owner = Resource.object(resource, as: GlobalOwner<VirtualKeyboardManager>.self) else { return }
                _ = VirtualKeyboard(client: client, id: id, delegate: owner.object?.delegate)
            }))
        return p
    }()

    package init(display: OpaquePointer, privileges: Privileges, delegate: VirtualKeyboardDelegate) {
        self.delegate = delegate
        let owner = GlobalOwner<VirtualKeyboardManager>()
        let global = privileges.global(display: display, interface: segue_zwp_virtual_keyboard_manager_v1_interface(),
                                       version: 1) { client, version, id in
            Resource.create(client: client, interface: segue_zwp_virtual_keyboard_manager_v1_interface(), version: Int32(version),
                            id: id, implementation: Self.implementation, object: owner)
        }
        owner.object = self
        self.global = global
    }
}
