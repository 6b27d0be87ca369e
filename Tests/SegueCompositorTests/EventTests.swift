import Foundation
import SegueIPC
import Synchronization
import XCTest

/// `segue msg events` from a real compositor: what a script following the
/// desktop hears as two clients open and one is switched to.
final class EventTests: XCTestCase {
    func testOpeningAndSwitchingAreHeardInOrder() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        let socket = compositor.runtime.appendingPathComponent("segue-\(compositor.socket).sock").path
        let heard = Mutex<[[String: JSONValue]]>([])
        let subscribed = DispatchSemaphore(value: 0)
        Thread {
            guard let client = try? IPCClient(path: socket) else { return }
            try? client.events(subscribed: { _ = subscribed.signal() }) { line in
                // JSONValue is Codable: each line is one object.
                if let event = try? JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8)) {
                    heard.withLock { $0.append(event) }
                }
                return true
            }
        }.start()
        XCTAssertEqual(subscribed.wait(timeout: .now() + 10), .success)
        try compositor.openOneAndTwo()
        XCTAssertTrue(try compositor.send(.switchWindow(target: .window(id: 1), effect: "crossfade", wait: true)).ok)
        XCTAssertTrue(compositor.waitUntil { heard.withLock { $0.filter { $0["event"] == "transition_finished" }.count == 3 } })
        let names = heard.withLock { $0.map { $0["event"] } }
        XCTAssertEqual(names, ["window_opened", "window_shown", "transition_started", "transition_finished",
                               "window_opened", "window_shown", "transition_started", "transition_finished",
                               "window_shown", "transition_started", "transition_finished"].map(JSONValue.string))
        let last = try XCTUnwrap(heard.withLock { $0.last })
        XCTAssertEqual(last["effect"], "crossfade")
        XCTAssertEqual(last["kind"], "switch")
        XCTAssertEqual(last["outcome"], "finished")
        XCTAssertNotNil(last["missed_refreshes"])
    }
}
