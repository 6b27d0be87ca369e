/// A protocol error as its client saw it: the interface of the object it was
/// posted on, and the code from that interface's error enum.
struct WaylandProtocolError: Equatable, CustomStringConvertible {
    let interface: String
    let code: UInt32

    var description: String { "\(interface) error \(code)" }
}
