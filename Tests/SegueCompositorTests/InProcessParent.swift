import CWaylandServer
import Foundation
import Logging
import SegueCompositor
@testable import SegueShell
@testable import SegueWayland
import SegueIPC
import XCTest

/// A headless Segue inside the test process, as the parent compositor a nested
/// `segue run` connects to. The test's thread dispatches its loop and drives its
/// seat directly: as close to a keyboard and a mouse as a machine without them gets.
final class InProcessParent {
    let compositor: Compositor
    let runtime: URL
    let socket = "segue-parent"
    private let savedEnvironment: [String: String?]
    /// The compositor blocks SIGINT and SIGTERM in this thread to read them from
    /// its loop; programs started meanwhile inherit that, so it is undone at the end.
    private var savedSignalMask = sigset_t()

    /// `layout` is the parent's keyboard layout, which a nested Segue passes on.
    init(width: Int, height: Int, layout: String) throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-parent-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The compositor reads both from this process's environment.
        let environment = ["XDG_RUNTIME_DIR": runtime.path, "XKB_DEFAULT_LAYOUT": layout]
        savedEnvironment = Dictionary(uniqueKeysWithValues: environment.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) })
        for (name, value) in environment { setenv(name, value, 1) }
        pthread_sigmask(SIG_SETMASK, nil, &savedSignalMask)
        var options = CompositorOptions()
        options.socket = socket
        options.width = width
        options.height = height
        do {
            compositor = try Compositor(options: options, log: Logger(label: "segue-parent"))
        } catch {
            Self.restore(savedEnvironment)
            pthread_sigmask(SIG_SETMASK, &savedSignalMask, nil)
            try skipIfEGLIsMissing("\(error)")
            throw error
        }
    }

    var parent: CompositorUnderTest.Parent { (runtime, socket) }

    /// Dispatches the parent's loop until `condition` holds, for at most `timeout` seconds.
    @discardableResult
    func dispatch(timeout: TimeInterval = 15, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            wl_event_loop_dispatch(compositor.server.loop, 10)
            wl_display_flush_clients(compositor.server.display)
        }
        return try condition()
    }

    /// One turn of the parent's loop, waiting for nothing.
    func serveOnce() { compositor.dispatch(milliseconds: 0) }

    /// A client of the parent, served from this thread while it waits.
    func connect() throws -> RawClient {
        let (fd, _) = try XCTUnwrap(compositor.connectClient())
        return try RawClient(fd: fd) { [unowned self] in serveOnce() }
    }

    /// Sends `request` to the Segue whose control socket is at `path`, dispatching
    /// the parent meanwhile: the nested Segue may need it to answer.
    func ask(_ path: String, _ request: IPCRequest) throws -> IPCReply {
        let answer = Answer()
        Thread { answer.result = Result { try IPCClient(path: path).send(request) } }.start()
        guard dispatch(until: { answer.result != nil }), let result = answer.result else {
            throw CompositorTestError("no reply to \(request)")
        }
        return try result.get()
    }

    /// Runs the compositor's own shutdown, which stops at once on a timer.
    func stop() {
        let timer = wl_event_loop_add_timer(compositor.server.loop, { data in
            wl_display_terminate(OpaquePointer(data))
            return 0
        }, UnsafeMutableRawPointer(compositor.server.display))
        wl_event_source_timer_update(timer, 1)
        compositor.run()
        Self.restore(savedEnvironment)
        pthread_sigmask(SIG_SETMASK, &savedSignalMask, nil)
        try? FileManager.default.removeItem(at: runtime)
    }

    private static func restore(_ environment: [String: String?]) {
        for (name, value) in environment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }
}

/// A reply, or why there is none, handed over from the thread that waited for it.
private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<IPCReply, any Error>?

    var result: Result<IPCReply, any Error>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
