import Foundation
import SegueIPC

/// What the demo does once the compositor runs, driven from a second thread
/// through the control socket, as a person with `segue msg` would: show a
/// taskbar, open two sample clients (pushes), switch between them with each
/// remaining effect, minimize the shown one into the lamp (toward its taskbar
/// button) and restore it, drag one switch by hand, close one (a pop), open
/// three more, hold the switcher over the four (a screenshot of its overlay),
/// step it twice and let go with the hero zoom; then the desktop's own
/// changes (see `playTheDesktop`), and collect every transition's completion.
final class DemoScript: @unchecked Sendable {
    let ipcPath: String
    let waylandDisplay: String
    let client: URL
    /// The completions, once the script has finished.
    private(set) var result: [JSONValue]?
    /// The id of the transition driven by hand.
    private(set) var gestureID: Int?
    /// The id of the switch the switcher played, and where its overlay's screenshot went.
    private(set) var switcherID: Int?
    let overlayShot: URL
    private(set) var failure: String?
    /// The layer surfaces' motions, heard as they finish.
    var events: DemoEvents?
    private var processes: [Process] = []

    /// The switches, each with an effect the pushes and the pop do not play.
    static let switches: [(SwitchTarget, String)] = [(.prev, "doom-melt"), (.next, "rotate"), (.prev, "crossfade"), (.next, "slide")]
    /// The hand's path: forward, back a little, forward past halfway; then it lets go.
    static let scrub = [0.1, 0.2, 0.3, 0.4, 0.45, 0.4, 0.3, 0.25, 0.3, 0.4, 0.5, 0.6]

    init(ipcPath: String, waylandDisplay: String, client: URL, overlayShot: URL) {
        self.ipcPath = ipcPath
        self.waylandDisplay = waylandDisplay
        self.client = client
        self.overlayShot = overlayShot
    }

    func play() {
        do {
            let ipc = try IPCClient(path: ipcPath)
            events = try DemoEvents(ipcPath: ipcPath)
            try showTheTaskbar(ipc)
            let one = try launch(label: "ONE", color: "2563eb", appID: "segue-demo-one")
            try waitForIdle(windows: 1, ipc)
            try launch(label: "TWO", color: "ea580c", appID: "segue-demo-two")
            try waitForIdle(windows: 2, ipc)
            for (target, effect) in Self.switches {
                try check(ipc.send(.switchWindow(target: target, effect: effect, wait: true)))
            }
            try check(ipc.send(.minimize(wait: true)))
            try check(ipc.send(.restore(wait: true)))
            try check(ipc.send(.gesture(.begin(.prev))))
            for progress in Self.scrub {
                try check(ipc.send(.gesture(.update(progress))))
                usleep(25_000)
            }
            if case .number(let id)? = try check(ipc.send(.gesture(.end(velocity: nil)))).payload["id"] { gestureID = Int(id) }
            // The hand went back to ONE; closing it pops back to TWO.
            one.terminate()
            try waitForIdle(windows: 1, ipc)
            try holdTheSwitcher(ipc)
            try playTheDesktop(ipc)
            let reply = try check(ipc.send(.transitions))
            guard case .array(let transitions)? = reply.payload["transitions"] else {
                throw DemoError("the compositor sent no transitions")
            }
            result = transitions
        } catch {
            failure = "\(error)"
        }
    }

    /// Three more windows, then the switcher held over the four: open (the
    /// second most recent selected), next, its overlay shown, and let go with
    /// the hero zoom growing the third most recent from its preview.
    private func holdTheSwitcher(_ ipc: IPCClient) throws {
        for (index, (label, color)) in [("THREE", "16a34a"), ("FOUR", "9333ea"), ("FIVE", "db2777")].enumerated() {
            try launch(label: label, color: color, appID: "segue-demo-\(label.lowercased())")
            try waitForIdle(windows: index + 2, ipc)
        }
        try check(ipc.send(.set(key: "transitions.switch.effect", value: "zoom-from-rect")))
        try check(ipc.send(.switcher(.open(filter: nil))))
        try check(ipc.send(.switcher(.next(filter: nil))))
        // Past its open delay, the overlay shows.
        usleep(400_000)
        try check(ipc.send(.screenshot(path: overlayShot.path)))
        try check(ipc.send(.switcher(.commit)))
        try waitForIdle(windows: 4, ipc)
        let reply = try check(ipc.send(.transitions))
        if case .array(let list)? = reply.payload["transitions"], case .object(let last)? = list.last, case .number(let id)? = last["id"] {
            switcherID = Int(id)
        }
    }

    func stopClients() {
        for process in processes where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A sample client: a window with `appID`, or the layer surface `layer` names.
    @discardableResult
    func launch(label: String, color: String, appID: String = "segue-demo", layer: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = client
        process.arguments = ["--label", label, "--color", color, "--app-id", appID] + (layer.map { ["--layer", $0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = waylandDisplay
        process.environment = environment
        do {
            try process.run()
        } catch {
            throw DemoError("cannot start the sample client \(client.path): \(error.localizedDescription)")
        }
        processes.append(process)
        return process
    }

    /// Polls until `count` windows are open and no transition runs.
    func waitForIdle(windows count: Int, _ ipc: IPCClient) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let reply = try check(ipc.send(.windows))
            if case .array(let windows)? = reply.payload["windows"], windows.count == count,
               reply.payload["animating"] == .bool(false) {
                return
            }
            usleep(20_000)
        }
        throw DemoError("timed out waiting for \(count) window(s) to settle")
    }

    @discardableResult
    func check(_ reply: IPCReply) throws -> IPCReply {
        guard reply.ok else { throw DemoError(reply.error ?? "the compositor refused a request") }
        return reply
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
