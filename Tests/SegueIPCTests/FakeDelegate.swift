import SegueCompositor
import SegueIPC

/// Stands in for the compositor: answers at once, except a waiting `switch`,
/// which answers after a few loop iterations as a transition would.
final class FakeDelegate: IPCDelegate {
    static let waitIterations = 3
    /// Far more than a socket buffer holds, so the reply goes out in parts.
    static let effectsBlob = String(repeating: "0123456789abcdef", count: 65_536)

    private(set) var received: [IPCRequest] = []
    private var delayed: [(remaining: Int, reply: () -> Void)] = []

    var pendingCount: Int { delayed.count }

    func answer(_ request: IPCRequest, reply: @escaping (IPCReply) -> Void) {
        received.append(request)
        switch request {
        case .windows:
            reply(.success(["windows": [["id": 1, "title": "terminal"], ["id": 2, "title": "editor"]]]))
        case .switchWindow(let target, _, let wait, _):
            let answer = { reply(.success(["switched": target.reported])) }
            if wait { delayed.append((Self.waitIterations, answer)) } else { answer() }
        case .screenshot(let path):
            reply(.failure("cannot write \(path)"))
        case .reload:
            // A careless handler answering twice: only the first may count.
            reply(.success(["reloaded": true]))
            reply(.success(["reloaded": false]))
        case .effects:
            reply(.success(["blob": .string(Self.effectsBlob)]))
        case .transitions, .outputs, .clients, .config, .spawn, .close, .gesture, .switcher, .set, .workspaces, .workspace, .moveToWorkspace,
             .minimize, .restore, .place, .setState:
            reply(.success())
        case .events:
            reply(.success(["subscribed": true]))
        }
    }

    /// One loop iteration has passed.
    func tick() {
        for index in delayed.indices { delayed[index].remaining -= 1 }
        let due = delayed.filter { $0.remaining <= 0 }
        delayed.removeAll { $0.remaining <= 0 }
        for item in due { item.reply() }
    }
}

private extension SwitchTarget {
    var reported: JSONValue {
        switch self {
        case .next: "next"
        case .prev: "prev"
        case .previous: "previous"
        case .window(let id): .number(Double(id))
        case .appID(let pattern): .string("app-id:" + pattern)
        case .title(let pattern): .string("title:" + pattern)
        }
    }
}
