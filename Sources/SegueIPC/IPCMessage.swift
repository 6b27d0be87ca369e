/// What requests and replies share on the wire: one JSON object per line.
enum IPCMessage {
    /// The object on `line`; `what` ("request", "reply") and `example` make the
    /// messages say which side sent something unreadable.
    static func object(in line: String, what: String, example: String) throws(IPCError) -> [String: JSONValue] {
        guard line.contains(where: { !$0.isWhitespace }) else {
            throw IPCError("\(what) is empty; send one JSON object per line, e.g. \(example)")
        }
        guard let value = JSONValue(parsing: line) else {
            throw IPCError("\(what) is not JSON; send one JSON object per line, e.g. \(example)")
        }
        guard case .object(let fields) = value else {
            throw IPCError("\(what) must be a JSON object, e.g. \(example), got \(value.kind)")
        }
        return fields
    }
}
