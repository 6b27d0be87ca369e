import CWaylandClient
import Foundation
import Glibc
import SegueClientSupport
import SegueImaging
import XCTest

/// ext-data-control-v1, wlr-data-control's successor under the ext_ names,
/// with a client of our own (Debian 12's wl-clipboard speaks only wlr's): a
/// device hears the window's copy with its mime types and has its data
/// written, hears the primary selection from version 1, and a source set
/// twice is used_source.
final class ExtDataControlTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    private func privilegedClient() throws -> (RawClient, OpaquePointer) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let manager = try XCTUnwrap(client.bind(global: "ext_data_control_manager_v1", segue_client_ext_data_control_manager_v1_interface(),
                                                version: 1))
        return (client, manager)
    }

    func testADeviceHearsTheWindowsCopyAndReadsIt() throws {
        let (client, manager) = try privilegedClient()
        let control = ControlDevice()
        let device = try XCTUnwrap(ext_data_control_manager_v1_get_data_device(manager, client.seat))
        ext_data_control_device_v1_add_listener(device, controlDeviceListener, listenerData(control))
        client.listenedTo.append(control)
        XCTAssertTrue(client.dispatch { control.selections >= 1 && control.primarySelections >= 1 }, "both told as it joins, empty")

        let window = client.makeDataDevice()
        let keyboard = client.makeKeyboard()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 120, 0)), on: toplevel.surface)
        XCTAssertTrue(client.dispatch { keyboard.focusChanges.last == .enter(toplevel.surface) })
        let source = client.makeDataSource(offering: ["text/plain;charset=utf-8"], data: "copied in a window")
        wl_data_device_set_selection(window.device, source.source, 0)
        XCTAssertTrue(client.dispatch { control.offered.last == ["text/plain;charset=utf-8"] && control.selection != nil })
        var pipe: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        ext_data_control_offer_v1_receive(try XCTUnwrap(control.selection), "text/plain;charset=utf-8", pipe[1])
        close(pipe[1])
        // Read without blocking: the window writes only while the client dispatches.
        _ = fcntl(pipe[0], F_SETFL, O_NONBLOCK)
        var bytes = [UInt8](repeating: 0, count: 64), text = ""
        // The window's source writes while the client dispatches.
        XCTAssertTrue(client.dispatch {
            let count = Glibc.read(pipe[0], &bytes, bytes.count)
            if count > 0 { text += String(decoding: bytes[0..<count], as: UTF8.self) }
            return count == 0
        })
        close(pipe[0])
        XCTAssertEqual(text, "copied in a window")
    }

    func testASourceSetTwiceIsUsedSource() throws {
        let (client, manager) = try privilegedClient()
        let device = try XCTUnwrap(ext_data_control_manager_v1_get_data_device(manager, client.seat))
        let source = try XCTUnwrap(ext_data_control_manager_v1_create_data_source(manager))
        ext_data_control_source_v1_offer(source, "text/plain")
        ext_data_control_device_v1_set_selection(device, source)
        ext_data_control_device_v1_set_primary_selection(device, source)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "ext_data_control_device_v1", code: 1))
        XCTAssertNoThrow(try compositor.windows(), "Segue serves on")
    }
}

/// What an ext_data_control_device_v1 heard: each offer's mime types, and the selections named.
private final class ControlDevice {
    var offered: [[String]] = []
    var offers: [OpaquePointer: Int] = [:]
    var selection: OpaquePointer?
    var selections = 0, primarySelections = 0
}

private nonisolated(unsafe) let controlDeviceListener = fixedListener(ext_data_control_device_v1_listener(
    data_offer: { data, _, offer in
        guard let offer else { return }
        let device = listenerObject(data) as ControlDevice
        device.offers[offer] = device.offered.count
        device.offered.append([])
        ext_data_control_offer_v1_add_listener(offer, controlOfferListener, data)
    },
    selection: { data, _, offer in
        let device = listenerObject(data) as ControlDevice
        device.selection = offer
        device.selections += 1
    },
    finished: { _, _ in },
    primary_selection: { data, _, _ in (listenerObject(data) as ControlDevice).primarySelections += 1 }
))

/// An offer's listener data is its device's: the offer's mime types go to the device's list for it.
private nonisolated(unsafe) let controlOfferListener = fixedListener(ext_data_control_offer_v1_listener(
    offer: { data, offer, mimeType in
        let device = listenerObject(data) as ControlDevice
        guard let offer, let index = device.offers[offer], let mimeType else { return }
        device.offered[index].append(String(cString: mimeType))
    }
))
