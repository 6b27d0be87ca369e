import CWaylandServer

/// Passes a temporary wl_array of `values`, in the machine's byte order, to an event sender.
func withWaylandArray<Value: FixedWidthInteger>(_ values: [Value], _ body: (UnsafeMutablePointer<wl_array>) -> Void) {
    var array = wl_array()
    wl_array_init(&array)
    for value in values {
        if let slot = wl_array_add(&array, MemoryLayout<Value>.size) {
            slot.storeBytes(of: value, as: Value.self)
        }
    }
    body(&array)
    wl_array_release(&array)
}
