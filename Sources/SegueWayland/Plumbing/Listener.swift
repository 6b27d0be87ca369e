import CWaylandServer

/// One subscription to a libwayland signal.
///
/// The C listener lives at a fixed address for the subscription's lifetime
/// and finds this object through the owner pointer stored beside it. `remove()`
/// (or deinit) unlinks it from the signal before the memory goes.
package final class Listener {
    private let storage: UnsafeMutablePointer<segue_listener>
    private let handler: (UnsafeMutableRawPointer?) -> Void
    private var linked = false

    package init(_ handler: @escaping (UnsafeMutableRawPointer?) -> Void) {
        self.handler = handler
        storage = .allocate(capacity: 1)
        storage.initialize(to: segue_listener())
        storage.pointee.listener.notify = { listener, data in
            guard let listener, let owner = segue_listener_owner(listener) else { return }
            Unmanaged<Listener>.fromOpaque(owner).takeUnretainedValue().handler(data)
        }
        storage.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    /// Subscribes to `signal`; the listener must not be subscribed already.
    func subscribe(to signal: UnsafeMutablePointer<wl_signal>) {
        withListenerPointer { wl_signal_add(signal, $0) }
    }

    /// Subscribes to a client's destruction.
    func subscribe(toDestructionOf client: OpaquePointer) {
        withListenerPointer { wl_client_add_destroy_listener(client, $0) }
    }

    /// Hands the C listener to a libwayland subscribe call, once.
    fileprivate func withListenerPointer(_ subscribe: (UnsafeMutablePointer<wl_listener>) -> Void) {
        remove()
        storage.withMemoryRebound(to: wl_listener.self, capacity: 1) { subscribe($0) }
        linked = true
    }

    package func remove() {
        guard linked else { return }
        wl_list_remove(&storage.pointee.listener.link)
        linked = false
    }

    deinit {
        remove()
        storage.deallocate()
    }
}

extension Listener {
    /// Subscribes to a resource's destruction.
    func subscribe(toDestructionOfResource resource: OpaquePointer) {
        withListenerPointer { wl_resource_add_destroy_listener(resource, $0) }
    }
}
