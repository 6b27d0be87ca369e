import Glibc

/// A blocking connection to the compositor's control socket, for the command
/// line and tests. Nothing times out: a `switch` that waits for its transition
/// legitimately takes as long as the transition.
public final class IPCClient {
    public let path: String
    private let fd: Int32
    /// Bytes read past the end of the last reply.
    private var input: [UInt8] = []

    public init(path: String) throws(IPCError) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw IPCError("cannot create a socket: \(errnoText())") }
        let status: Int32
        do {
            status = try IPCSocket.withAddress(of: path) { address, length in
                var status = connect(fd, address, length)
                // A connect interrupted by a signal goes on in the background.
                while status != 0 && errno == EINTR { status = connect(fd, address, length) }
                return status == 0 || errno == EISCONN ? 0 : errno
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        guard status == 0 else {
            Glibc.close(fd)
            if status == ENOENT || status == ECONNREFUSED {
                throw IPCError("no Segue compositor listening at \(path)")
            }
            throw IPCError("cannot connect to \(path): \(String(cString: strerror(status)))")
        }
        self.fd = fd
        self.path = path
    }

    deinit { Glibc.close(fd) }

    /// Sends one request and waits for its reply.
    public func send(_ request: IPCRequest) throws(IPCError) -> IPCReply {
        try write(Array((request.encoded() + "\n").utf8))
        return try readReply()
    }

    /// Subscribes to the compositor's events and hands each line to `onEvent`
    /// until the compositor hangs up (it stops) or `onEvent` says to stop;
    /// `subscribed` runs once the compositor has answered, before any event.
    public func events(subscribed: () -> Void = {}, _ onEvent: (String) -> Bool) throws(IPCError) {
        let reply = try send(.events)
        guard reply.ok else { throw IPCError(reply.error ?? "the compositor refused to send events") }
        subscribed()
        while let line = try readLine() {
            guard onEvent(line) else { return }
        }
    }

    /// Writes raw bytes: several requests at once, or ones `IPCRequest` cannot say.
    public func write(_ bytes: [UInt8]) throws(IPCError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                throw errno == EPIPE || errno == ECONNRESET
                    ? IPCError("the compositor at \(path) closed the connection")
                    : IPCError("cannot write to \(path): \(errnoText())")
            }
        }
    }

    /// Waits for the next reply line.
    public func readReply() throws(IPCError) -> IPCReply {
        guard let line = try readLine() else {
            throw IPCError("the compositor at \(path) closed the connection without replying")
        }
        return try IPCReply.decode(line: line)
    }

    /// The next line the compositor sent, or nil once it has hung up.
    private func readLine() throws(IPCError) -> String? {
        // Where the search for a newline resumes, so a long reply is scanned once.
        var scanned = 0
        while true {
            if let newline = input[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeSubrange(...newline)
                return line
            }
            scanned = input.count
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                input += chunk[..<count]
            } else if count == 0 {
                return nil
            } else if errno != EINTR {
                throw IPCError("cannot read from \(path): \(errnoText())")
            }
        }
    }
}

private func errnoText() -> String { String(cString: strerror(errno)) }
