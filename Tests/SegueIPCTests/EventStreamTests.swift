import Foundation
@testable import SegueShell
import SegueIPC
import Synchronization
import XCTest

/// `segue msg events`: after its reply, a subscriber hears one line per event
/// until it hangs up; one that reads too slowly loses events past a bounded
/// backlog, told how many, and never grows the compositor's memory.
final class EventStreamTests: XCTestCase {
    private var served: ServedLoop!

    override func setUpWithError() throws { served = try ServedLoop() }
    override func tearDown() { served = nil }

    /// Runs `listen` on its own thread with a subscribed client's lines, and
    /// `broadcast` here once the subscription is in place; dispatches until `listen` is done.
    private func stream(_ listen: @escaping @Sendable (IPCClient) throws -> [String],
                        broadcast: (IPCServer) -> Void) throws -> [String] {
        let result = Mutex<Result<[String], Error>?>(nil)
        let path = served.path
        Thread {
            let heard = Result { try listen(try IPCClient(path: path)) }
            result.withLock { $0 = heard }
        }.start()
        served.dispatch(until: { self.served.handler.received.contains(.events) })
        broadcast(served.server)
        let deadline = Date() + 10
        while result.withLock({ $0 }) == nil, Date() < deadline { served.dispatch() }
        return try XCTUnwrap(result.withLock { $0 }).get()
    }

    func testASubscriberHearsEachEventAsALine() throws {
        let lines = try stream({ client in
            var lines: [String] = []
            try client.events { line in
                lines.append(line)
                return lines.count < 2
            }
            return lines
        }, broadcast: { server in
            server.broadcast(["event": "window_opened", "window": 1])
            server.broadcast(["event": "window_closed", "window": 1])
        })
        XCTAssertEqual(lines, [#"{"event":"window_opened","window":1}"#, #"{"event":"window_closed","window":1}"#])
    }

    func testASlowSubscriberLosesWhatPassesItsBacklogAndHearsHowMany() throws {
        let total = 4000
        let caughtUp = DispatchSemaphore(value: 0)
        let padding = String(repeating: "x", count: 1000)
        let lines = try stream({ client in
            var lines: [String] = []
            try client.events { line in
                // Not reading while the compositor sends everything.
                if lines.isEmpty { caughtUp.wait() }
                lines.append(line)
                return !line.contains(#""event":"lost""#)
            }
            return lines
        }, broadcast: { server in
            for index in 0..<total {
                server.broadcast(["event": "window_changed", "window": .number(Double(index)), "title": .string(padding)])
                if index == 0 { for _ in 0..<5 { served.dispatch() } }
            }
            caughtUp.signal()
        })
        let lost = try XCTUnwrap(lines.last)
        let count = try XCTUnwrap(Int(lost.split(separator: ":").last?.dropLast() ?? ""), lost)
        XCTAssertEqual(lines.count - 1 + count, total, "every event heard or counted as lost")
        XCTAssertLessThan((lines.count - 1) * padding.count, 2 * IPCConnection.maximumEventBacklog,
                          "what was held is bounded by the backlog, with what the socket itself holds")
    }
}
