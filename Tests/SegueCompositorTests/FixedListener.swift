/// libwayland keeps a listener's address for as long as its proxy lives, so each
/// listener table is placed once and never freed. The globals holding them are
/// `nonisolated(unsafe)`: never written again, and only the test thread dispatches.
func fixedListener<Listener>(_ listener: Listener) -> UnsafePointer<Listener> {
    let storage = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    storage.initialize(to: listener)
    return UnsafePointer(storage)
}

/// The object a C callback was registered with: callbacks cannot capture, so the
/// object travels as the listener's data pointer and its owner keeps it alive.
func listenerObject<Object: AnyObject>(_ data: UnsafeMutableRawPointer?) -> Object {
    Unmanaged<Object>.fromOpaque(data!).takeUnretainedValue()
}

/// The data pointer to register an object's listener with.
func listenerData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}
