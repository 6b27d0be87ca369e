import CWaylandServer

/// Generated/ProtocolErrors.swift gives each interface a resource type whose
/// postError takes only that interface's codes; wrapping a raw resource is the one
/// untyped step, and a resource of another interface there is Segue's bug.
func checkInterface(_ resource: OpaquePointer?, is interface: String) {
    guard let resource else { return }
    precondition(String(cString: wl_resource_get_class(resource)) == interface,
                 "a \(String(cString: wl_resource_get_class(resource))) resource wrapped as a \(interface)")
}
