import CWaylandServer

/// A wl_global whose binds are handled by a Swift closure.
final class Global {
    typealias Bind = (_ client: OpaquePointer, _ version: UInt32, _ id: UInt32) -> Void

    private(set) var global: OpaquePointer?
    private let bind: Bind

    init(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, bind: @escaping Bind) {
        self.bind = bind
        global = wl_global_create(display, interface, version, Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            guard let client, let data else { return }
            Unmanaged<Global>.fromOpaque(data).takeUnretainedValue().bind(client, version, id)
        }
    }

    deinit {
        if let global { wl_global_destroy(global) }
    }
}
