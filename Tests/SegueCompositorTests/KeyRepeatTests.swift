@testable import SegueShell
import XCTest

/// How held keys repeat in clients (wl_keyboard.repeat_info): as the config's
/// `[keys]` says, else as the backend's seat reports (a nested parent's, the
/// session's), else 25 a second after 600 ms; every keyboard hears a change.
final class KeyRepeatTests: XCTestCase {
    func testTheConfigWinsOverTheBackendsSeatAndAReloadHandsItBack() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 320, height: 180,
                                             config: "[keys]\nrepeat-rate = 40\nrepeat-delay = 250\n")
        defer { server.stop() }
        let client = try server.connect()
        let keyboard = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.keyRepeat, [40, 250])

        // The parent's seat says 10 after 500 ms: the config still decides.
        server.inject(.keyRepeat(rate: 10, delay: 500))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.keyRepeat, [40, 250])

        // Only the delay in the config: the rate is the parent's.
        try server.rewriteConfig("[keys]\nrepeat-delay = 300\n")
        try server.compositor.perform(.reload)
        XCTAssertTrue(client.dispatch { keyboard.keyRepeat == [10, 300] }, "\(keyboard.keyRepeat)")

        // Nothing in the config: all the parent's, also for a keyboard made later.
        try server.rewriteConfig("")
        try server.compositor.perform(.reload)
        XCTAssertTrue(client.dispatch { keyboard.keyRepeat == [10, 500] }, "\(keyboard.keyRepeat)")
        let later = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(later.keyRepeat, [10, 500])
    }

    func testWithoutConfigOrParentKeysRepeat25ASecondAfter600Milliseconds() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 320, height: 180)
        defer { server.stop() }
        let client = try server.connect()
        let keyboard = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.keyRepeat, [25, 600])
    }
}
