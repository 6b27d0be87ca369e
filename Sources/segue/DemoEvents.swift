import Foundation
import SegueIPC

/// The compositor's events the demo waits on and reports: each layer
/// surface's motion as it finishes (they are not transitions, so `msg
/// transitions` does not list them), heard on a connection of their own.
final class DemoEvents: @unchecked Sendable {
    private let lock = NSCondition()
    private var motions: [[String: JSONValue]] = []
    private var ended = false

    /// Subscribes on a thread of its own, returning once subscribed; it ends when the compositor does.
    init(ipcPath: String) throws {
        let subscribed = DispatchSemaphore(value: 0)
        Thread { [self] in
            try? IPCClient(path: ipcPath).events(subscribed: { subscribed.signal() }) { line in
                if case .object(let event)? = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)),
                   event["event"] == .string("layer_animation_finished") {
                    lock.withLock { motions.append(event) }
                    lock.broadcast()
                }
                return true
            }
            lock.withLock { ended = true }
            lock.broadcast()
            subscribed.signal()
        }.start()
        subscribed.wait()
        if lock.withLock({ ended }) { throw DemoError("the compositor sends the demo no events") }
    }

    /// Waits until `count` layer surface motions have finished, at most 20 s.
    func waitForMotions(_ count: Int) throws {
        let deadline = Date().addingTimeInterval(20)
        lock.lock()
        defer { lock.unlock() }
        while motions.count < count {
            guard !ended, lock.wait(until: deadline) else { throw DemoError("timed out waiting for \(count) layer surface motion(s) to finish") }
        }
    }

    /// The motions finished so far, in the order they did.
    var finished: [[String: JSONValue]] { lock.withLock { motions } }
}
