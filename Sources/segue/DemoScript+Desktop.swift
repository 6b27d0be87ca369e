import Foundation
import SegueIPC

/// The demo's desktop: a taskbar along the bottom from the start, whose
/// buttons the minimize pours into; then a launcher opening and closing over
/// the windows, a second workspace of two windows, and the doom melt back to
/// the first while a notification slides in.
extension DemoScript {
    /// The taskbar, there before any window: every window is configured to the area it leaves.
    func showTheTaskbar(_ ipc: IPCClient) throws {
        try launch(label: "SEGUE", color: "1f2937", layer: "bar")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if case .array(let outputs)? = try check(ipc.send(.outputs)).payload["outputs"], case .object(let output)? = outputs.first,
               case .array(let usable)? = output["usable"], usable.count == 4, usable[3] != output["height"] {
                return
            }
            usleep(20_000)
        }
        throw DemoError("timed out waiting for the taskbar to keep its strip")
    }

    func playTheDesktop(_ ipc: IPCClient) throws {
        guard let events else { throw DemoError("the demo hears no events") }
        let launcher = try launch(label: "RUN", color: "7c2d12", layer: "launcher")
        try events.waitForMotions(1)
        launcher.terminate()
        try events.waitForMotions(2)
        // Workspace 1 keeps its four windows; 2 gets two of its own.
        try check(ipc.send(.workspace(.number(2), wait: true)))
        for (index, (label, color)) in [("SIX", "0891b2"), ("SEVEN", "ca8a04")].enumerated() {
            try launch(label: label, color: color, appID: "segue-demo-\(label.lowercased())")
            try waitForIdle(windows: 5 + index, ipc)
        }
        try check(ipc.send(.set(key: "transitions.workspace.effect", value: "doom-melt")))
        try check(ipc.send(.workspace(.number(1), wait: false)))
        let notification = try launch(label: "MAIL", color: "db2777", layer: "notification")
        try events.waitForMotions(3)
        try waitForIdle(windows: 6, ipc)
        notification.terminate()
        try events.waitForMotions(4)
    }
}
