/// The event loop everything in Segue runs on, as backends and the shell see it.
///
/// The compositor's loop is libwayland-server's; this protocol keeps its C
/// headers out of the modules that do not speak the server protocol: a
/// backend that is itself a Wayland client must not see both sides' headers.
public protocol EventLoop: AnyObject {
    /// Watches `fd` for `events`; the fd stays the caller's. nil when it cannot be watched.
    func watch(fd: Int32, events: FileEvents, _ handler: @escaping (FileEvents) -> Void) -> WatchedFile?
    /// A one-shot timer, disarmed until `arm` is called.
    func timer(_ handler: @escaping () -> Void) -> LoopTimer?
    /// Runs `handler` once, when the loop has no more events to dispatch.
    func idle(_ handler: @escaping () -> Void) -> LoopSource?
    /// Runs `handler` from the loop each time `signal` arrives.
    func signal(_ signal: Int32, _ handler: @escaping () -> Void) -> LoopSource?
}

/// Readiness of a watched file descriptor.
public struct FileEvents: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let readable = FileEvents(rawValue: 1 << 0)
    public static let writable = FileEvents(rawValue: 1 << 1)
    public static let hangup = FileEvents(rawValue: 1 << 2)
    public static let error = FileEvents(rawValue: 1 << 3)
}

/// Something the loop runs until it is removed (or released).
public protocol LoopSource: AnyObject {
    func remove()
}

public protocol WatchedFile: LoopSource {
    /// Watches for `events` from now on; hang-ups and errors are reported whatever they are.
    func update(events: FileEvents)
    /// Has the loop also call the handler, with no events, after each of its
    /// iterations: for work that other code may leave behind without the fd
    /// becoming ready, such as events a second reader of a socket queued.
    func check()
}

public protocol LoopTimer: LoopSource {
    /// Fires once, `milliseconds` from now (at least 1).
    func arm(milliseconds: Int32)
}
