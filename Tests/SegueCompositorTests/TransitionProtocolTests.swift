import CWaylandClient
import Foundation
import SegueClientSupport
import SegueIPC
import XCTest

/// segue-transition-v1 through its example client, segue-launcher, against a real
/// `segue run` that trusts it; and what untrusted clients see.
final class TransitionProtocolTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private let launcher = CompositorUnderTest.buildFolder.appendingPathComponent("segue-launcher").path

    override func tearDown() {
        compositor?.stop()
    }

    private func start(trusting trusted: [String]) throws {
        compositor = try CompositorUnderTest(arguments: trusted.flatMap { ["--trust", $0] })
    }

    /// Two sample clients: ONE (window 1) below TWO (window 2), TWO shown.
    private func openTwoWindows() throws {
        try compositor.openOneAndTwo()
    }

    /// Runs a launcher-like program to its end: exit status, stdout, stderr.
    private func run(_ arguments: [String], executable: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? launcher)
        process.arguments = arguments
        process.environment = compositor.clientEnvironment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    private func object(_ line: String) throws -> [String: JSONValue] {
        guard case .object(let fields) = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) else {
            throw CompositorTestError("not a JSON object: \(line)")
        }
        return fields
    }

    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    func testTheLauncherListsWindowsAndShowsOneWithDoneOnceAtItsLastPresentedFrame() throws {
        try start(trusting: [launcher])
        try openTwoWindows()
        let list = try run(["list"])
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertEqual(list.out, "1\tsegue-sample\tONE\n2\tsegue-sample\tTWO\n")

        let shown = try run(["show", "1", "--effect", "crossfade"])
        XCTAssertEqual(shown.status, 0, "the launcher checks that done came once: \(shown.err)")
        let done = try object(shown.out)
        XCTAssertEqual(done["outcome"], .string("finished"))
        XCTAssertEqual(done["started_ns"], done["first_ns"], "started carries the first frame's presentation time")

        let history = try compositor.send(.transitions)
        guard case .array(let entries)? = history.payload["transitions"], case .object(let last)? = entries.last else {
            return XCTFail("no transitions in \(history.payload)")
        }
        XCTAssertEqual(last["effect"], .string("crossfade"))
        XCTAssertEqual(last["event"], .string("switch"))
        XCTAssertEqual(done["frames"], last["frames"])
        XCTAssertEqual(done["first_ns"], last["first_ns"], "the same presentation times the compositor recorded")
        XCTAssertEqual(done["last_ns"], last["last_ns"])
        let duration = try XCTUnwrap(number(last["duration_ms"])) / 1000
        let frames = try XCTUnwrap(number(done["frames"]))
        // At most one frame per refresh at 60 Hz, and nearly every refresh has one: a
        // busy 2-core machine may miss a refresh (exact pacing: TransitionTests, on a manual clock).
        XCTAssertLessThanOrEqual(frames, duration * 60 + 1, "\(done)")
        XCTAssertGreaterThanOrEqual(frames, duration * 60 * 0.75, "\(done)")
        let span = (try XCTUnwrap(number(done["last_ns"])) - (try XCTUnwrap(number(done["first_ns"])))) / 1e9
        XCTAssertEqual(span, duration, accuracy: 2.0 / 60, "from the first frame to the one showing the end")
        XCTAssertEqual(try compositor.windows().first { $0["shown"] == .bool(true) }?["title"], .string("ONE"))
    }

    func testASourceRectangleAndDurationReachTheEffect() throws {
        try start(trusting: [launcher])
        try openTwoWindows()
        let shown = try run(["show", "1", "--effect", "zoom-from-rect", "--rect", "64,36,160,90", "--duration", "200"])
        XCTAssertEqual(shown.status, 0, shown.err)
        let done = try object(shown.out)
        XCTAssertEqual(done["outcome"], .string("finished"))
        let history = try compositor.send(.transitions)
        guard case .array(let entries)? = history.payload["transitions"], case .object(let last)? = entries.last else {
            return XCTFail("no transitions in \(history.payload)")
        }
        XCTAssertEqual(last["effect"], .string("zoom-from-rect"))
        XCTAssertEqual(last["duration_ms"], .number(200))
        // Frame counts depend on how fast the renderer is; the presented span does not.
        let span = (try XCTUnwrap(number(done["last_ns"])) - (try XCTUnwrap(number(done["first_ns"])))) / 1e9
        XCTAssertEqual(span, 0.2, accuracy: 2.0 / 60, "\(done)")
    }

    func testShowingTheShownWindowPlaysNothingAndIsCancelled() throws {
        try start(trusting: [launcher])
        try openTwoWindows()
        let shown = try run(["show", "2"])
        XCTAssertEqual(shown.status, 0, shown.err)
        let done = try object(shown.out)
        XCTAssertEqual(done["outcome"], .string("cancelled"))
        XCTAssertEqual(done["frames"], .number(0))
    }

    func testBadRequestsGetTheProtocolsErrorsAndTheCompositorKeepsServing() throws {
        try start(trusting: [launcher])
        try openTwoWindows()
        let cases: [([String], String)] = [
            (["show", "1", "--effect", "no-such-effect"], "segue_transition_v1@3: error 0"),
            (["show", "1", "--rect", "10,10,-5,20"], "segue_transition_v1@3: error 1"),
            (["show", "1", "--rect", "600,300,100,100"], "segue_transition_v1@3: error 1"),
            (["show", "7"], "segue_transition_manager_v1@4: error 0"),
        ]
        for (arguments, error) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("segue-launcher: protocol error: \(error):"), "\(arguments): \(result.err)")
            XCTAssertEqual(result.err.filter { $0 == "\n" }.count, 1, "one line: \(result.err)")
        }
        XCTAssertTrue(compositor.isRunning)
        XCTAssertEqual(try compositor.windows().count, 2, "the other clients are still there")
        XCTAssertEqual(try run(["list"]).status, 0)
    }

    func testOnAScale2OutputASourceRectangleIsInSurfaceUnits() throws {
        compositor = try CompositorUnderTest(arguments: ["--trust", launcher, "--scale", "2"])
        try openTwoWindows()
        // The 640x360-pixel output is 320x180 units: a rectangle in its bottom right fits...
        let fits = try run(["show", "1", "--effect", "zoom-from-rect", "--rect", "300,170,20,10", "--duration", "100"])
        XCTAssertEqual(fits.status, 0, fits.err)
        XCTAssertEqual(try object(fits.out)["outcome"], .string("finished"))
        // ...and one at 330 units is off it, though within 640 pixels.
        let off = try run(["show", "2", "--rect", "330,10,20,20"])
        XCTAssertEqual(off.status, 1)
        XCTAssertTrue(off.err.hasPrefix("segue-launcher: protocol error: segue_transition_v1@3: error 1:"), off.err)
    }

    func testAnUntrustedLauncherDoesNotSeeTheManager() throws {
        try start(trusting: ["/usr/bin/true"])
        let result = try run(["list"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("does not offer segue_transition_manager_v1"), result.err)
    }

    func testAProgramSegueSpawnedUsesTheManagerThatTheSameProgramStartedDirectlyCannot() throws {
        try start(trusting: [])
        try openTwoWindows()
        XCTAssertEqual(try run(["list"]).status, 1, "started directly, the launcher is not trusted")

        let reply = try compositor.send(.spawn(argv: [launcher, "show", "1", "--effect", "crossfade"]))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        let pid = try XCTUnwrap(number(reply.payload["pid"]))
        let deadline = Date().addingTimeInterval(20)
        var last: [String: JSONValue] = [:]
        while Date() < deadline, last["effect"] != .string("crossfade") || FileManager.default.fileExists(atPath: "/proc/\(Int(pid))") {
            usleep(20_000)
            if case .array(let entries)? = try compositor.send(.transitions).payload["transitions"],
               case .object(let entry)? = entries.last { last = entry }
        }
        XCTAssertEqual(last["effect"], .string("crossfade"), "the spawned launcher's request played")
        XCTAssertEqual(last["outcome"], .string("finished"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(Int(pid))"), "the launcher exited and was reaped")
        XCTAssertEqual(try compositor.windows().first { $0["shown"] == .bool(true) }?["title"], .string("ONE"))
    }

    func testSpawningAMissingProgramIsRefusedAndTheCompositorKeepsServing() throws {
        try start(trusting: [])
        let reply = try compositor.send(.spawn(argv: ["segue-no-such-program"]))
        XCTAssertFalse(reply.ok)
        XCTAssertEqual(reply.error, "cannot start segue-no-such-program: No such file or directory")
        XCTAssertTrue(compositor.isRunning)
        XCTAssertTrue(try compositor.send(.windows).ok)
    }

    func testBindingTheHiddenManagerAnywayIsAProtocolError() throws {
        try start(trusting: [launcher])
        let probe = try RegistryProbe(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        XCTAssertFalse(probe.interfaces.contains("segue_transition_manager_v1"), "this test process is not trusted")
        // The manager is the last global the compositor creates: the name after the highest one seen.
        let hidden = try XCTUnwrap(probe.names.max()) + 1
        // libwayland's global filter answers on the registry with wl_display's invalid_object code.
        XCTAssertEqual(probe.bindManager(name: hidden), WaylandProtocolError(interface: "wl_registry", code: 0))
        XCTAssertTrue(compositor.isRunning)
    }
}

/// A bare client that lists the registry and binds a name it was not shown.
private final class RegistryProbe {
    private let display: OpaquePointer
    private let registry: OpaquePointer
    private(set) var names: [UInt32] = []
    private(set) var interfaces: [String] = []

    init(socket path: String) throws {
        guard let display = wl_display_connect(path) else { throw CompositorTestError("cannot connect to \(path)") }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, probeListener, listenerData(self))
        guard wl_display_roundtrip(display) >= 0 else { throw CompositorTestError("lost \(path)") }
    }

    deinit { wl_display_disconnect(display) }

    fileprivate func announced(name: UInt32, interface: String) {
        names.append(name)
        interfaces.append(interface)
    }

    /// Binds `name` as segue_transition_manager_v1; the error the bind got, if any.
    func bindManager(name: UInt32) -> WaylandProtocolError? {
        _ = wl_registry_bind(registry, name, segue_client_segue_transition_manager_v1_interface(), 1)
        guard wl_display_roundtrip(display) < 0 else { return nil }
        var interface: UnsafePointer<wl_interface>?
        let code = wl_display_get_protocol_error(display, &interface, nil)
        return WaylandProtocolError(interface: interface.map { String(cString: $0.pointee.name) } ?? "", code: code)
    }
}

private nonisolated(unsafe) let probeListener = fixedListener(wl_registry_listener(
    global: { data, _, name, interface, _ in
        (listenerObject(data) as RegistryProbe).announced(name: name, interface: String(cString: interface!))
    },
    global_remove: { _, _, _ in }
))
