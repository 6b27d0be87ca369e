import CWaylandServer
import Foundation
import SegueLoop
@testable import SegueShell
import SegueWayland
import Synchronization
import XCTest

/// A wl_event_loop with an IPCServer on a socket in a fresh folder. The test's
/// thread owns the loop and dispatches it; clients run on other threads.
final class ServedLoop {
    let loop: EventLoop
    private let rawLoop: OpaquePointer
    let folder: String
    let path: String
    let handler = FakeDelegate()
    private(set) var server: IPCServer!

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-ipc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/segue-test.sock"
        rawLoop = wl_event_loop_create()
        loop = WaylandEventLoop(rawLoop)
        server = try IPCServer(loop: loop, path: path, delegate: handler)
    }

    deinit {
        server = nil
        wl_event_loop_destroy(rawLoop)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// One loop iteration: whatever is ready, waiting at most 10 ms.
    func dispatch() {
        wl_event_loop_dispatch(rawLoop, 10)
        handler.tick()
    }

    /// Dispatches until `condition` holds, failing after a second.
    func dispatch(until condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date() + 1
        while !condition() {
            guard Date() < deadline else { return XCTFail("condition never held", file: file, line: line) }
            dispatch()
        }
    }

    /// Runs `work` on its own thread with the socket path, dispatching the
    /// loop here until it returns.
    func serving<T: Sendable>(file: StaticString = #filePath, line: UInt = #line,
                              _ work: @escaping @Sendable (String) throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let path = path
        Thread { outcome.set(Result { try work(path) }) }.start()
        dispatch(until: { outcome.value != nil }, file: file, line: line)
        guard let result = outcome.value else { throw IPCTestError.clientDidNotFinish }
        return try result.get()
    }
}

enum IPCTestError: Error { case clientDidNotFinish }

/// What a client thread hands back.
private final class Outcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, Error>?>(nil)
    var value: Result<T, Error>? { result.withLock { $0 } }
    func set(_ value: Result<T, Error>) { result.withLock { $0 = value } }
}
