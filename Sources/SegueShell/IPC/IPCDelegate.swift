import SegueIPC

/// What answers the control socket's requests: the compositor.
package protocol IPCDelegate: AnyObject {
    /// Called on the event loop's thread. Call `reply` once, on that thread,
    /// now or later (a waiting `switch` answers when its transition ends); the
    /// connection reads no further request until then. Further calls, and calls
    /// after the client has gone away, do nothing.
    func answer(_ request: IPCRequest, reply: @escaping (IPCReply) -> Void)
}
