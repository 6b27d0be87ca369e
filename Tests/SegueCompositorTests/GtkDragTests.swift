import CWaylandClient
import Foundation
import Glibc
import SegueImaging
@testable import SegueShell
import XCTest

/// A real toolkit's drag and drop: GTK 3 drags its entry's selected text
/// out of its window onto another client's, which takes it as a move.
final class GtkDragTests: WidgetFactoryCase {
    /// Serves the compositor for `seconds`, letting GTK answer.
    private func wait(_ seconds: Double) { _ = server.serve(timeout: .milliseconds(Int(seconds * 1000))) { false } }

    func testGtkDragsItsEntrysTextOntoAnotherClientsWindow() throws {
        server = try InProcessCompositor(placement: .free, width: 1600, height: 900, config: "[transitions.open]\neffect = \"none\"\n")
        XCTAssertTrue(try startWidgetFactory(), "gtk3-widget-factory shows its window with the entry's text selected")
        wait(1)
        let target = try server.connect()
        let device = target.makeDataDevice()
        _ = try server.placedWindow(target, RGBAImage(width: 100, height: 100, fill: RGBA(200, 0, 0)), x: 1450, y: 750)
        XCTAssertTrue(target.roundtrip())

        // Pressed on the selected text, then dragged past GTK's threshold all the way to the other window.
        let from = (x: 60.0, y: 73.0), to = (x: 1500.0, y: 800.0)
        server.inject(.pointerMotion(time: 1, x: from.x, y: from.y))
        wait(0.2)
        server.inject(.pointerButton(time: 2, button: 0x110, pressed: true))
        wait(0.2)
        var accepted = false
        for step in 1...30 {
            let f = Double(step) / 30
            server.inject(.pointerMotion(time: UInt32(2 + step * 20), x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f))
            wait(0.03)
            _ = target.roundtrip()
            if !accepted, let offer = device.dragOffer {
                wl_data_offer_accept(offer, device.dragSerial, "text/plain;charset=utf-8")
                wl_data_offer_set_actions(offer, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue,
                                          WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue)
                accepted = true
            }
        }
        wait(0.3)
        XCTAssertTrue(accepted, "GTK's drag reached the other window: \(device.dragEvents.prefix(3))")
        server.inject(.pointerButton(time: 700, button: 0x110, pressed: false))
        XCTAssertTrue(target.dispatch { device.dragEvents.contains(.drop) })
        XCTAssertEqual(device.dragOfferEvents?.actions.last, WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue)

        // The text comes from GTK, which the compositor serves meanwhile.
        let fd = try XCTUnwrap(device.receiveDrag("text/plain;charset=utf-8"))
        defer { close(fd) }
        XCTAssertTrue(target.roundtrip())
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 256), ended = false
        _ = server.serve(timeout: .seconds(10)) {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count > 0 { bytes += chunk[0..<count] }
            ended = count == 0
            return ended
        }
        XCTAssertTrue(ended)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "comboboxentry", "the entry's text")
        wl_data_offer_finish(try XCTUnwrap(device.dragOffer))
        XCTAssertTrue(target.roundtrip())
    }
}
