import Glibc
import SegueIPC
import SegueLoop

/// One client of the control socket, served on the event loop without ever
/// blocking it.
///
/// Requests are handled one at a time: while one awaits its reply, or a reply
/// is still being written, the connection stops reading, so replies leave in
/// request order and a client that never reads cannot make the compositor
/// buffer without end.
final class IPCConnection {
    /// The longest request line accepted, without its newline.
    static let maximumLineLength = 64 * 1024

    private let fd: Int32
    private weak var delegate: IPCDelegate?
    private let onClose: (IPCConnection) -> Void
    private var source: WatchedFile?
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    /// The number of the request the delegate has yet to answer.
    private var awaiting: Int?
    private var requestCount = 0
    /// Set after a fatal error reply: write it, then hang up.
    private var closing = false
    private var isOpen = true
    /// Stops `serve()` re-entering when the delegate replies before `handle` returns.
    private var serving = false
    /// After `events` was answered: the connection hears every event and asks nothing more.
    private(set) var isSubscribed = false
    /// Events left out since the subscriber last kept up, told to it once it has.
    private var lostEvents = 0
    /// The most bytes of events held for a subscriber that reads slowly.
    static let maximumEventBacklog = 256 * 1024

    /// Takes ownership of `fd` (a non-blocking connected socket); nil, with
    /// `fd` closed by deinit, when the loop cannot watch it. `onClose` runs once
    /// the connection has ended.
    init?(fd: Int32, loop: EventLoop, delegate: IPCDelegate?, onClose: @escaping (IPCConnection) -> Void) {
        self.fd = fd
        self.delegate = delegate
        self.onClose = onClose
        source = loop.watch(fd: fd, events: .readable) {
            [unowned self] events in handle(events: events)
        }
        if source == nil { return nil }
    }

    deinit {
        if isOpen { Glibc.close(fd) }
    }

    /// Ends the connection, dropping unanswered requests and unwritten replies.
    func close() {
        guard isOpen else { return }
        isOpen = false
        source?.remove()
        source = nil
        Glibc.close(fd)
        input = []
        output = []
        awaiting = nil
        onClose(self)
    }

    private func handle(events: FileEvents) {
        if !events.isDisjoint(with: [.hangup, .error]) {
            close()
            return
        }
        if events.contains(.writable) { flush() }
        if events.contains(.readable) { read() }
        serve()
    }

    private func read() {
        var chunk = [UInt8](repeating: 0, count: Self.maximumLineLength)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            // A subscriber asks nothing more: what it sends is not kept.
            if !isSubscribed { input += chunk[..<count] }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close()
        }
    }

    /// Answers buffered lines while nothing is outstanding, then watches for
    /// whatever the connection waits on now.
    private func serve() {
        guard !serving else { return }
        serving = true
        defer { serving = false }
        while isOpen, !closing, !isSubscribed, awaiting == nil, output.isEmpty, let line = nextLine() {
            dispatch(line)
        }
        guard isOpen else { return }
        if closing && output.isEmpty {
            close()
            return
        }
        // A subscriber is read only to notice that it hung up.
        let reading = isSubscribed || (!closing && awaiting == nil && output.isEmpty)
        var events: FileEvents = reading ? .readable : []
        if !output.isEmpty { events.insert(.writable) }
        source?.update(events: events)
    }

    /// The next complete line, or nil; an overlong one ends the connection.
    private func nextLine() -> ArraySlice<UInt8>? {
        let newline = input.firstIndex(of: UInt8(ascii: "\n"))
        if (newline ?? input.count) > Self.maximumLineLength {
            input = []
            closing = true
            send(.failure("request line is longer than \(Self.maximumLineLength) bytes; closing the connection"))
            return nil
        }
        guard let newline else { return nil }
        let line = input[..<newline]
        input.removeSubrange(...newline)
        return line
    }

    private func dispatch(_ line: ArraySlice<UInt8>) {
        let request: IPCRequest
        do {
            request = try IPCRequest.decode(utf8: line)
        } catch {
            send(.failure(error.message))
            return
        }
        guard let delegate else {
            send(.failure("the compositor is shutting down"))
            return
        }
        requestCount += 1
        let number = requestCount
        awaiting = number
        delegate.answer(request) { [weak self] reply in self?.answer(number, with: reply, subscribing: request == .events) }
    }

    private func answer(_ number: Int, with reply: IPCReply, subscribing: Bool) {
        guard isOpen, awaiting == number else { return }
        awaiting = nil
        send(reply)
        if subscribing && reply.ok { isSubscribed = true }
        serve()
    }

    /// Sends `line` (one event, without its newline) to a subscriber. One that
    /// reads too slowly loses events past the backlog rather than growing
    /// Segue's memory, and hears how many once it has caught up.
    func push(event line: String) {
        guard isOpen, isSubscribed else { return }
        guard output.count + line.utf8.count < Self.maximumEventBacklog else {
            lostEvents += 1
            return
        }
        output += Array((line + "\n").utf8)
        flush()
        serve()
    }

    private func send(_ reply: IPCReply) {
        output += Array((reply.encoded() + "\n").utf8)
        flush()
    }

    /// Writes what the socket takes now; serve() watches for room for the rest.
    private func flush() {
        while isOpen, !output.isEmpty {
            let written = output.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written >= 0 {
                output.removeFirst(written)
                if output.isEmpty && lostEvents > 0 {
                    output += Array(#"{"event":"lost","count":\#(lostEvents)}"#.utf8) + [UInt8(ascii: "\n")]
                    lostEvents = 0
                }
            } else if errno == EAGAIN {
                return
            } else if errno != EINTR {
                close()
            }
        }
    }
}
