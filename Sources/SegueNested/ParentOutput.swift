import CWaylandClient
import SegueClientSupport

/// One of the parent compositor's wl_outputs, for its scale.
final class ParentOutput {
    let name: UInt32
    let proxy: OpaquePointer
    private(set) var scale: Int32 = 1
    /// The scale changed; told once the output's description is done.
    var scaleChanged: (() -> Void)?
    private var pendingScale: Int32 = 1

    /// Version 2 brings the scale and done events.
    static let version: UInt32 = 2

    init(name: UInt32, proxy: OpaquePointer) {
        self.name = name
        self.proxy = proxy
        wl_output_add_listener(proxy, Self.listener, listenerData(self))
    }

    func destroy() { wl_output_destroy(proxy) }

    private func done() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        scaleChanged?()
    }

    nonisolated(unsafe) private static let listener = fixedListener(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { data, _ in (listenerObject(data) as ParentOutput).done() },
        scale: { data, _, factor in (listenerObject(data) as ParentOutput).pendingScale = max(1, factor) },
        name: { _, _, _ in },
        description: { _, _, _ in }
    ))
}
