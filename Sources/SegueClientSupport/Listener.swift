// Helpers for Segue's own libwayland-client code: the examples, the nested backend and the tests' raw clients.

/// libwayland keeps the listener pointer it is given for as long as the proxy lives, so
/// each listener struct is placed once at an address that stays valid for the process.
/// The globals holding these pointers are `nonisolated(unsafe)`: pointers are not Sendable,
/// but the structs are never written after this and only the main thread dispatches events.
public func fixedListener<Listener>(_ listener: Listener) -> UnsafePointer<Listener> {
    let storage = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    storage.initialize(to: listener)
    return UnsafePointer(storage)
}

/// The object a C callback was registered with; C callbacks cannot capture context, so the
/// object travels as the listener's data pointer and its owner keeps it alive.
public func listenerObject<Object: AnyObject>(_ data: UnsafeMutableRawPointer?) -> Object {
    Unmanaged<Object>.fromOpaque(data!).takeUnretainedValue()
}

/// The data pointer to register an object's listener with.
public func listenerData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}
