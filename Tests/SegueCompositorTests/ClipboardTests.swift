import CWaylandClient
import Glibc
import SegueImaging
import XCTest

/// The selections (wl_data_device's, and the primary selection): what a
/// window selects or copies is offered to each window that gets the
/// keyboard, and its data flows between the two clients. A client in the
/// background cannot replace the clipboard; it may replace the primary
/// selection, as GTK needs.
final class ClipboardTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 640, height = 360

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
    }

    override func tearDown() {
        server?.stop()
    }

    func testTheFocusedWindowsSelectionReachesTheNextWindowWithItsData() throws {
        let (copier, copierDevice) = try shownWindow(RGBA(0, 120, 0))
        let source = copier.makeDataSource(offering: ["text/plain;charset=utf-8", "TEXT"], data: "copied in one, pasted in two")
        wl_data_device_set_selection(copierDevice.device, source.source, 0)
        XCTAssertTrue(copier.roundtrip())

        let (paster, pasterDevice) = try shownWindow(RGBA(0, 0, 160))
        XCTAssertTrue(paster.dispatch { pasterDevice.selections.last != nil })
        XCTAssertEqual(pasterDevice.selections.last, ["text/plain;charset=utf-8", "TEXT"])
        let fd = try XCTUnwrap(pasterDevice.receive("text/plain;charset=utf-8"))
        defer { close(fd) }
        XCTAssertTrue(paster.roundtrip())
        XCTAssertTrue(copier.roundtrip(), "the copier is asked for the data")
        XCTAssertEqual(read(fd), "copied in one, pasted in two")
    }

    func testABackgroundClientCannotReplaceTheSelection() throws {
        let (background, backgroundDevice) = try shownWindow(RGBA(0, 120, 0))
        let (front, frontDevice) = try shownWindow(RGBA(0, 0, 160))
        let copied = front.makeDataSource(offering: ["text/plain"])
        wl_data_device_set_selection(frontDevice.device, copied.source, 0)
        XCTAssertTrue(front.dispatch { frontDevice.selections.last == ["text/plain"] })

        let intruder = background.makeDataSource(offering: ["text/uri-list"])
        wl_data_device_set_selection(backgroundDevice.device, intruder.source, 0)
        wl_data_device_set_selection(backgroundDevice.device, nil, 0)
        XCTAssertTrue(background.roundtrip(), "refused, not an error")
        XCTAssertTrue(intruder.cancelled, "and told so")
        XCTAssertTrue(front.roundtrip())
        XCTAssertEqual(frontDevice.selections.last, ["text/plain"], "what the focused window copied stays")
        XCTAssertFalse(copied.cancelled)
    }

    func testASelectionOffersAtMost64MimeTypesOfAtMost255Bytes() throws {
        let (copier, copierDevice) = try shownWindow(RGBA(0, 120, 0))
        let long = String(repeating: "x", count: 256)
        let types = [long] + (0..<100).map { "application/x-segue-\($0)" }
        let source = copier.makeDataSource(offering: types)
        wl_data_device_set_selection(copierDevice.device, source.source, 0)
        XCTAssertTrue(copier.roundtrip())

        let (paster, pasterDevice) = try shownWindow(RGBA(0, 0, 160))
        XCTAssertTrue(paster.dispatch { pasterDevice.selections.last != nil })
        XCTAssertEqual(pasterDevice.selections.last, (0..<64).map { "application/x-segue-\($0)" })
    }

    func testThePrimarySelectionReachesTheNextWindowAndAnyClientMayReplaceIt() throws {
        let (selecter, _) = try shownWindow(RGBA(0, 120, 0))
        let selecterDevice = selecter.makePrimaryDevice()
        let source = selecter.makePrimarySource(offering: ["text/plain;charset=utf-8"], data: "selected in one")
        zwp_primary_selection_device_v1_set_selection(selecterDevice.device, source.source, 0)
        XCTAssertTrue(selecter.roundtrip())

        let (paster, _) = try shownWindow(RGBA(0, 0, 160), primary: true)
        let pasterDevice = try XCTUnwrap(primaryDevices.last)
        XCTAssertTrue(paster.dispatch { pasterDevice.selections.last != nil })
        XCTAssertEqual(pasterDevice.selections.last, ["text/plain;charset=utf-8"])
        let fd = try XCTUnwrap(pasterDevice.receive("text/plain;charset=utf-8"))
        defer { close(fd) }
        XCTAssertTrue(paster.roundtrip())
        XCTAssertTrue(selecter.roundtrip(), "the selecter is asked for the data")
        XCTAssertEqual(read(fd), "selected in one")
        XCTAssertTrue(selecter.dispatch { selecterDevice.selections.count == 3 })
        XCTAssertEqual(selecterDevice.selections.last, .some(nil), "the selecter lost the keyboard: its offer is gone")

        // GTK selects text before its window has the keyboard, and drops the selection if refused.
        let later = selecter.makePrimarySource(offering: ["text/uri-list"])
        zwp_primary_selection_device_v1_set_selection(selecterDevice.device, later.source, 0)
        XCTAssertTrue(selecter.roundtrip())
        XCTAssertTrue(source.cancelled, "replaced")
        XCTAssertTrue(paster.dispatch { pasterDevice.selections.count == 2 })
        XCTAssertEqual(pasterDevice.selections.last, ["text/uri-list"], "from the client in the background")
        // The replaced selection's offer is stale: reading it gets nothing, and its cancelled source is not asked.
        let stale = try XCTUnwrap(pasterDevice.receive("text/plain;charset=utf-8", fromSelection: 0))
        defer { close(stale) }
        XCTAssertTrue(paster.roundtrip())
        XCTAssertTrue(selecter.roundtrip())
        XCTAssertEqual(read(stale), "")
    }

    // MARK: Helpers

    /// Primary selection devices made with the windows, in order.
    private var primaryDevices: [RawPrimaryDevice] = []

    /// A new client with a data device (and a primary selection device with
    /// `primary`), its window mapped, shown and focused.
    private func shownWindow(_ colour: RGBA, primary: Bool = false) throws -> (RawClient, RawDataDevice) {
        let client = try server.connect()
        let device = client.makeDataDevice()
        if primary { primaryDevices.append(client.makePrimaryDevice()) }
        let keyboard = client.makeKeyboard()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: width, height: height, fill: colour), on: toplevel.surface)
        XCTAssertTrue(client.dispatch { keyboard.focusChanges.last == .enter(toplevel.surface) }, "the new window has the keyboard")
        return (client, device)
    }
}
