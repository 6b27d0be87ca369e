import CSegueWLCS
import Foundation
import SegueLoop

/// Hands work to the server's thread and waits for it. WLCS calls most hooks
/// through its proxy, on the thread that runs the compositor, but calls its
/// touch device from the test's own thread.
final class ServerThreadQueue: @unchecked Sendable {
    /// Wakes the loop: written once per job, read to zero when they run.
    private let wake = segue_wlcs_eventfd()
    private let lock = NSLock()
    private var jobs: [() -> Void] = []
    /// The thread serving the compositor, while it runs.
    private var serverThread: pthread_t?
    private var watch: WatchedFile?

    /// From now on jobs run on this thread, from `loop`.
    func start(on loop: EventLoop) {
        lock.withLock { serverThread = pthread_self() }
        watch = loop.watch(fd: wake, events: .readable) { [unowned self] _ in runJobs() }
    }

    /// Runs what is queued, then takes further jobs no more: they are dropped.
    func stop() {
        watch?.remove()
        watch = nil
        lock.withLock { serverThread = nil }
        runJobs()
    }

    /// Runs `job` on the server's thread and returns once it has run: at once
    /// when called there, not at all when the compositor is not running.
    func perform(_ job: @escaping () -> Void) {
        let here = lock.withLock { serverThread.map { pthread_equal($0, pthread_self()) != 0 } }
        switch here {
        case true?:
            job()
        case false?:
            let done = DispatchSemaphore(value: 0)
            lock.withLock { jobs.append { job(); done.signal() } }
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
            done.wait()
        case nil:
            break
        }
    }

    private func runJobs() {
        var count: UInt64 = 0
        _ = read(wake, &count, 8)
        let queued = lock.withLock {
            defer { jobs.removeAll() }
            return jobs
        }
        for job in queued { job() }
    }

    deinit { close(wake) }
}
