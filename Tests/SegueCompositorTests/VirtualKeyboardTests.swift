import CWaylandClient
import Foundation
import SegueClientSupport
import XCTest

/// zwp_virtual_keyboard_v1: wtype types into foot with its own keymap (a
/// file appears from a typed command), its chords go through Segue's key
/// bindings as a real keyboard's do, a key before any keymap is no_keymap,
/// and a wtype Segue does not privilege finds no virtual keyboard.
final class VirtualKeyboardTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-wtype-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// foot running a shell in the test's folder, shown and with the keyboard.
    private func startFoot(privileging executables: [String]) throws {
        compositor = try CompositorUnderTest(arguments: executables.flatMap { ["--trust", $0] })
        try compositor.launch("foot", ["--app-id", "segue-foot", "--working-directory", folder.path, "sh"])
        _ = try compositor.waitForWindows(1, timeout: 30)
    }

    private func waitFor(_ condition: () -> Bool, timeout: TimeInterval = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
        return true
    }

    func testWtypeTypesACommandIntoFoot() throws {
        try startFoot(privileging: [try installedProgram("wtype")])
        _ = try compositor.run("wtype", ["touch typed-by-wtype\n"])
        let typed = folder.appendingPathComponent("typed-by-wtype").path
        XCTAssertTrue(waitFor { FileManager.default.fileExists(atPath: typed) }, "foot's shell ran the typed command")
    }

    func testAVirtualKeyboardsChordGoesThroughKeyBindings() throws {
        try startFoot(privileging: [try installedProgram("wtype")])
        // Alt+F4, Segue's binding: the shown window is asked to close, and foot does.
        _ = try compositor.run("wtype", ["-M", "alt", "-k", "F4", "-m", "alt"])
        XCTAssertTrue(waitFor { (try? compositor.windows().isEmpty) == true }, "foot closed")
    }

    func testAWtypeSegueDoesNotPrivilegeFindsNoVirtualKeyboard() throws {
        try startFoot(privileging: [])
        XCTAssertThrowsError(try compositor.run("wtype", ["refused"])) { error in
            XCTAssertTrue("\(error)".contains("virtual keyboard"), "\(error)")
        }
    }

    func testAKeyBeforeAnyKeymapIsNoKeymap() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let manager = try XCTUnwrap(client.bind(global: "zwp_virtual_keyboard_manager_v1",
                                                segue_client_zwp_virtual_keyboard_manager_v1_interface(), version: 1))
        let keyboard = try XCTUnwrap(zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, client.seat))
        zwp_virtual_keyboard_v1_key(keyboard, 0, 30, 1)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwp_virtual_keyboard_v1", code: 0))
        XCTAssertNoThrow(try compositor.windows(), "Segue serves on")
    }
}
