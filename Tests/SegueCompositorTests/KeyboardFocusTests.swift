import CWaylandClient
import Foundation
import SegueIPC
import XCTest

/// Keyboard focus follows the shown window: a client hears enter when its window
/// shows and leave when another one covers it.
final class KeyboardFocusTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func setUpWithError() throws {
        compositor = try CompositorUnderTest()
    }

    override func tearDown() {
        compositor?.stop()
    }

    func testFocusLeavesForANewWindowAndReturnsWhenSwitchedBack() throws {
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let keyboard = client.makeKeyboard()
        let toplevel = client.makeToplevel()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.keymapFormat, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
        XCTAssertGreaterThan(keyboard.keymapSize, 0)
        XCTAssertEqual(keyboard.focusChanges, [], "no window is shown yet")

        // A buffer the output's size, so the window maps and shows.
        let width: Int32 = 640, height: Int32 = 360
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        client.attach(pool.makeBuffer(width: width, height: height, stride: width * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue),
                      to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        XCTAssertTrue(client.dispatch { !keyboard.focusChanges.isEmpty })
        XCTAssertEqual(keyboard.focusChanges, [.enter(toplevel.surface)])

        try compositor.launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        _ = try compositor.waitForWindows(2)
        XCTAssertTrue(client.dispatch { keyboard.focusChanges.count >= 2 })
        XCTAssertEqual(keyboard.focusChanges, [.enter(toplevel.surface), .leave(toplevel.surface)])

        let reply = try compositor.send(.switchWindow(target: .prev, effect: "crossfade", wait: true))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        XCTAssertTrue(client.dispatch { keyboard.focusChanges.count >= 3 })
        XCTAssertEqual(keyboard.focusChanges, [.enter(toplevel.surface), .leave(toplevel.surface), .enter(toplevel.surface)])
    }
}
