import CWaylandClient
import Foundation
import Glibc
import SegueClientSupport
import SegueImaging
import XCTest

/// wlr-data-control: `wl-paste --watch` hears what a window copies, `wl-copy`
/// sets the clipboard a window then pastes, neither needing a window of its
/// own; a program Segue does not privilege gets no data control; a source
/// set twice is the error the protocol names.
final class DataControlTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    /// A window of this test process's, with the keyboard and a data device.
    private func focusedWindow() throws -> (RawClient, RawDataDevice) {
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let device = client.makeDataDevice()
        let keyboard = client.makeKeyboard()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 120, 0)), on: toplevel.surface)
        XCTAssertTrue(client.dispatch { keyboard.focusChanges.last == .enter(toplevel.surface) }, "the window has the keyboard")
        return (client, device)
    }

    func testWlPasteWatchHearsWhatTheFocusedWindowCopies() throws {
        compositor = try CompositorUnderTest(arguments: ["--trust", try installedProgram("wl-paste")])
        let watched = LineCollector()
        try compositor.launch("wl-paste", ["--watch", "cat"], output: watched.pipe.fileHandleForWriting)
        let (client, device) = try focusedWindow()
        let source = client.makeDataSource(offering: ["text/plain;charset=utf-8", "TEXT"], data: "copied in a window\n")
        wl_data_device_set_selection(device.device, source.source, 0)
        // The window answers wl-paste's request for the data while this waits.
        XCTAssertTrue(client.dispatch { watched.lines.contains("copied in a window") }, "\(watched.lines)")
    }

    func testWlCopySetsTheClipboardTheFocusedWindowPastes() throws {
        compositor = try CompositorUnderTest(arguments: ["--trust", try installedProgram("wl-copy")])
        let (client, device) = try focusedWindow()
        // In the foreground, so it is this test's process to stop, not a daemon of its own.
        try compositor.launch("wl-copy", ["--foreground", "from wl-copy"])
        XCTAssertTrue(client.dispatch { device.selections.last??.contains("text/plain;charset=utf-8") == true }, "\(device.selections)")
        let fd = try XCTUnwrap(device.receive("text/plain;charset=utf-8"))
        defer { close(fd) }
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(read(fd), "from wl-copy")
    }

    func testAProgramSegueDoesNotPrivilegeGetsNoDataControl() throws {
        compositor = try CompositorUnderTest()
        XCTAssertThrowsError(try compositor.run("wl-paste", ["--watch", "cat"])) { error in
            XCTAssertTrue("\(error)".contains("data-control"), "\(error)")
        }
    }

    func testASourceSetTwiceIsUsedSource() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let manager = try XCTUnwrap(client.bind(global: "zwlr_data_control_manager_v1",
                                                segue_client_zwlr_data_control_manager_v1_interface(), version: 2))
        let device = try XCTUnwrap(zwlr_data_control_manager_v1_get_data_device(manager, client.seat))
        let source = try XCTUnwrap(zwlr_data_control_manager_v1_create_data_source(manager))
        zwlr_data_control_source_v1_offer(source, "text/plain")
        zwlr_data_control_device_v1_set_selection(device, source)
        zwlr_data_control_device_v1_set_primary_selection(device, source)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwlr_data_control_device_v1", code: 1))
        XCTAssertNoThrow(try compositor.windows(), "Segue serves on")
    }
}
