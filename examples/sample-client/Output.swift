import CWaylandClient
import SegueClientSupport

/// A wl_output, for its scale: the window draws at the largest scale of the
/// outputs it is on.
final class Output {
    let proxy: OpaquePointer
    /// The registry name, to tell which output a global_remove takes away.
    let name: UInt32
    private(set) var scale: Int32 = 1
    private var pendingScale: Int32 = 1
    private let changed: () -> Void

    init(_ proxy: OpaquePointer, name: UInt32, changed: @escaping () -> Void) {
        self.proxy = proxy
        self.name = name
        self.changed = changed
        wl_output_add_listener(proxy, outputListener, listenerData(self))
    }

    func destroy() { wl_output_destroy(proxy) }

    fileprivate func described() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        changed()
    }

    fileprivate func scaled(_ factor: Int32) { pendingScale = max(factor, 1) }
}

private nonisolated(unsafe) let outputListener = fixedListener(wl_output_listener(
    geometry: { _, _, _, _, _, _, _, _, _, _ in },
    mode: { _, _, _, _, _, _ in },
    // Version 2: a description ends with done, and the scale is part of it.
    done: { data, _ in (listenerObject(data) as Output).described() },
    scale: { data, _, factor in (listenerObject(data) as Output).scaled(factor) },
    name: { _, _, _ in },
    description: { _, _, _ in }
))
