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
        _ = try server.openWindows(fills, of: client)
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

    private var switches: Int { server.compositor.history.filter { $0.event == .switch }.count }

    func testTwoTabsWithAltHeldSwitchOnceToTheThirdMostRecentWindow() throws {
        press(alt)
        tap(tab)
        XCTAssertEqual(server.compositor.navigation.switcher.selection?.id, 3, "blue, the second most recent")
        tap(tab)
        XCTAssertEqual(server.compositor.navigation.switcher.selection?.id, 2, "then green")
        XCTAssertFalse(server.compositor.output.isAnimating, "nothing plays while held")
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

    func testAQuickTapGoesBackToTheWindowShownBefore() throws {
        press(alt)
        tap(tab)
        press(alt, false)
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, fills[2], "blue")
        XCTAssertEqual(switches, 1)
    }
}
