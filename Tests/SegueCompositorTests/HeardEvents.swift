import Foundation
import SegueIPC
import Synchronization
import XCTest

/// What `segue msg events` heard, as it arrived.
final class HeardEvents: Sendable {
    let events = Mutex<[[String: JSONValue]]>([])
    private let subscribed = Atomic(false)

    /// Those named `name`, in the order they came.
    func named(_ name: String) -> [[String: JSONValue]] { events.withLock { $0.filter { $0["event"] == .string(name) } } }

    /// Every event the control socket at `path` sends once subscribed, heard on
    /// a thread of its own; `wait` returns once its condition holds (it serves
    /// the compositor meanwhile where that runs on the test's thread).
    static func subscribed(at path: String, waiting wait: (_ until: () -> Bool) -> Bool) -> HeardEvents {
        let heard = HeardEvents()
        Thread {
            guard let client = try? IPCClient(path: path) else { return }
            try? client.events(subscribed: { heard.subscribed.store(true, ordering: .sequentiallyConsistent) }) { line in
                // JSONValue is Codable: each line is one object.
                if let event = try? JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8)) {
                    heard.events.withLock { $0.append(event) }
                }
                return true
            }
        }.start()
        XCTAssertTrue(wait { heard.subscribed.load(ordering: .sequentiallyConsistent) }, "subscribed to \(path)")
        return heard
    }
}

extension CompositorUnderTest {
    /// Every event it sends from now on, as it arrives.
    func listen() -> HeardEvents {
        HeardEvents.subscribed(at: runtime.appendingPathComponent("segue-\(socket).sock").path) { waitUntil($0) }
    }
}
