import CWaylandClient
import Glibc
import SegueImaging
@testable import SegueShell
import XCTest

/// wl_data_device.start_drag: a drag started from a held press has the
/// pointer until its release; each surface it crosses hears it enter, move
/// and leave with an offer; a release over a target that accepted a type with
/// an action drops it there, and the data flows from source to target; anything
/// else cancels it. In process, windows placed freely side by side.
final class DragAndDropTests: XCTestCase {
    private var server: InProcessCompositor!
    private let copy = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue, move = WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
    private let buttonLeft: UInt32 = 0x110

    override func setUpWithError() throws {
        server = try InProcessCompositor(width: 320, height: 180)
    }

    override func tearDown() {
        server?.stop()
    }

    /// A client whose 100×100 window is at (x, 0), with a pointer and a data device.
    private func window(x: Int) throws -> (client: RawClient, toplevel: RawToplevel, pointer: RawPointer, device: RawDataDevice) {
        let client = try server.connect()
        let pointer = client.makePointer()
        let device = client.makeDataDevice()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 100, fill: RGBA(0, 0, 160)), x: x, y: 0)
        XCTAssertTrue(client.roundtrip())
        return (client, toplevel, pointer, device)
    }

    /// Presses the left button at (x, y) over `pointer`'s client: the press's serial.
    private func press(at x: Double, _ y: Double, _ client: RawClient, _ pointer: RawPointer) throws -> UInt32 {
        server.inject(.pointerMotion(time: 1, x: x, y: y))
        server.inject(.pointerButton(time: 2, button: buttonLeft, pressed: true))
        XCTAssertTrue(client.dispatch { pointer.events.last == .button(buttonLeft, pressed: true) })
        return try XCTUnwrap(pointer.lastButtonSerial)
    }

    /// A source offering text, allowing copy and move, that writes `data`.
    private func dragSource(_ client: RawClient, data: String = "dragged") -> RawDataSource {
        let source = client.makeDataSource(offering: ["text/plain", "text/uri-list"], data: data)
        wl_data_source_set_actions(source.source, copy | move)
        return source
    }

    /// A drag of a `dragSource` from `window`, pressed at (50, 50), started.
    private func startDrag(_ window: (client: RawClient, toplevel: RawToplevel, pointer: RawPointer, device: RawDataDevice)) throws -> RawDataSource {
        let serial = try press(at: 50, 50, window.client, window.pointer)
        let source = dragSource(window.client)
        wl_data_device_start_drag(window.device.device, source.source, window.toplevel.surface, nil, serial)
        XCTAssertTrue(window.client.roundtrip())
        return source
    }

    func testADragFromOneWindowDropsOnAnotherThatTakesItAndItsDataFlows() throws {
        let from = try window(x: 0), to = try window(x: 200)
        let source = try startDrag(from)
        XCTAssertEqual(from.pointer.events.last, .leave(from.toplevel.surface), "the drag has the pointer")
        XCTAssertEqual(from.device.dragEvents, [.enter(from.toplevel.surface, x: 50, y: 50, mimeTypes: ["text/plain", "text/uri-list"])])
        XCTAssertEqual(from.device.dragOfferEvents?.sourceActions, copy | move)

        // Over the other window: the first hears it leave, the second enter and move.
        server.inject(.pointerMotion(time: 3, x: 250, y: 40))
        server.inject(.pointerMotion(time: 4, x: 260, y: 45))
        XCTAssertTrue(to.client.dispatch { to.device.dragEvents.count == 2 })
        XCTAssertEqual(to.device.dragEvents, [.enter(to.toplevel.surface, x: 50, y: 40, mimeTypes: ["text/plain", "text/uri-list"]),
                                              .motion(x: 60, y: 45)])
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(from.device.dragEvents.last, .leave)
        XCTAssertTrue(to.pointer.events.isEmpty, "its pointer hears nothing of a drag")

        // It takes text, and would rather move it.
        let offer = try XCTUnwrap(to.device.dragOffer)
        wl_data_offer_accept(offer, to.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(offer, copy | move, move)
        XCTAssertTrue(to.client.roundtrip())
        XCTAssertTrue(from.client.dispatch { source.dragEvents.contains(.action(move)) })
        XCTAssertEqual(source.dragEvents.last(where: { if case .target = $0 { true } else { false } }), .target("text/plain"))
        XCTAssertEqual(to.device.dragOfferEvents?.actions.last, move)

        server.inject(.pointerButton(time: 5, button: buttonLeft, pressed: false))
        XCTAssertTrue(to.client.dispatch { to.device.dragEvents.contains(.drop) })
        XCTAssertEqual(to.device.dragEvents.suffix(2), [.drop, .leave])
        XCTAssertTrue(to.pointer.events.contains(.enter(to.toplevel.surface, x: 60, y: 45)), "the pointer is the window's again")
        XCTAssertTrue(from.client.dispatch { source.dragEvents.contains(.dropPerformed) })
        XCTAssertFalse(source.cancelled)

        let fd = try XCTUnwrap(to.device.receiveDrag("text/plain"))
        XCTAssertTrue(to.client.roundtrip())
        XCTAssertTrue(from.client.roundtrip(), "the source is asked for the data")
        defer { close(fd) }
        XCTAssertEqual(read(fd), "dragged")
        wl_data_offer_finish(offer)
        XCTAssertTrue(to.client.roundtrip())
        XCTAssertTrue(from.client.dispatch { source.dragEvents.last == .finished })
    }

    func testAReleaseWhereNoTargetTookTheDragCancelsIt() throws {
        let from = try window(x: 0)
        let source = try startDrag(from)
        // Accepted, but no action both allow: a drop would do nothing.
        let offer = try XCTUnwrap(from.device.dragOffer)
        wl_data_offer_accept(offer, from.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(offer, WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue, 0)
        server.inject(.pointerButton(time: 5, button: buttonLeft, pressed: false))
        XCTAssertTrue(from.client.dispatch { source.cancelled })
        XCTAssertEqual(from.device.dragEvents.last, .leave)
        XCTAssertFalse(from.device.dragEvents.contains(.drop))
        XCTAssertFalse(source.dragEvents.contains(.dropPerformed))
    }

    func testADragNotStartedFromAHeldPressOfItsClientIsCancelledAtOnce() throws {
        let from = try window(x: 0), other = try window(x: 200)
        let serial = try press(at: 50, 50, from.client, from.pointer)
        // Another client answering this press, and the same client with a stale serial.
        let stolen = dragSource(other.client)
        wl_data_device_start_drag(other.device.device, stolen.source, other.toplevel.surface, nil, serial)
        let stale = dragSource(from.client)
        wl_data_device_start_drag(from.device.device, stale.source, from.toplevel.surface, nil, serial &- 1)
        XCTAssertTrue(other.client.dispatch { stolen.cancelled })
        XCTAssertTrue(from.client.dispatch { stale.cancelled })
        XCTAssertTrue(from.device.dragEvents.isEmpty)
        XCTAssertTrue(other.device.dragEvents.isEmpty)
        // Released, the press can start nothing either.
        server.inject(.pointerButton(time: 3, button: buttonLeft, pressed: false))
        XCTAssertTrue(from.client.dispatch { from.pointer.events.last == .button(buttonLeft, pressed: false) }, "the pointer stayed the window's")
        let late = dragSource(from.client)
        wl_data_device_start_drag(from.device.device, late.source, from.toplevel.surface, nil, serial)
        XCTAssertTrue(from.client.dispatch { late.cancelled })
    }

    func testASourceAlreadyTheSelectionOrBeingDraggedIsNotDraggedAgainNorCancelled() throws {
        let from = try window(x: 0)
        let selection = from.client.makeDataSource(offering: ["text/plain"])
        wl_data_device_set_selection(from.device.device, selection.source, 0)
        let dragged = try startDrag(from)
        // Neither may start another drag, and neither is cancelled for asking.
        wl_data_device_start_drag(from.device.device, selection.source, from.toplevel.surface, nil, try XCTUnwrap(from.pointer.lastButtonSerial))
        wl_data_device_start_drag(from.device.device, dragged.source, from.toplevel.surface, nil, try XCTUnwrap(from.pointer.lastButtonSerial))
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertFalse(selection.cancelled)
        XCTAssertFalse(dragged.cancelled)
        XCTAssertEqual(from.device.dragEvents.filter { if case .enter = $0 { true } else { false } }.count, 1, "one drag")
        XCTAssertTrue(server.compositor.seat?.pointer.isDragging == true)
    }

    func testAnOfferLeftBehindNoLongerSteersTheSource() throws {
        let from = try window(x: 0), to = try window(x: 200)
        let source = try startDrag(from)
        // Over the first window: it would move the data.
        let left = try XCTUnwrap(from.device.dragOffer)
        wl_data_offer_accept(left, from.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(left, copy | move, move)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.last, .action(move))
        // Over the second: nothing takes it yet, and no action.
        server.inject(.pointerMotion(time: 3, x: 250, y: 40))
        XCTAssertTrue(to.client.dispatch { !to.device.dragEvents.isEmpty })
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.suffix(2), [.target(nil), .action(0)])
        // The first window's late answers change nothing.
        wl_data_offer_accept(left, from.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(left, copy, copy)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.suffix(2), [.target(nil), .action(0)])
        // The second copies it: a drop copies.
        let taken = try XCTUnwrap(to.device.dragOffer)
        wl_data_offer_accept(taken, to.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(taken, copy, copy)
        XCTAssertTrue(to.client.roundtrip())
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(to.client.dispatch { to.device.dragEvents.contains(.drop) })
        wl_data_offer_set_actions(left, move, move)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.suffix(2), [.action(copy), .dropPerformed], "no target(NULL) after the drop, and no move")
    }

    func testAnOfferDestroyedBeforeTheReleaseTakesNoDropAndTheDragIsCancelled() throws {
        let from = try window(x: 0)
        let source = try startDrag(from)
        let offer = try XCTUnwrap(from.device.dragOffer)
        wl_data_offer_accept(offer, from.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(offer, copy, copy)
        wl_data_offer_destroy(offer)
        XCTAssertTrue(from.client.roundtrip())
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(from.client.dispatch { source.cancelled }, "the source stops waiting")
        XCTAssertFalse(from.device.dragEvents.contains(.drop))
        XCTAssertFalse(source.dragEvents.contains(.dropPerformed))
    }

    func testATargetSurfaceDestroyedMidDragHearsTheDragLeaveFirst() throws {
        let from = try window(x: 0), to = try window(x: 200)
        let child = to.client.makeSubsurface(of: to.toplevel.surface, x: 0, y: 0)
        wl_subsurface_set_desync(child.subsurface)
        try to.client.show(RGBAImage(width: 50, height: 50, fill: RGBA(0, 160, 0)), on: child.surface)
        wl_surface_commit(to.toplevel.surface)
        XCTAssertTrue(to.client.roundtrip())
        let source = try startDrag(from)
        server.inject(.pointerMotion(time: 3, x: 210, y: 10))
        XCTAssertTrue(to.client.dispatch { to.device.dragEvents.count == 1 })
        XCTAssertEqual(to.device.dragEvents, [.enter(child.surface, x: 10, y: 10, mimeTypes: ["text/plain", "text/uri-list"])])
        wl_data_offer_accept(try XCTUnwrap(to.device.dragOffer), to.device.dragSerial, "text/plain")
        wl_surface_destroy(child.surface)
        XCTAssertTrue(to.client.roundtrip())
        // It leaves, and enters the window under it there.
        XCTAssertEqual(to.device.dragEvents.dropFirst(), [.leave, .enter(to.toplevel.surface, x: 10, y: 10, mimeTypes: ["text/plain", "text/uri-list"])])
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.last(where: { if case .target = $0 { true } else { false } }), .target(nil), "nothing takes it yet")
    }

    func testAWindowRedrawingUnderAStillDragSendsNoMotion() throws {
        let from = try window(x: 0)
        _ = try startDrag(from)
        for round in 0..<3 {
            try from.client.show(RGBAImage(width: 100, height: 100, fill: RGBA(0, 0, UInt8(100 + round))), on: from.toplevel.surface)
            XCTAssertTrue(from.client.roundtrip())
            _ = try server.screen()
        }
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(from.device.dragEvents.count, 1, "the enter alone: \(from.device.dragEvents)")
    }

    func testAnAskingTargetChoosesTheActionAfterTheDropAndFinishesThen() throws {
        let from = try window(x: 0)
        let serial = try press(at: 50, 50, from.client, from.pointer)
        let source = from.client.makeDataSource(offering: ["text/plain"], data: "asked")
        let ask = WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue
        wl_data_source_set_actions(source.source, copy | move | ask)
        wl_data_device_start_drag(from.device.device, source.source, from.toplevel.surface, nil, serial)
        XCTAssertTrue(from.client.roundtrip())
        let offer = try XCTUnwrap(from.device.dragOffer)
        wl_data_offer_accept(offer, from.device.dragSerial, "text/plain")
        wl_data_offer_set_actions(offer, copy | move | ask, ask)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.last, .action(ask))
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(from.client.dispatch { source.dragEvents.contains(.dropPerformed) })
        // The user picked move, say, from a menu the target showed.
        wl_data_offer_set_actions(offer, move, move)
        wl_data_offer_finish(offer)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(source.dragEvents.suffix(3), [.dropPerformed, .action(move), .finished])
        XCTAssertEqual(from.device.dragOfferEvents?.actions.last, ask, "the offer hears no action after the drop")
    }

    func testTheDragIconsFrameCallbacksAreAnswered() throws {
        let from = try window(x: 0)
        let serial = try press(at: 50, 50, from.client, from.pointer)
        let icon = try XCTUnwrap(wl_compositor_create_surface(from.client.compositor))
        wl_data_device_start_drag(from.device.device, dragSource(from.client).source, from.toplevel.surface, icon, serial)
        let done = from.client.frameCallback(on: icon)
        try from.client.show(RGBAImage(width: 8, height: 8, fill: RGBA(200, 0, 0)), on: icon)
        XCTAssertTrue(from.client.dispatch { done.value }, "an animated icon gets its next frame")
    }

    func testADragWithNoSourceStaysWithinItsClient() throws {
        let from = try window(x: 0), other = try window(x: 200)
        let serial = try press(at: 50, 50, from.client, from.pointer)
        wl_data_device_start_drag(from.device.device, nil, from.toplevel.surface, nil, serial)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertEqual(from.device.dragEvents, [.enter(from.toplevel.surface, x: 50, y: 50, mimeTypes: nil)])
        server.inject(.pointerMotion(time: 3, x: 250, y: 40))
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(from.client.dispatch { from.device.dragEvents.last == .leave })
        XCTAssertTrue(other.client.roundtrip())
        XCTAssertTrue(other.device.dragEvents.isEmpty, "another client never hears of it")
        XCTAssertFalse(from.device.dragEvents.contains(.drop), "released over another client's window")
    }

    func testASourceDestroyedMidDragEndsItAndTheTargetHearsItLeave() throws {
        let from = try window(x: 0), to = try window(x: 200)
        let source = try startDrag(from)
        server.inject(.pointerMotion(time: 3, x: 250, y: 40))
        XCTAssertTrue(to.client.dispatch { !to.device.dragEvents.isEmpty })
        wl_data_source_destroy(source.source)
        XCTAssertTrue(from.client.roundtrip())
        XCTAssertTrue(to.client.dispatch { to.device.dragEvents.last == .leave })
        // Not a drag any more: the release goes to no one, and the pointer comes back to the window under it.
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(to.client.dispatch { to.pointer.events == [.enter(to.toplevel.surface, x: 50, y: 40)] }, "\(to.pointer.events)")
        XCTAssertFalse(to.device.dragEvents.contains(.drop))
    }

    func testTheDragsIconIsThePointersPictureUntilTheRelease() throws {
        let from = try window(x: 0)
        let serial = try press(at: 50, 50, from.client, from.pointer)
        let icon = try XCTUnwrap(wl_compositor_create_surface(from.client.compositor))
        wl_data_device_start_drag(from.device.device, dragSource(from.client).source, from.toplevel.surface, icon, serial)
        let red = RGBA(220, 0, 0), blue = RGBA(0, 0, 200)
        try from.client.show(marked(width: 16, height: 12, fill: blue, marker: red, side: 4), on: icon)
        XCTAssertTrue(from.client.roundtrip())
        guard case .image(let image) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        // Its top left at the pointer; B, G, R, A: the top-left texel red, the last one blue.
        XCTAssertEqual([image.width, image.height, image.hotspotX, image.hotspotY], [16, 12, 0, 0])
        XCTAssertEqual(Array(image.pixels[0..<4]), [0, 0, 220, 255])
        XCTAssertEqual(Array(image.pixels.suffix(4)), [200, 0, 0, 255])
        // Moved up and left of the pointer, as a client centres an icon on it.
        wl_surface_offset(icon, -8, -6)
        wl_surface_commit(icon)
        XCTAssertTrue(from.client.roundtrip())
        guard case .image(let moved) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual([moved.hotspotX, moved.hotspotY], [8, 6])

        server.inject(.pointerButton(time: 5, button: buttonLeft, pressed: false))
        XCTAssertEqual(server.backend.cursor, .standard, "the icon goes with the drag")
    }

    func testADraggedSourceTakesNoActionsAndCannotBeTheSelection() throws {
        let first = try window(x: 0)
        let late = try startDrag(first)
        wl_data_source_set_actions(late.source, copy)
        XCTAssertFalse(first.client.roundtrip())
        XCTAssertEqual(first.client.protocolError, WaylandProtocolError(interface: "wl_data_source", code: WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK.rawValue))

        server.inject(.pointerButton(time: 9, button: buttonLeft, pressed: false))
        let second = try window(x: 200)
        let serial = try press(at: 250, 50, second.client, second.pointer)
        let dragged = second.client.makeDataSource(offering: ["text/plain"])
        wl_data_device_start_drag(second.device.device, dragged.source, second.toplevel.surface, nil, serial)
        wl_data_device_set_selection(second.device.device, dragged.source, 0)
        XCTAssertFalse(second.client.roundtrip())
        XCTAssertEqual(second.client.protocolError, WaylandProtocolError(interface: "wl_data_source", code: WL_DATA_SOURCE_ERROR_INVALID_SOURCE.rawValue))
    }

    func testFinishingADragOfferBeforeItsDropIsAProtocolError() throws {
        let from = try window(x: 0)
        _ = try startDrag(from)
        wl_data_offer_finish(try XCTUnwrap(from.device.dragOffer))
        XCTAssertFalse(from.client.roundtrip())
        XCTAssertEqual(from.client.protocolError, WaylandProtocolError(interface: "wl_data_offer", code: WL_DATA_OFFER_ERROR_INVALID_FINISH.rawValue))
    }
}
