import CWaylandClient
import Foundation
import SegueIPC
import XCTest

/// xdg-activation: a token asked for by the shown window brings another window
/// forward with a switch; activation without a valid token only marks it urgent.
final class ActivationTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var client: RawClient!
    private let width: Int32 = 640, height: Int32 = 360

    override func setUpWithError() throws {
        compositor = try CompositorUnderTest()
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

    private func shownAndUrgent() throws -> (shown: JSONValue?, urgent: [JSONValue?]) {
        let windows = try compositor.windows()
        return (windows.first { $0["shown"] == .bool(true) }?["id"], windows.map { $0["urgent"] })
    }

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
