import CWaylandServer

/// An interface's error codes, one generated enum per interface
/// (Generated/ProtocolErrors.swift), so a code names the interface it belongs to.
protocol ProtocolErrorCode: RawRepresentable where RawValue == UInt32 {
    static var interface: String { get }
}

/// Posts a protocol error: libwayland sends it and disconnects the client.
/// The resource must be of the code's interface: a code is a number only
/// together with its interface, so any other resource is Segue's bug.
func postError<Code: ProtocolErrorCode>(_ resource: OpaquePointer?, _ code: Code, _ message: String) {
    guard let resource else { return }
    precondition(String(cString: wl_resource_get_class(resource)) == Code.interface,
                 "\(Code.interface) error \(code.rawValue) posted on a \(String(cString: wl_resource_get_class(resource)))")
    segue_resource_post_error(resource, code.rawValue, message)
}
