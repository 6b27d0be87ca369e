/// A window as the policy sees it: something with an identity, named for messages.
final class W: CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}
