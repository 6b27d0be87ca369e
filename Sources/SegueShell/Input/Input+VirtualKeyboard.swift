import SegueBackend
import SegueWayland

/// Virtual keyboards (wtype): their keys go where the backend's keyboard's
/// do, key bindings first, with the virtual keyboard's keymap sent to clients
/// while it types; the backend's comes back with its next key.
extension Input: VirtualKeyboardDelegate {
    package func virtualKey(_ key: UInt32, pressed: Bool, time: UInt32, keymap: Keymap) {
        use(keymap)
        route(.key(time: time, key: key, pressed: pressed))
    }

    package func virtualModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32, keymap: Keymap) {
        use(keymap)
        route(.modifiers(depressed: depressed, latched: latched, locked: locked, group: group))
    }

    /// Input from the backend's seat: its keys with its own keymap.
    func backendInput(_ input: InputEvent) {
        switch input {
        case .key, .modifiers:
            if let physical = routing.physicalKeymap { use(physical) }
        default:
            break
        }
        route(input)
        if case .keymap = input { routing.physicalKeymap = seat?.keyboard.keymap }
    }

    /// The seat's keyboards take `keymap`, unless they have it already.
    private func use(_ keymap: Keymap) {
        guard let seat, seat.keyboard.keymap !== keymap else { return }
        if routing.physicalKeymap == nil { routing.physicalKeymap = seat.keyboard.keymap }
        do {
            try seat.use(keymap)
        } catch {
            compositor.log.warning("keeping the keymap: \(error)")
        }
    }
}
