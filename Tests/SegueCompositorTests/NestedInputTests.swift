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

/// The parent's keymap, keys, pointer, cursor, key repeat and gestures in a nested Segue (`NestedSegueCase`).
final class NestedInputTests: NestedSegueCase {
    func testTheWindowIsTitledSegueAndFollowsTheParentsSize() throws {
        let window = try XCTUnwrap(parent.compositor.stack.shown)
        XCTAssertEqual(window.title, "Segue")
        XCTAssertEqual(window.appID, "segue")
        // The parent configures its windows fullscreen: the nested output takes that size, not --size.
        XCTAssertEqual(window.surface.width, 800)
        XCTAssertEqual(window.surface.height, 500)
        let reporter = try launch("segue-key-reporter", [])
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("configure 800 500") }, "\(reporter.lines)")
    }

    func testTheParentsKeymapAndKeysReachTheShownClient() throws {
        let reporter = try launch("segue-key-reporter", ["--size", "200x100"])
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("keyboard enter") }, "\(reporter.lines)")
        // The parent's German keymap, not the nested Segue's own US one.
        setenv("XKB_DEFAULT_LAYOUT", "de", 1)
        let german = try Keymap().size
        setenv("XKB_DEFAULT_LAYOUT", "us", 1)
        let american = try Keymap().size
        setenv("XKB_DEFAULT_LAYOUT", "de", 1)
        XCTAssertNotEqual(german, american)
        XCTAssertEqual(reporter.lines.last { $0.hasPrefix("keymap ") }, "keymap xkb_v1 \(german)")

        parentSeat.keyboard.key(time: 1, key: keyA, pressed: true)
        parentSeat.keyboard.key(time: 2, key: keyA, pressed: false)
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("key 30 released") }, "\(reporter.lines)")
        XCTAssertEqual(reporter.lines.filter { $0.hasPrefix("key ") }, ["key 30 pressed", "key 30 released"])
    }

    func testAltTabSwitchesWindowsAndNeverReachesClients() throws {
        let reporter = try reporterBehindTwo()
        XCTAssertEqual(try shownTitle(), "TWO")

        parentSeat.keyboard.key(time: 1, key: keyLeftAlt, pressed: true)
        parentSeat.keyboard.key(time: 2, key: keyTab, pressed: true)
        parentSeat.keyboard.key(time: 3, key: keyTab, pressed: false)
        parentSeat.keyboard.key(time: 4, key: keyLeftAlt, pressed: false)
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard enter" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(2)
        XCTAssertEqual(try shownTitle(), "key reporter")
        XCTAssertFalse(reporter.lines.contains { $0.hasPrefix("key \(keyTab) ") }, "Tab was the binding's: \(reporter.lines)")

        // A plain Tab is the client's.
        parentSeat.keyboard.key(time: 5, key: keyTab, pressed: true)
        parentSeat.keyboard.key(time: 6, key: keyTab, pressed: false)
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("key 15 released") }, "\(reporter.lines)")

        // Alt+Shift+Tab goes back.
        for (time, key, pressed) in [(7, keyLeftAlt, true), (8, keyLeftShift, true), (9, keyTab, true), (10, keyTab, false),
                                     (11, keyLeftShift, false), (12, keyLeftAlt, false)] {
            parentSeat.keyboard.key(time: UInt32(time), key: key, pressed: pressed)
        }
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard leave" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(2)
        XCTAssertEqual(try shownTitle(), "TWO")
        XCTAssertEqual(reporter.lines.filter { $0.hasPrefix("key \(keyTab) ") }, ["key 15 pressed", "key 15 released"])
    }

    /// Alt held on the parent's keyboard: each Tab steps the nested Segue's
    /// switcher, most recently shown first; letting go of Alt switches once,
    /// to the third most recent window.
    func testAltTabHeldOnTheParentStepsTheSwitcherAndSwitchesOnceOnRelease() throws {
        let reporter = try reporterBehindTwo()
        _ = try launch("segue-sample-client", ["--label", "THREE", "--color", "16a34a"])
        try waitForNestedWindows(3)
        XCTAssertEqual(try shownTitle(), "THREE")
        for (time, key, pressed) in [(1, keyLeftAlt, true), (2, keyTab, true), (3, keyTab, false), (4, keyTab, true), (5, keyTab, false)] {
            parentSeat.keyboard.key(time: UInt32(time), key: key, pressed: pressed)
        }
        // The keys reach the nested Segue through the parent meanwhile.
        _ = parent.dispatch(timeout: 0.5) { false }
        XCTAssertEqual(try shownTitle(), "THREE", "nothing switches while Alt is held")
        parentSeat.keyboard.key(time: 6, key: keyLeftAlt, pressed: false)
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard enter" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(3)
        XCTAssertEqual(try shownTitle(), "key reporter")
        let history = try parent.ask(nestedControl, .transitions)
        guard case .array(let transitions)? = history.payload["transitions"] else { return XCTFail("\(history)") }
        XCTAssertEqual(transitions.filter { if case .object(let t) = $0 { t["event"] == "switch" } else { false } }.count, 1,
                       "one switch for two presses")
    }

    func testAltF4ClosesTheShownWindowAndThePreviousOneComesBack() throws {
        let reporter = try reporterBehindTwo()
        let keyF4: UInt32 = 62
        for (time, key, pressed) in [(1, keyLeftAlt, true), (2, keyF4, true), (3, keyF4, false), (4, keyLeftAlt, false)] {
            parentSeat.keyboard.key(time: UInt32(time), key: key, pressed: pressed)
        }
        // TWO is asked to close, and does; the key reporter is shown and focused again.
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard enter" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(1)
        XCTAssertEqual(try shownTitle(), "key reporter")
        XCTAssertFalse(reporter.lines.contains { $0.hasPrefix("key \(keyF4) ") }, "F4 was the binding's: \(reporter.lines)")
    }

    func testKeyBindingsFollowTheConfigAsItIsReloaded() throws {
        let reporter = try reporterBehindTwo()
        try (Self.crossfades + "\n\n[keys]\nswitch-next = \"Ctrl+n\"\nswitch-prev = \"Ctrl+p\"\n\n[switcher]\nenabled = false\n")
            .write(to: config, atomically: true, encoding: .utf8)
        let reloaded = try parent.dispatch {
            let reply = try parent.ask(nestedControl, .config)
            guard case .object(let keys)? = reply.payload["keys"] else { return false }
            return keys["switch_next"] == "Ctrl+n" && keys["switch_prev"] == "Ctrl+p" && keys["switch_previous"] == .null && keys["close"] == "Alt+F4"
        }
        XCTAssertTrue(reloaded, "the nested Segue reloaded its config")

        // With the switcher off, Alt+Tab is an ordinary key now, for the shown TWO; Ctrl+N switches.
        let keyLeftCtrl: UInt32 = 29, keyN: UInt32 = 49
        for (key, pressed) in [(keyLeftAlt, true), (keyTab, true), (keyTab, false), (keyLeftAlt, false)] {
            parentSeat.keyboard.key(time: 1, key: key, pressed: pressed)
        }
        try waitForNestedWindows(2)
        XCTAssertEqual(try shownTitle(), "TWO")
        for (key, pressed) in [(keyLeftCtrl, true), (keyN, true), (keyN, false), (keyLeftCtrl, false)] {
            parentSeat.keyboard.key(time: 2, key: key, pressed: pressed)
        }
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard enter" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(2)
        XCTAssertEqual(try shownTitle(), "key reporter")
        XCTAssertFalse(reporter.lines.contains { $0.hasPrefix("key \(keyN) ") }, "N was the binding's: \(reporter.lines)")
    }

    func testPointerPositionsAreLocalToTheCentredShownWindow() throws {
        let reporter = try launch("segue-key-reporter", ["--size", "200x100"])
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("keyboard enter") }, "\(reporter.lines)")
        // 200×100 centred on the 800×500 output starts at (300, 200): the pointer
        // enters where it first comes over the window, then moves on it.
        parent.compositor.input.route(.pointerMotion(time: 1, x: 310, y: 205))
        parent.compositor.input.route(.pointerMotion(time: 2, x: 320, y: 210))
        parent.compositor.input.route(.pointerButton(time: 3, button: buttonLeft, pressed: true))
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("pointer button 272 pressed") }, "\(reporter.lines)")
        XCTAssertTrue(reporter.lines.contains("pointer enter 10.0 5.0"), "\(reporter.lines)")
        XCTAssertTrue(reporter.lines.contains("pointer motion 20.0 10.0"), "\(reporter.lines)")
    }

    /// The cursor the parent's own backend would show: what the nested Segue asked the parent for.
    private var parentCursor: Cursor? { (parent.compositor.output.backend as? HeadlessBackend)?.cursor }

    func testTheCursorAClientInsideAsksForIsTheOneThePointerShowsOnTheParent() throws {
        // A client in this process, on the nested Segue's socket: its waits block
        // only on the nested Segue, which needs nothing of the parent to answer.
        let client = try RawClient(socket: parent.runtime.appendingPathComponent(nestedSocket).path)
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        try waitForNestedWindows(1)
        // Entering the window, the pointer shows the nested Segue's arrow: no client asked yet.
        parent.compositor.input.route(.pointerMotion(time: 1, x: 400, y: 250))
        XCTAssertTrue(parent.dispatch { client.roundtrip() && pointer.focus != nil }, "the client was entered")
        XCTAssertTrue(parent.dispatch { if case .image? = parentCursor { true } else { false } }, "the arrow: \(String(describing: parentCursor))")

        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        try client.show(marked(width: 16, height: 12, fill: RGBA(0, 0, 200), marker: RGBA(220, 0, 0), side: 4), on: cursor)
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 3, 2)
        XCTAssertTrue(client.roundtrip())
        let expected = CursorImage(pixels: (0..<12).flatMap { y in (0..<16).flatMap { x in x < 4 && y < 4 ? [0, 0, 220, 255] : [200, 0, 0, 255] as [UInt8] } },
                                   width: 16, height: 12, scale: 1, hotspotX: 3, hotspotY: 2)
        XCTAssertTrue(parent.dispatch { parentCursor == .image(expected) }, "the client's picture and hotspot, on the parent")

        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), nil, 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(parent.dispatch { parentCursor == .hidden }, "no cursor: \(String(describing: parentCursor))")
    }

    func testFootsOwnCursorReplacesTheArrowOnTheParent() throws {
        let foot = Process()
        foot.executableURL = URL(fileURLWithPath: try installedProgram("foot"))
        foot.arguments = ["sh", "-c", "sleep 30"]
        foot.environment = CompositorUnderTest.environment(runtime: parent.runtime, display: nestedSocket)
        foot.standardOutput = FileHandle.nullDevice
        foot.standardError = FileHandle.nullDevice
        try foot.run()
        clients.append(foot)
        try waitForNestedWindows(1)
        // Over a point of the window where no client has asked yet: the nested Segue's arrow...
        parent.compositor.input.route(.pointerMotion(time: 1, x: 400, y: 250))
        var arrow: CursorImage?, text: CursorImage?
        XCTAssertTrue(parent.dispatch {
            if case .image(let image)? = parentCursor, arrow == nil { arrow = image }
            // ...then the one foot draws for its text, once it has answered the enter.
            if case .image(let image)? = parentCursor, let arrow, image != arrow { text = image }
            parent.compositor.input.route(.pointerMotion(time: 2, x: 401, y: 250))
            return text != nil
        }, "foot's cursor reached the parent: \(String(describing: parentCursor))")
        // An I-beam's hotspot is in its middle, an arrow's at its tip.
        let (tip, beam) = (try XCTUnwrap(arrow), try XCTUnwrap(text))
        XCTAssertLessThan(tip.hotspotX, tip.width / 3, "\(tip.hotspotX) of \(tip.width)")
        XCTAssertGreaterThan(beam.hotspotY, beam.height / 3, "\(beam.hotspotY) of \(beam.height)")
    }

    func testTheParentsKeyRepeatReachesClientsInside() throws {
        let client = try RawClient(socket: parent.runtime.appendingPathComponent(nestedSocket).path)
        let keyboard = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        // The session's repeat changes on the parent: the nested Segue passes it on.
        parentSeat.keyboard.setRepeat(rate: 33, delay: 444)
        XCTAssertTrue(parent.dispatch { client.roundtrip() && keyboard.keyRepeat == [33, 444] }, "\(keyboard.keyRepeat)")
    }

    func testSuperAndADragLeftOnTheParentScrubsTheNestedSegueToTheNextWindow() throws {
        let reporter = try reporterBehindTwo()
        XCTAssertEqual(try shownTitle(), "TWO")
        let keyLeftMeta: UInt32 = 125
        // Straight through the parent's seat, as for keys: the parent's own shell
        // would take a Super drag for itself.
        let nestedWindow = try XCTUnwrap(parent.compositor.stack.shown?.surface)
        parentSeat.keyboard.key(time: 1, key: keyLeftMeta, pressed: true)
        // The nested window fills the 800×500 parent; 500 pixels left is most of the way.
        parentSeat.pointer.moved(over: nestedWindow, x: 600, y: 250, time: 2)
        parentSeat.pointer.button(time: 3, button: buttonLeft, pressed: true)
        parentSeat.pointer.moved(over: nestedWindow, x: 350, y: 250, time: 4)
        parentSeat.pointer.moved(over: nestedWindow, x: 100, y: 250, time: 5)
        parentSeat.pointer.button(time: 6, button: buttonLeft, pressed: false)
        parentSeat.keyboard.key(time: 7, key: keyLeftMeta, pressed: false)
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard enter" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(2)
        XCTAssertEqual(try shownTitle(), "key reporter")
        XCTAssertFalse(reporter.lines.contains { $0.hasPrefix("pointer button") }, "the drag was the compositor's: \(reporter.lines)")
    }

    func testAThreeFingerSwipeOnTheParentsTouchpadScrubsTheNestedSegueToTheNextWindow() throws {
        let reporter = try reporterBehindTwo()
        XCTAssertEqual(try shownTitle(), "TWO")
        let nestedWindow = try XCTUnwrap(parent.compositor.stack.shown?.surface)
        parentSeat.pointer.moved(over: nestedWindow, x: 400, y: 250, time: 1)
        parentSeat.pointer.swipeBegin(time: 2, fingers: 3)
        parentSeat.pointer.swipeUpdate(time: 3, dx: -250, dy: 0)
        parentSeat.pointer.swipeUpdate(time: 4, dx: -250, dy: 0)
        parentSeat.pointer.swipeEnd(time: 5, cancelled: false)
        XCTAssertTrue(parent.dispatch { reporter.lines.filter { $0 == "keyboard enter" }.count == 2 }, "\(reporter.lines)")
        try waitForNestedWindows(2)
        XCTAssertEqual(try shownTitle(), "key reporter")
    }

    func testTheParentClosingTheWindowStopsTheNestedSegueCleanly() throws {
        _ = try launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        try waitForNestedWindows(1)
        // The nested Segue's pixels reach the parent, upright.
        let blue = RGBA(0x25, 0x63, 0xeb)
        XCTAssertTrue(parent.dispatch { parent.compositor.presented[100, 100] == blue })
        SampleClientPicture.assertShown(blue, in: parent.compositor.presented, "the parent's screen")
        try XCTUnwrap(parent.compositor.stack.shown).toplevel.sendClose()
        XCTAssertTrue(parent.dispatch(timeout: 10) { !nested.isRunning }, "the nested Segue stopped")
        XCTAssertEqual(nested.terminationReason, .exit)
        XCTAssertEqual(nested.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: parent.runtime.appendingPathComponent(nestedSocket).path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: nestedControl))
    }
}
