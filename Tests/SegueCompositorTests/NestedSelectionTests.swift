import CWaylandClient
import Foundation
import SegueBackend
import SegueCompositor
import SegueHeadless
@testable import SegueShell
@testable import SegueWayland
import SegueImaging
import SegueIPC
import XCTest

/// The two seats' clipboards and primary selections are one, as clients on either side see them (`NestedSegueCase`).
final class NestedSelectionTests: NestedSegueCase {
    func testWhatANestedClientCopiesIsPastedOnTheParentAndStaysItsOwn() throws {
        let (inside, insideDevice) = try nestedWindowWithDataDevice()
        let copied = inside.makeDataSource(offering: ["text/plain;charset=utf-8", "TEXT"], data: "copied inside")
        wl_data_device_set_selection(insideDevice.device, copied.source, 0)
        XCTAssertTrue(inside.roundtrip())
        XCTAssertTrue(parent.dispatch { parentSeat.clipboard.selection != nil }, "offered on the parent")

        // A window of the parent's own, shown over the nested Segue, pastes it.
        let outside = try parent.connect()
        let outsideDevice = outside.makeDataDevice()
        try showParentWindow(of: outside)
        XCTAssertTrue(outside.dispatch { outsideDevice.selections.last != nil })
        // With a type of the nested Segue's own, by which it knows its selection when it comes back.
        let offered = try XCTUnwrap(outsideDevice.selections.last ?? nil)
        XCTAssertEqual(offered.dropLast(), ["text/plain;charset=utf-8", "TEXT"])
        XCTAssertEqual(offered.last?.hasPrefix("application/x-segue-selection-"), true, "\(offered)")
        let fd = try XCTUnwrap(outsideDevice.receive("text/plain;charset=utf-8"))
        XCTAssertEqual(read(fd, serving: [outside, inside]), "copied inside")
        // The parent told the nested Segue of its own selection: that changed nothing inside.
        XCTAssertTrue(inside.roundtrip())
        XCTAssertFalse(copied.cancelled)
        XCTAssertEqual(insideDevice.selections.compactMap { $0 }, [["text/plain;charset=utf-8", "TEXT"]])
    }

    func testWhatTheParentHoldsIsPastedInsideOnceTheNestedSegueHasTheKeyboard() throws {
        let (inside, insideDevice) = try nestedWindowWithDataDevice()
        let outside = try parent.connect()
        let outsideDevice = outside.makeDataDevice()
        let toplevel = try showParentWindow(of: outside)
        let copied = outside.makeDataSource(offering: ["text/plain"], data: "copied outside")
        wl_data_device_set_selection(outsideDevice.device, copied.source, 0)
        XCTAssertTrue(outside.roundtrip())

        // The parent's window goes: the nested Segue has the keyboard again, and hears of the selection.
        XCTAssertTrue(uncover(toplevel, of: outside, until: inside) { insideDevice.selections.last == ["text/plain"] }, "\(insideDevice.selections)")
        let fd = try XCTUnwrap(insideDevice.receive("text/plain"))
        XCTAssertEqual(read(fd, serving: [inside, outside]), "copied outside")
    }

    func testASelectionGoneOnEitherSideIsGoneOnTheOther() throws {
        let (inside, insideDevice) = try nestedWindowWithDataDevice()
        let copied = inside.makeDataSource(offering: ["text/plain"], data: "inside")
        wl_data_device_set_selection(insideDevice.device, copied.source, 0)
        XCTAssertTrue(inside.roundtrip())
        XCTAssertTrue(parent.dispatch { parentSeat.clipboard.selection != nil })
        // The copying client goes away with its selection: the parent holds nothing either.
        wl_data_source_destroy(copied.source)
        XCTAssertTrue(inside.roundtrip())
        XCTAssertTrue(parent.dispatch { parentSeat.clipboard.selection == nil })

        // The parent's selection, seen inside, goes with its source there.
        let outside = try parent.connect()
        let outsideDevice = outside.makeDataDevice()
        let toplevel = try showParentWindow(of: outside)
        let fromOutside = outside.makeDataSource(offering: ["text/plain"], data: "outside")
        wl_data_device_set_selection(outsideDevice.device, fromOutside.source, 0)
        XCTAssertTrue(uncover(toplevel, of: outside, until: inside) { insideDevice.selections.last == ["text/plain"] }, "\(insideDevice.selections)")
        wl_data_source_destroy(fromOutside.source)
        XCTAssertTrue(outside.roundtrip())
        XCTAssertTrue(parent.dispatch {
            _ = inside.roundtrip()
            return insideDevice.selections.last == .some(nil)
        }, "\(insideDevice.selections)")
    }

    func testACopyInsideThatTheParentRefusedLeavesTheParentsNextSelectionToPaste() throws {
        let (inside, insideDevice) = try nestedWindowWithDataDevice()
        let outside = try parent.connect()
        let outsideDevice = outside.makeDataDevice()
        let toplevel = try showParentWindow(of: outside)
        // The nested Segue's window is covered: the parent refuses what it offers.
        let refused = inside.makeDataSource(offering: ["text/plain"], data: "refused")
        wl_data_device_set_selection(insideDevice.device, refused.source, 0)
        XCTAssertTrue(inside.roundtrip())
        // Time for the nested Segue to offer it, and for the parent to refuse it.
        parent.dispatch(timeout: 0.3) { !inside.roundtrip() }
        XCTAssertNil(parentSeat.clipboard.selection)

        let newest = outside.makeDataSource(offering: ["text/plain"], data: "newest, outside")
        wl_data_device_set_selection(outsideDevice.device, newest.source, 0)
        XCTAssertTrue(uncover(toplevel, of: outside, until: inside) { refused.cancelled }, "what the parent holds replaces it inside")
        XCTAssertEqual(read(try XCTUnwrap(insideDevice.receive("text/plain")), serving: [inside, outside]), "newest, outside")
    }

    func testThePrimarySelectionCrossesBothWays() throws {
        let (inside, _) = try nestedWindowWithDataDevice()
        let insideDevice = inside.makePrimaryDevice()
        let selected = inside.makePrimarySource(offering: ["text/plain"], data: "selected inside")
        zwp_primary_selection_device_v1_set_selection(insideDevice.device, selected.source, 0)
        XCTAssertTrue(inside.roundtrip())
        XCTAssertTrue(parent.dispatch { parentSeat.primarySelection.selection != nil }, "offered on the parent")

        let outside = try parent.connect()
        let outsideDevice = outside.makePrimaryDevice()
        let toplevel = try showParentWindow(of: outside)
        XCTAssertTrue(outside.dispatch { outsideDevice.selections.last??.first == "text/plain" }, "\(outsideDevice.selections)")
        XCTAssertEqual(read(try XCTUnwrap(outsideDevice.receive("text/plain")), serving: [outside, inside]), "selected inside")

        let reselected = outside.makePrimarySource(offering: ["text/plain", "UTF8_STRING"], data: "selected outside")
        zwp_primary_selection_device_v1_set_selection(outsideDevice.device, reselected.source, 0)
        XCTAssertTrue(outside.roundtrip())
        XCTAssertTrue(uncover(toplevel, of: outside, until: inside) { insideDevice.selections.last == ["text/plain", "UTF8_STRING"] }, "\(insideDevice.selections)")
        XCTAssertTrue(selected.cancelled, "replaced by what was selected outside")
        XCTAssertEqual(read(try XCTUnwrap(insideDevice.receive("text/plain")), serving: [inside, outside]), "selected outside")
    }

    /// A raw client inside the nested Segue, its window shown there with the keyboard, and its data device.
    private func nestedWindowWithDataDevice() throws -> (RawClient, RawDataDevice) {
        let path = parent.runtime.appendingPathComponent(nestedSocket).path
        let client = try RawClient(socket: path) { [unowned parent] in parent!.serveOnce() }
        let device = client.makeDataDevice()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 800, height: 500, fill: RGBA(0, 120, 0)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        try waitForNestedWindows(1)
        return (client, device)
    }

    /// Unmaps the parent's window `toplevel` of `outside`: the nested Segue has
    /// the keyboard again. Whether `heard` then holds for `inside`, within the time.
    private func uncover(_ toplevel: RawToplevel, of outside: RawClient, until inside: RawClient, heard: () -> Bool) -> Bool {
        wl_surface_attach(toplevel.surface, nil, 0, 0)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(outside.roundtrip())
        return parent.dispatch {
            _ = inside.roundtrip()
            return heard()
        }
    }

    /// A window of `client`'s on the parent, shown over the nested Segue's and given the keyboard.
    @discardableResult
    private func showParentWindow(of client: RawClient) throws -> RawToplevel {
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 800, height: 500, fill: RGBA(0, 0, 160)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(parent.dispatch { parent.compositor.stack.windows.count == 2 && !parent.compositor.navigation.isAnimating })
        return toplevel
    }

    /// All `fd` gives until its writer closes it, the clients served meanwhile; `fd` is closed after.
    private func read(_ fd: Int32, serving clients: [RawClient]) -> String {
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        var ended = false
        parent.dispatch(timeout: 10) {
            for client in clients { _ = client.roundtrip() }
            while true {
                let count = Glibc.read(fd, &chunk, chunk.count)
                if count > 0 { bytes += chunk[0..<count]; continue }
                ended = count == 0
                return ended
            }
        }
        XCTAssertTrue(ended, "the writer closed the pipe")
        return String(decoding: bytes, as: UTF8.self)
    }
}
