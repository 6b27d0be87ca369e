import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// Alt+Tab held: each Tab moves the selection, most recently shown first,
/// letting go of Alt plays one switch to the selection; Escape plays none.
/// On the stepped clock, keys injected as the headless backend reports them.
final class SwitcherKeysTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var keyboard: RawKeyboard!
    private let fills = [RGBA(255, 0, 0), RGBA(0, 200, 0), RGBA(0, 0, 255), RGBA(230, 230, 0)]
    private let alt: UInt32 = 56, tab: UInt32 = 15, escape: UInt32 = 1
    private var time: UInt32 = 0
    private var toplevels: [RawToplevel] = []

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [transitions.open]
            effect = "none"
            [transitions.switch]
            effect = "crossfade"
            duration = "100ms"
            """)
        client = try server.connect()
        keyboard = client.makeKeyboard()
        // Red, green, blue, yellow open in turn: yellow is shown, then blue, green, red, most recent first.
        toplevels = try server.openWindows(fills, of: client)
    }

    override func tearDown() {
        server?.stop()
    }

    private func press(_ key: UInt32, _ pressed: Bool = true) {
        time += 10
        server.inject(.key(time: time, key: key, pressed: pressed))
    }

    private func tap(_ key: UInt32) {
        press(key)
        press(key, false)
    }

    private var switches: Int { server.compositor.control.reports.history.filter { $0.event == .switch }.count }

    func testTwoTabsWithAltHeldSwitchOnceToTheThirdMostRecentWindow() throws {
        press(alt)
        tap(tab)
        XCTAssertEqual(server.compositor.navigation.switcher.selection?.id, 3, "blue, the second most recent")
        tap(tab)
        XCTAssertEqual(server.compositor.navigation.switcher.selection?.id, 2, "then green")
        XCTAssertFalse(server.compositor.navigation.isAnimating, "nothing plays while held")
        press(alt, false)
        XCTAssertFalse(server.compositor.navigation.switcher.isHeld)
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, fills[1], "green shows")
        XCTAssertEqual(switches, 1, "one transition however many presses")
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.keys.map(\.key), [alt, alt], "Tab was the switcher's, Alt the client's")
    }

    func testEscapeLetsGoWithoutSwitching() throws {
        press(alt)
        tap(tab)
        tap(escape)
        XCTAssertFalse(server.compositor.navigation.switcher.isHeld)
        press(alt, false)
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last ?? server.presented[32, 18], fills[3], "yellow stays")
        XCTAssertEqual(switches, 0)
    }

    /// Red and blue are one app's, green and yellow another's. Alt+grave
    /// lists the shown window's app alone; `[switcher] filter = "app-id"`
    /// makes Alt+Tab do so too, and a request saying `all` lists every window.
    func testTheSameAppChordAndTheConfigsFilterListTheShownWindowsAppAlone() throws {
        for (toplevel, app) in zip(toplevels, ["org.a", "org.b", "org.a", "org.b"]) { xdg_toplevel_set_app_id(toplevel.toplevel, app) }
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.compositor.stack.shown?.appID == "org.b" })
        let grave: UInt32 = 41
        press(alt)
        tap(grave)
        XCTAssertEqual(server.compositor.navigation.switcher.windows.map(\.id), [4, 2], "yellow and green")
        tap(escape)
        press(alt, false)
        press(alt)
        tap(tab)
        XCTAssertEqual(server.compositor.navigation.switcher.windows.map(\.id), [4, 3, 2, 1], "Alt+Tab: every window")
        tap(escape)
        press(alt, false)

        try server.rewriteConfig("[transitions.open]\neffect = \"none\"\n[switcher]\nfilter = \"app-id\"\n")
        try server.compositor.perform(.reload)
        press(alt)
        tap(tab)
        XCTAssertEqual(server.compositor.navigation.switcher.windows.map(\.id), [4, 2], "the config's filter")
        tap(escape)
        press(alt, false)
        try server.compositor.perform(.switcher(.open(filter: .all)))
        XCTAssertEqual(server.compositor.navigation.switcher.windows.map(\.id), [4, 3, 2, 1], "a request's own filter")
        try server.compositor.perform(.switcher(.cancel))
    }

    func testAQuickTapGoesBackToTheWindowShownBefore() throws {
        press(alt)
        tap(tab)
        press(alt, false)
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, fills[2], "blue")
        XCTAssertEqual(switches, 1)
    }
}
