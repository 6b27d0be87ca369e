/// The compositor's answer to one request; on the wire a JSON object on one
/// line: `{"ok":true, ...payload}` or `{"ok":false,"error":"..."}`.
public struct IPCReply: Equatable, Sendable {
    public var ok: Bool
    public var error: String?
    /// Fields beside `ok` and `error`; those two keys are the reply's own and
    /// are ignored here.
    public var payload: [String: JSONValue]

    public init(ok: Bool, error: String? = nil, payload: [String: JSONValue] = [:]) {
        self.ok = ok
        self.error = error
        self.payload = payload
    }

    public static func success(_ payload: [String: JSONValue] = [:]) -> IPCReply {
        IPCReply(ok: true, payload: payload)
    }

    public static func failure(_ message: String) -> IPCReply {
        IPCReply(ok: false, error: message)
    }

    /// The reply as one line of JSON with sorted keys, without the newline.
    public func encoded() -> String {
        var fields = payload
        fields["ok"] = .bool(ok)
        fields["error"] = error.map(JSONValue.string)
        return JSONValue.object(fields).encoded()
    }

    public static func decode(line: String) throws(IPCError) -> IPCReply {
        var fields = try IPCMessage.object(in: line, what: "reply", example: #"{"ok":true}"#)
        guard case .bool(let ok)? = fields.removeValue(forKey: "ok") else {
            throw IPCError("reply has no boolean \"ok\": \(line)")
        }
        let error: String?
        switch fields.removeValue(forKey: "error") {
        case nil: error = nil
        case .string(let message)?: error = message
        case let other?: throw IPCError("reply \"error\" must be a string, got \(other.kind)")
        }
        if !ok && error == nil { throw IPCError("reply has \"ok\":false but no \"error\" message") }
        return IPCReply(ok: ok, error: error, payload: fields)
    }
}
