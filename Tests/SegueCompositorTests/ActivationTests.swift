import CWaylandClient
import Foundation
import SegueClientSupport
import SegueIPC
import XCTest

/// xdg-activation: a token asked for by the shown window brings another window
/// forward with a switch; activation without a valid token only marks it urgent.
final class ActivationTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var client: RawClient!
    private let width: Int32 = 640, height: Int32 = 360

    override func setUpWithError() throws {
        // This test process is trusted, so it can also give tokens rectangles.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
    }

    override func tearDown() {
        client = nil
        compositor?.stop()
    }

    /// Maps a toplevel with a buffer the output's size; it opens on top and shows.
    private func mapWindow(count: Int) throws -> RawToplevel {
        let toplevel = client.makeToplevel()
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        client.attach(pool.makeBuffer(width: width, height: height, stride: width * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue),
                      to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(count)
        return toplevel
    }

    /// Commits a token, for `surface` when given, and waits for its string.
    private func token(for surface: OpaquePointer?) throws -> String {
        let token = TokenRequest()
        let proxy = xdg_activation_v1_get_activation_token(client.activation)
        xdg_activation_token_v1_add_listener(proxy, tokenListener, listenerData(token))
        if let surface { xdg_activation_token_v1_set_surface(proxy, surface) }
        xdg_activation_token_v1_commit(proxy)
        XCTAssertTrue(client.dispatch { token.value != nil })
        xdg_activation_token_v1_destroy(proxy)
        return try XCTUnwrap(token.value)
    }

    /// The shown window's id, and each window's urgency in opening order (ids 1, 2, …).
    private func shownAndUrgent() throws -> (shown: JSONValue?, urgent: [JSONValue?]) {
        let windows = try compositor.windows()
        let byID = windows.sorted { (number($0["id"]) ?? 0) < (number($1["id"]) ?? 0) }
        return (windows.first { $0["shown"] == .bool(true) }?["id"], byID.map { $0["urgent"] })
    }

    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    func testATokenFromTheShownWindowActivatesAnotherWithASwitch() throws {
        let first = try mapWindow(count: 1)
        let second = try mapWindow(count: 2)
        let token = try token(for: second.surface)
        xdg_activation_v1_activate(client.activation, token, first.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(2)
        XCTAssertEqual(try shownAndUrgent().shown, .number(1))
        XCTAssertEqual(try shownAndUrgent().urgent, [.bool(false), .bool(false)])
        let history = try compositor.send(.transitions)
        guard case .array(let entries)? = history.payload["transitions"], case .object(let last)? = entries.last else {
            return XCTFail("no transitions in \(history.payload)")
        }
        XCTAssertEqual(last["event"], .string("switch"))
        // A token is good once.
        xdg_activation_v1_activate(client.activation, token, second.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try shownAndUrgent().shown, .number(1))
        XCTAssertEqual(try shownAndUrgent().urgent, [.bool(false), .bool(true)])
    }

    private func lastTransition() throws -> [String: JSONValue] {
        let history = try compositor.send(.transitions)
        guard case .array(let entries)? = history.payload["transitions"], case .object(let last)? = entries.last else {
            throw CompositorTestError("no transitions in \(history.payload)")
        }
        return last
    }

    /// Binds segue_transition_manager_v1 on the test client's connection.
    private func bindManager() throws -> OpaquePointer {
        let found = ManagerBinding()
        let registry = wl_display_get_registry(client.display)
        wl_registry_add_listener(registry, managerRegistryListener, listenerData(found))
        XCTAssertTrue(client.roundtrip())
        return try XCTUnwrap(found.manager, "the trusted test process sees the manager")
    }

    func testATokenGivenARectangleActivatesWithZoomFromRectAndAnyOtherWithTheSwitch() throws {
        let first = try mapWindow(count: 1)
        let second = try mapWindow(count: 2)
        let manager = try bindManager()
        let withRect = try token(for: second.surface)
        segue_transition_manager_v1_set_activation_rect(manager, withRect, 40, 30, 160, 90)
        xdg_activation_v1_activate(client.activation, withRect, first.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(2)
        XCTAssertEqual(try shownAndUrgent().shown, .number(1))
        XCTAssertEqual(try lastTransition()["effect"], .string("zoom-from-rect"))

        // The rectangle went with its token: the next one plays the configured switch.
        let next = try token(for: first.surface)
        xdg_activation_v1_activate(client.activation, next, second.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(2)
        XCTAssertEqual(try shownAndUrgent().shown, .number(2))
        XCTAssertEqual(try lastTransition()["effect"], .string("slide"))
    }

    func testARectangleForAnInvalidTokenIsIgnoredAndOneOutsideTheOutputIsAProtocolError() throws {
        let first = try mapWindow(count: 1)
        _ = try mapWindow(count: 2)
        let manager = try bindManager()
        segue_transition_manager_v1_set_activation_rect(manager, "no-such-token", 0, 0, 10, 10)
        XCTAssertTrue(client.roundtrip(), "an unknown token is no error")
        let hidden = try token(for: first.surface)
        segue_transition_manager_v1_set_activation_rect(manager, hidden, 600, 300, 100, 100)
        XCTAssertFalse(client.roundtrip())
        var interface: UnsafePointer<wl_interface>?
        let code = wl_display_get_protocol_error(client.display, &interface, nil)
        XCTAssertEqual(WaylandProtocolError(interface: interface.map { String(cString: $0.pointee.name) } ?? "", code: code),
                       WaylandProtocolError(interface: "segue_transition_manager_v1", code: 1))
        XCTAssertTrue(compositor.isRunning)
    }

    func testActivationWithoutAValidTokenMarksTheWindowUrgentAndShowingItClearsThat() throws {
        let first = try mapWindow(count: 1)
        _ = try mapWindow(count: 2)
        // A token for a surface that is not shown is no token at all.
        let hidden = try token(for: first.surface)
        xdg_activation_v1_activate(client.activation, hidden, first.surface)
        xdg_activation_v1_activate(client.activation, "made-up", first.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try shownAndUrgent().shown, .number(2))
        XCTAssertEqual(try shownAndUrgent().urgent, [.bool(true), .bool(false)])
        XCTAssertTrue(try compositor.send(.switchWindow(target: .window(id: 1), effect: "crossfade", wait: true)).ok)
        XCTAssertEqual(try shownAndUrgent().urgent, [.bool(false), .bool(false)])
    }

    /// A window on a hidden workspace asking with a good token is marked, not
    /// pulled: the workspace shown stays, and so does its window.
    func testActivationOfAWindowOnAHiddenWorkspaceMarksItUrgentAndShowsNothingElse() throws {
        let first = try mapWindow(count: 1)
        let second = try mapWindow(count: 2)
        XCTAssertEqual(try compositor.send(.moveToWorkspace(.number(2), window: 2)).ok, true)
        let token = try token(for: first.surface)
        xdg_activation_v1_activate(client.activation, token, second.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try shownAndUrgent().shown, .number(1))
        XCTAssertEqual(try shownAndUrgent().urgent, [.bool(false), .bool(true)])
        let workspaces = try compositor.send(.workspaces).payload["workspaces"]
        XCTAssertEqual(workspaces, .array([.object(["number": 1, "shown": true, "windows": [1], "urgent": false]),
                                           .object(["number": 2, "shown": false, "windows": [2], "urgent": true])]))
    }

    func testCommittingATokenTwiceIsAlreadyUsed() throws {
        let proxy = xdg_activation_v1_get_activation_token(client.activation)
        xdg_activation_token_v1_commit(proxy)
        xdg_activation_token_v1_commit(proxy)
        XCTAssertFalse(client.roundtrip())
        var interface: UnsafePointer<wl_interface>?
        let code = wl_display_get_protocol_error(client.display, &interface, nil)
        XCTAssertEqual(interface.map { String(cString: $0.pointee.name) }, "xdg_activation_token_v1")
        XCTAssertEqual(code, XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED.rawValue)
        XCTAssertTrue(compositor.isRunning)
    }
}

private final class TokenRequest {
    var value: String?
}

private nonisolated(unsafe) let tokenListener = fixedListener(xdg_activation_token_v1_listener(
    done: { data, _, token in (listenerObject(data) as TokenRequest).value = token.map { String(cString: $0) } }
))

private final class ManagerBinding {
    var manager: OpaquePointer?
}

private nonisolated(unsafe) let managerRegistryListener = fixedListener(wl_registry_listener(
    global: { data, registry, name, interface, _ in
        guard String(cString: interface!) == "segue_transition_manager_v1" else { return }
        (listenerObject(data) as ManagerBinding).manager =
            wl_registry_bind(registry, name, segue_client_segue_transition_manager_v1_interface(), 1).map(OpaquePointer.init)
    },
    global_remove: { _, _, _ in }
))
