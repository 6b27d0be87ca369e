import CWaylandServer
import Glibc

/// One client's zwp_virtual_keyboard_v1: its keymap, read from the file the
/// client gave, and its keys and modifiers handed to the shell with it. A key
/// before any keymap is no_keymap; a keymap that cannot be read or compiled
/// leaves the one before.
final class VirtualKeyboard: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var delegate: VirtualKeyboardDelegate?
    private var keymap: Keymap?
    /// Larger keymap files are refused: a real one is a few tens of KiB.
    static let maximumKeymapSize = 1 << 20

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_virtual_keyboard_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_virtual_keyboard_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_virtual_keyboard_v1_interface(
            keymap: { _, resource, format, fd, size in
                defer { close(fd) }
                guard let keyboard = Resource.object(resource, as: VirtualKeyboard.self) else { return }
                keyboard.readKeymap(format: format, fd: fd, size: Int(size))
            },
            key: { _, resource, time, key, state in
                guard let keyboard = Resource.object(resource, as: VirtualKeyboard.self), let keymap = keyboard.keymapOrError() else { return }
                keyboard.delegate?.virtualKey(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: time, keymap: keymap)
            },
            modifiers: { _, resource, depressed, latched, locked, group in
                guard let keyboard = Resource.object(resource, as: VirtualKeyboard.self), let keymap = keyboard.keymapOrError() else { return }
                keyboard.delegate?.virtualModifiers(depressed: depressed, latched: latched, locked: locked, group: group, keymap: keymap)
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, id: UInt32, delegate: VirtualKeyboardDelegate?) {
        self.delegate = delegate
        guard let resource = Resource.create(client: client, interface: segue_zwp_virtual_keyboard_v1_interface(), version: 1, id: id,
                                             implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) { self.resource = nil }

    private func keymapOrError() -> Keymap? {
        if keymap == nil, let resource {
            ZwpVirtualKeyboardV1Resource(resource).postError(.noKeymap, "a key or modifiers before any keymap")
        }
        return keymap
    }

    /// Maps the client's keymap file read-only and compiles its text.
    private func readKeymap(format: UInt32, fd: Int32, size: Int) {
        // A file shorter than it says would fault when read past its end.
        var status = stat()
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0, size <= Self.maximumKeymapSize,
              fstat(fd, &status) == 0, Int(status.st_size) >= size,
              let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return }
        defer { munmap(mapped, size) }
        // The text ends at its NUL, or at the size given where it has none.
        let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        keymap = (try? text.withCString { try Keymap(text: $0, includingFiles: true) }) ?? keymap
    }
}
