import CWaylandServer

/// Posts a protocol error: libwayland sends it and disconnects the client.
func postError(_ resource: OpaquePointer?, _ code: UInt32, _ message: String) {
    guard let resource else { return }
    segue_resource_post_error(resource, code, message)
}
