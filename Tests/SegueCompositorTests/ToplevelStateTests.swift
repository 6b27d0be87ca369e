import CWaylandClient
import SegueClientSupport
import SegueImaging
@testable import SegueShell
import XCTest

/// Stacked windows are configured maximized and tiled at the output's size,
/// so clients keep their own title bars (GTK hides its header bar when told
/// it is fullscreen); fullscreen is theirs to ask for, and to give up.
final class ToplevelStateTests: XCTestCase {
    private var server: InProcessCompositor!
    private let maximized = XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue, fullscreen = XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue
    private let tiled = [XDG_TOPLEVEL_STATE_TILED_LEFT, XDG_TOPLEVEL_STATE_TILED_RIGHT, XDG_TOPLEVEL_STATE_TILED_TOP,
                         XDG_TOPLEVEL_STATE_TILED_BOTTOM].map(\.rawValue)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
    }

    override func tearDown() {
        server?.stop()
    }

    /// A toplevel made through xdg_wm_base bound at `version`, configured once.
    private func toplevel(version: UInt32) throws -> (RawClient, RawToplevel) {
        let client = try server.connect()
        let base = try XCTUnwrap(client.bind(global: "xdg_wm_base", segue_client_xdg_wm_base_interface(), version: version))
        let toplevel = client.makeToplevel(through: base)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNotNil(toplevel.lastConfigureSerial)
        return (client, toplevel)
    }

    func testAStackedWindowIsConfiguredMaximizedAndTiledAtTheOutputsSizeNotFullscreen() throws {
        let (_, toplevel) = try toplevel(version: 5)
        XCTAssertEqual(toplevel.lastSize?.width, 640)
        XCTAssertEqual(toplevel.lastSize?.height, 360)
        XCTAssertTrue(toplevel.lastStates.contains(maximized), "\(toplevel.lastStates)")
        XCTAssertFalse(toplevel.lastStates.contains(fullscreen), "\(toplevel.lastStates)")
        XCTAssertEqual(Set(toplevel.lastStates).intersection(tiled), Set(tiled), "every edge tiled")
        XCTAssertEqual(toplevel.capabilities, [XDG_TOPLEVEL_WM_CAPABILITIES_FULLSCREEN.rawValue, XDG_TOPLEVEL_WM_CAPABILITIES_MINIMIZE.rawValue],
                       "fullscreen and minimize are acted on; maximize is not offered, as every stacked window is maximized")
    }

    func testAVersion1ToplevelHearsNoTiledStatesItDoesNotKnow() throws {
        let (_, toplevel) = try toplevel(version: 1)
        XCTAssertEqual(toplevel.lastStates.filter { $0 != XDG_TOPLEVEL_STATE_ACTIVATED.rawValue }, [maximized])
        XCTAssertNil(toplevel.capabilities)
    }

    func testFullscreenIsHonouredAndUnsettingItGoesBackToMaximized() throws {
        let (client, toplevel) = try toplevel(version: 5)
        xdg_toplevel_set_fullscreen(toplevel.toplevel, nil)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(toplevel.lastStates.contains(fullscreen), "\(toplevel.lastStates)")
        XCTAssertFalse(toplevel.lastStates.contains(maximized))
        XCTAssertTrue(Set(toplevel.lastStates).isDisjoint(with: tiled), "a fullscreen window is not tiled")
        XCTAssertEqual(toplevel.lastSize?.width, 640)

        xdg_toplevel_unset_fullscreen(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(toplevel.lastStates.contains(maximized), "\(toplevel.lastStates)")
        XCTAssertFalse(toplevel.lastStates.contains(fullscreen))
        XCTAssertEqual(toplevel.lastSize?.height, 360)
    }

    func testUnsettingMaximizedKeepsAStackedWindowMaximized() throws {
        let (client, toplevel) = try toplevel(version: 5)
        xdg_toplevel_unset_maximized(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(toplevel.lastStates.contains(maximized), "\(toplevel.lastStates)")
        XCTAssertEqual(toplevel.lastSize?.width, 640)
    }

    func testEveryToplevelIsToldToDrawItsOwnDecorationsWhateverItAsks() throws {
        let client = try server.connect()
        let manager = try XCTUnwrap(client.bind(global: "zxdg_decoration_manager_v1",
                                                segue_client_zxdg_decoration_manager_v1_interface(), version: 1))
        let modes = DecorationModes()
        var decoration: OpaquePointer?
        let toplevel = client.makeToplevel { toplevel in
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel.toplevel)
            zxdg_toplevel_decoration_v1_add_listener(decoration, decorationListener, listenerData(modes))
        }
        XCTAssertTrue(client.roundtrip())
        let client_side = ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue
        XCTAssertEqual(modes.configured, [client_side])
        let first = try XCTUnwrap(toplevel.lastConfigureSerial)
        client.ackConfigure(toplevel, serial: first)

        zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(modes.configured, [client_side, client_side], "asked for server-side, told client-side")
        XCTAssertNotEqual(toplevel.lastConfigureSerial, first, "and an xdg_surface.configure to acknowledge it by")
        zxdg_toplevel_decoration_v1_unset_mode(decoration)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(modes.configured.count, 3)
        XCTAssertNil(client.protocolError)
    }
}

/// The modes a zxdg_toplevel_decoration_v1 was configured with, in order.
final class DecorationModes {
    var configured: [UInt32] = []
}

nonisolated(unsafe) let decorationListener = fixedListener(zxdg_toplevel_decoration_v1_listener(
    configure: { data, _, mode in (listenerObject(data) as DecorationModes).configured.append(mode) }
))
