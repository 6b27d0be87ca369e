import CWaylandClient
import Foundation
import Glibc
import SegueClientSupport
import SegueIPC
import XCTest

/// segue_transition_v1 requests sent at the wrong time, and windows that are
/// gone, from this test process as a trusted client: each gets the error code
/// the protocol names, on the interface it names, and the compositor keeps serving.
final class TransitionObjectErrorTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    /// Owns the windows the transitions show; never breaks the protocol.
    private var owner: RawClient!
    private let width: Int32 = 640, height: Int32 = 360

    override func setUpWithError() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
    }

    override func tearDown() {
        owner = nil
        compositor?.stop()
    }

    private var socketPath: String { compositor.runtime.appendingPathComponent(compositor.socket).path }

    /// Maps two output-sized windows on `owner`: window 1 below window 2, which shows.
    private func mapTwoWindows() throws {
        owner = try RawClient(socket: socketPath)
        for count in 1...2 {
            let toplevel = owner.makeToplevel()
            XCTAssertTrue(owner.roundtrip())
            owner.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
            let pool = try XCTUnwrap(owner.makePool(size: width * height * 4))
            owner.attach(pool.makeBuffer(width: width, height: height, stride: width * 4,
                                         format: WL_SHM_FORMAT_XRGB8888.rawValue), to: toplevel)
            owner.damage(toplevel, width: width, height: height)
            owner.commit(toplevel)
            XCTAssertTrue(owner.roundtrip())
            _ = try compositor.waitForWindows(count)
        }
    }

    /// The id of the open window that is not shown, once nothing animates.
    private func hiddenWindow() throws -> UInt32 {
        let windows = try compositor.waitForWindows(2)
        guard case .number(let id)? = windows.first(where: { $0["shown"] == .bool(false) })?["id"] else {
            throw CompositorTestError("no hidden window in \(windows)")
        }
        return UInt32(id)
    }

    private func assertStillServing(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(compositor.isRunning, message, file: file, line: line)
        XCTAssertEqual(try compositor.send(.windows).ok, true, "IPC windows answers after \(message)", file: file, line: line)
    }

    /// A late request after start, on a transition that is really playing.
    func testASetRequestOrStartAfterStartIsAlreadyStarted() throws {
        try mapTwoWindows()
        let late: [(String, (OpaquePointer) -> Void)] = [
            ("set_effect", { segue_transition_v1_set_effect($0, "crossfade") }),
            ("set_duration", { segue_transition_v1_set_duration($0, 100) }),
            ("start", { segue_transition_v1_start($0) }),
        ]
        for (name, request) in late {
            let window = try hiddenWindow()
            let client = try ManagerClient(socket: socketPath)
            let transition = client.showWindow(window)
            segue_transition_v1_set_duration(transition.proxy, 150)
            segue_transition_v1_start(transition.proxy)
            // Sent in the same flush as start: the transition cannot be done yet.
            request(transition.proxy)
            XCTAssertFalse(client.raw.roundtrip(), "\(name) after start")
            XCTAssertEqual(client.raw.protocolError,
                           WaylandProtocolError(interface: "segue_transition_v1",
                                                code: SEGUE_TRANSITION_V1_ERROR_ALREADY_STARTED.rawValue), name)
            XCTAssertEqual(SEGUE_TRANSITION_V1_ERROR_ALREADY_STARTED.rawValue, 2, "the XML's value")
            XCTAssertNil(transition.outcome, "\(name): no done before the error")
            assertStillServing("\(name) after start")
        }
        XCTAssertEqual(try compositor.waitForWindows(2).count, 2, "the owner's windows are untouched")
    }

    /// Every request but destroy after done; done is waited for first.
    func testAnyRequestButDestroyAfterDoneIsAlreadyDone() throws {
        try mapTwoWindows()
        let late: [(String, (OpaquePointer) -> Void)] = [
            ("set_effect", { segue_transition_v1_set_effect($0, "crossfade") }),
            ("set_source_rect", { segue_transition_v1_set_source_rect($0, 10, 10, 50, 50) }),
            ("set_duration", { segue_transition_v1_set_duration($0, 100) }),
            ("start", { segue_transition_v1_start($0) }),
        ]
        for (name, request) in late {
            let window = try hiddenWindow()
            let client = try ManagerClient(socket: socketPath)
            let transition = client.showWindow(window)
            segue_transition_v1_set_duration(transition.proxy, 50)
            segue_transition_v1_start(transition.proxy)
            XCTAssertTrue(client.raw.dispatch { transition.outcome != nil }, "\(name): done arrives")
            XCTAssertEqual(transition.outcome, SEGUE_TRANSITION_V1_OUTCOME_FINISHED.rawValue, name)
            request(transition.proxy)
            XCTAssertFalse(client.raw.roundtrip(), "\(name) after done")
            XCTAssertEqual(client.raw.protocolError,
                           WaylandProtocolError(interface: "segue_transition_v1",
                                                code: SEGUE_TRANSITION_V1_ERROR_ALREADY_DONE.rawValue), name)
            XCTAssertEqual(SEGUE_TRANSITION_V1_ERROR_ALREADY_DONE.rawValue, 3, "the XML's value")
            XCTAssertEqual(transition.doneCount, 1, "\(name): exactly one done")
            assertStillServing("\(name) after done")
        }
        // Destroy after done is no error.
        let window = try hiddenWindow()
        let client = try ManagerClient(socket: socketPath)
        let transition = client.showWindow(window)
        segue_transition_v1_set_duration(transition.proxy, 50)
        segue_transition_v1_start(transition.proxy)
        XCTAssertTrue(client.raw.dispatch { transition.outcome != nil })
        segue_transition_v1_destroy(transition.proxy)
        XCTAssertTrue(client.raw.roundtrip(), "destroy after done")
        assertStillServing("destroy after done")
    }

    /// The XML: a window that closed since the transition was created plays
    /// nothing and is done cancelled with no frames; no protocol error.
    func testAWindowThatClosesBeforeStartIsDoneCancelledWithNoFrames() throws {
        let client = try ManagerClient(socket: socketPath)
        let sample = try compositor.launch("segue-sample-client", ["--label", "GONE", "--color", "16a34a"])
        XCTAssertTrue(client.raw.dispatch { !client.open.isEmpty }, "a toplevel event for the sample client")
        let window = try XCTUnwrap(client.open.first)
        XCTAssertEqual(client.appIDs[window], "segue-sample")
        let transition = client.showWindow(window)
        segue_transition_v1_set_effect(transition.proxy, "crossfade")
        XCTAssertTrue(client.raw.roundtrip(), "creating the transition for an open window is fine")

        kill(sample.processIdentifier, SIGKILL)
        XCTAssertTrue(client.raw.dispatch { client.closed.contains(window) }, "toplevel_closed for window \(window)")
        XCTAssertFalse(client.open.contains(window))

        segue_transition_v1_start(transition.proxy)
        XCTAssertTrue(client.raw.dispatch { transition.outcome != nil }, "done arrives: \(String(describing: client.raw.protocolError))")
        XCTAssertNil(client.raw.protocolError)
        XCTAssertEqual(transition.outcome, SEGUE_TRANSITION_V1_OUTCOME_CANCELLED.rawValue)
        XCTAssertEqual(transition.frames, 0)
        XCTAssertEqual(transition.lateFrames, 0)
        XCTAssertEqual(transition.times, [0, 0, 0, 0, 0, 0], "no frames, so both times are zero")
        XCTAssertFalse(transition.started, "started is not sent when no frame was presented")
        XCTAssertEqual(transition.doneCount, 1)
        // The object is inert afterwards, like any done transition.
        segue_transition_v1_start(transition.proxy)
        XCTAssertFalse(client.raw.roundtrip())
        XCTAssertEqual(client.raw.protocolError,
                       WaylandProtocolError(interface: "segue_transition_v1",
                                            code: SEGUE_TRANSITION_V1_ERROR_ALREADY_DONE.rawValue))
        assertStillServing("a cancelled transition")
        XCTAssertEqual(try compositor.windows().count, 0)
    }

    /// update and end belong to a transition the client drives, until it lets go.
    func testUpdateOrEndOutsideADrivenTransitionIsNotInteractive() throws {
        try mapTwoWindows()
        let steps: [(String, (OpaquePointer) -> Void)] = [
            ("update before anything", { segue_transition_v1_update($0, wl_fixed_from_double(0.5)) }),
            ("end after start", { segue_transition_v1_start($0); segue_transition_v1_end($0, 0) }),
            ("update after end", {
                segue_transition_v1_begin_interactive($0)
                segue_transition_v1_end($0, wl_fixed_from_double(5))
                segue_transition_v1_update($0, wl_fixed_from_double(0.5))
            }),
        ]
        for (name, step) in steps {
            let client = try ManagerClient(socket: socketPath)
            let transition = client.showWindow(try hiddenWindow())
            step(transition.proxy)
            XCTAssertFalse(client.raw.roundtrip(), name)
            XCTAssertEqual(client.raw.protocolError,
                           WaylandProtocolError(interface: "segue_transition_v1",
                                                code: SEGUE_TRANSITION_V1_ERROR_NOT_INTERACTIVE.rawValue), name)
            XCTAssertEqual(SEGUE_TRANSITION_V1_ERROR_NOT_INTERACTIVE.rawValue, 4, "the XML's value")
            assertStillServing(name)
        }
    }

    /// A dock drives the switch: a flick completes it, a release moving back goes back.
    func testADrivenTransitionCompletesOnAFlickAndGoesBackOnARetreat() throws {
        try mapTwoWindows()
        let client = try ManagerClient(socket: socketPath)
        for (velocity, outcome) in [(5.0, SEGUE_TRANSITION_V1_OUTCOME_FINISHED), (-1.0, SEGUE_TRANSITION_V1_OUTCOME_CANCELLED)] {
            let window = try hiddenWindow()
            let transition = client.showWindow(window)
            segue_transition_v1_begin_interactive(transition.proxy)
            segue_transition_v1_update(transition.proxy, wl_fixed_from_double(0.3))
            XCTAssertTrue(client.raw.roundtrip())
            segue_transition_v1_end(transition.proxy, wl_fixed_from_double(velocity))
            XCTAssertTrue(client.raw.dispatch { transition.outcome != nil }, "done arrives")
            XCTAssertEqual(transition.outcome, outcome.rawValue, "velocity \(velocity)")
            XCTAssertEqual(transition.doneCount, 1)
            XCTAssertGreaterThan(transition.frames, 0)
            let shown = try compositor.windows().first { $0["shown"] == .bool(true) }?["id"]
            XCTAssertEqual(shown == .number(Double(window)), outcome == SEGUE_TRANSITION_V1_OUTCOME_FINISHED, "velocity \(velocity)")
        }
    }

    /// A dock that goes while it drives a transition cannot let go: the switch goes back.
    func testADriverThatDestroysItsTransitionMidDriveSendsItBack() throws {
        try mapTwoWindows()
        let shownBefore = try compositor.windows().first { $0["shown"] == .bool(true) }?["id"]
        let client = try ManagerClient(socket: socketPath)
        let transition = client.showWindow(try hiddenWindow())
        segue_transition_v1_begin_interactive(transition.proxy)
        segue_transition_v1_update(transition.proxy, wl_fixed_from_double(0.7))
        XCTAssertTrue(client.raw.roundtrip())
        segue_transition_v1_destroy(transition.proxy)
        XCTAssertTrue(client.raw.roundtrip())
        let settled = try compositor.waitUntil {
            let reply = try compositor.send(.windows)
            return reply.payload["animating"] == .bool(false)
        }
        XCTAssertTrue(settled, "the switch came to rest")
        XCTAssertEqual(try compositor.windows().first { $0["shown"] == .bool(true) }?["id"], shownBefore,
                       "past halfway, but nobody let go: it went back")
    }

    /// show_window with an id no toplevel event ever carried.
    func testShowingAWindowIdThatWasNeverListedIsUnknownToplevel() throws {
        try mapTwoWindows()
        let client = try ManagerClient(socket: socketPath)
        XCTAssertEqual(client.open.sorted(), [1, 2], "the initial list after one round trip")
        _ = client.showWindow(77)
        XCTAssertFalse(client.raw.roundtrip())
        XCTAssertEqual(client.raw.protocolError,
                       WaylandProtocolError(interface: "segue_transition_manager_v1",
                                            code: SEGUE_TRANSITION_MANAGER_V1_ERROR_UNKNOWN_TOPLEVEL.rawValue))
        XCTAssertEqual(SEGUE_TRANSITION_MANAGER_V1_ERROR_UNKNOWN_TOPLEVEL.rawValue, 0, "the XML's value")
        assertStillServing("an unknown window id")
        XCTAssertEqual(try compositor.waitForWindows(2).count, 2, "the owner's windows are still there")
    }
}

/// A connection of its own with the manager bound, tracking the toplevel list.
private final class ManagerClient {
    let raw: RawClient
    private(set) var manager: OpaquePointer?
    private(set) var open: [UInt32] = []
    private(set) var closed: [UInt32] = []
    private(set) var appIDs: [UInt32: String] = [:]
    private var transitions: [TransitionEvents] = []

    init(socket path: String) throws {
        raw = try RawClient(socket: path)
        let registry = wl_display_get_registry(raw.display)
        wl_registry_add_listener(registry, managerClientRegistryListener, listenerData(self))
        // One round trip binds the manager, a second delivers the initial toplevel list.
        guard raw.roundtrip(), manager != nil, raw.roundtrip() else {
            throw CompositorTestError("the trusted test process cannot bind segue_transition_manager_v1")
        }
    }

    fileprivate func bind(_ registry: OpaquePointer?, name: UInt32) {
        manager = wl_registry_bind(registry, name, segue_client_segue_transition_manager_v1_interface(), 2).map(OpaquePointer.init)
        segue_transition_manager_v1_add_listener(manager, managerEventsListener, listenerData(self))
    }

    fileprivate func toplevel(_ id: UInt32, appID: String) {
        if !open.contains(id) { open.append(id) }
        appIDs[id] = appID
    }

    fileprivate func toplevelClosed(_ id: UInt32) {
        open.removeAll { $0 == id }
        closed.append(id)
    }

    func showWindow(_ id: UInt32) -> TransitionEvents {
        let events = TransitionEvents(proxy: segue_transition_manager_v1_show_window(manager, id)!)
        transitions.append(events)
        return events
    }
}

/// What one segue_transition_v1 was sent.
private final class TransitionEvents {
    let proxy: OpaquePointer
    var started = false
    var outcome: UInt32?
    var frames: UInt32 = 0
    var lateFrames: UInt32 = 0
    var times: [UInt32] = []
    var doneCount = 0

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        segue_transition_v1_add_listener(proxy, transitionEventsListener, listenerData(self))
    }
}

private nonisolated(unsafe) let managerClientRegistryListener = fixedListener(wl_registry_listener(
    global: { data, registry, name, interface, _ in
        guard String(cString: interface!) == "segue_transition_manager_v1" else { return }
        (listenerObject(data) as ManagerClient).bind(registry, name: name)
    },
    global_remove: { _, _, _ in }
))

private nonisolated(unsafe) let managerEventsListener = fixedListener(segue_transition_manager_v1_listener(
    toplevel: { data, _, id, appID, _ in
        (listenerObject(data) as ManagerClient).toplevel(id, appID: appID.map { String(cString: $0) } ?? "")
    },
    toplevel_closed: { data, _, id in (listenerObject(data) as ManagerClient).toplevelClosed(id) }
))

private nonisolated(unsafe) let transitionEventsListener = fixedListener(segue_transition_v1_listener(
    started: { data, _, _, _, _ in (listenerObject(data) as TransitionEvents).started = true },
    done: { data, _, outcome, frames, late, firstHi, firstLo, firstNsec, lastHi, lastLo, lastNsec in
        let events: TransitionEvents = listenerObject(data)
        events.outcome = outcome
        events.frames = frames
        events.lateFrames = late
        events.times = [firstHi, firstLo, firstNsec, lastHi, lastLo, lastNsec]
        events.doneCount += 1
    }
))
