import CWaylandClient
import Foundation
import SegueBackend
import SegueCompositor
import SegueHeadless
@testable import SegueShell
@testable import SegueWayland
import SegueImaging
import SegueIPC
import XCTest

/// A nested `segue run` inside a Segue in this process, whose seat the test
/// presses keys and moves the pointer on: the parent's keymap, keys, pointer and
/// Alt+Tab reach the nested Segue over real Wayland, and the key reporter client
/// inside it says what it got; the two seats' clipboards and primary
/// selections are one, as the clients on either side see them.
///
/// This starts the two and holds them; the tests are in its subclasses.
class NestedSegueCase: XCTestCase {
    var parent: InProcessParent!
    var nested: Process!
    var nestedOutput: LineCollector!
    var clients: [Process] = []
    var config: URL!
    let nestedSocket = "segue-nested"
    // evdev codes.
    let keyA: UInt32 = 30, keyTab: UInt32 = 15, keyLeftAlt: UInt32 = 56, keyLeftShift: UInt32 = 42
    let buttonLeft: UInt32 = 0x110

    override func setUpWithError() throws {
        parent = try InProcessParent(width: 800, height: 500, layout: "de")
        config = parent.runtime.appendingPathComponent("config.toml")
        try Self.crossfades.write(to: config, atomically: true, encoding: .utf8)
        nestedOutput = LineCollector()
        nested = Process()
        nested.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent("segue")
        nested.arguments = ["run", "--backend", "wayland", "--socket", nestedSocket, "--size", "640x360", "--config", config.path]
        var environment = CompositorUnderTest.environment(runtime: parent.runtime, display: parent.socket)
        environment["XKB_DEFAULT_LAYOUT"] = "us"
        nested.environment = environment
        nested.standardOutput = nestedOutput.pipe
        let nestedErrors = LineCollector()
        nested.standardError = nestedErrors.pipe
        try nested.run()
        // One that cannot start says why and exits: no waiting out the timeout.
        parent.dispatch { nestedOutput.lines.contains("WAYLAND_DISPLAY=\(nestedSocket)") || !nested.isRunning }
        guard nestedOutput.lines.contains("WAYLAND_DISPLAY=\(nestedSocket)") else {
            let log = nestedErrors.lines.joined(separator: "\n")
            try skipIfNestedEGLCannotReachTheParent(log)
            throw CompositorTestError("the nested Segue did not start: \(log)")
        }
        XCTAssertTrue(parent.dispatch { parent.compositor.stack.windows.count == 1 && !parent.compositor.navigation.isAnimating },
                      "the nested Segue's window mapped on the parent")
    }

    override func tearDown() {
        for client in clients where client.isRunning { kill(client.processIdentifier, SIGKILL) }
        if let nested, nested.isRunning {
            nested.terminate()
            parent?.dispatch { !nested.isRunning }
        }
        parent?.stop()
    }

    /// Short transitions, and the default key bindings.
    static let crossfades = """
        [transitions.open]
        effect = "crossfade"

        [transitions.switch]
        effect = "crossfade"
        """

    var nestedControl: String { parent.runtime.appendingPathComponent("segue-\(nestedSocket).sock").path }

    /// Starts a client inside the nested Segue; its stdout lines are collected.
    /// The key reporter, then the sample client TWO over it, shown and focused:
    /// the reporter has heard its keyboard leave.
    func reporterBehindTwo() throws -> LineCollector {
        let reporter = try launch("segue-key-reporter", ["--size", "200x100"])
        try waitForNestedWindows(1)
        _ = try launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        try waitForNestedWindows(2)
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("keyboard leave") }, "\(reporter.lines)")
        return reporter
    }

    func launch(_ executable: String, _ arguments: [String]) throws -> LineCollector {
        let output = LineCollector()
        let client = Process()
        client.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent(executable)
        client.arguments = arguments
        client.environment = CompositorUnderTest.environment(runtime: parent.runtime, display: nestedSocket)
        client.standardOutput = output.pipe
        client.standardError = FileHandle.nullDevice
        try client.run()
        clients.append(client)
        return output
    }

    func shownTitle() throws -> String? {
        let reply = try parent.ask(nestedControl, .windows)
        guard case .array(let windows)? = reply.payload["windows"] else { return nil }
        for case .object(let window) in windows where window["shown"] == .bool(true) {
            if case .string(let title)? = window["title"] { return title }
        }
        return nil
    }

    func waitForNestedWindows(_ count: Int) throws {
        let done = try parent.dispatch {
            let reply = try parent.ask(nestedControl, .windows)
            guard case .array(let windows)? = reply.payload["windows"] else { return false }
            return windows.count == count && reply.payload["animating"] == .bool(false)
        }
        XCTAssertTrue(done, "\(count) window(s) in the nested Segue")
    }

    var parentSeat: Seat { parent.compositor.seat! }
}
