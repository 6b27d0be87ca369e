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

/// A nested `segue run` inside a Segue in this process, whose seat the test
/// presses keys and moves the pointer on: the parent's keymap, keys, pointer and
/// Alt+Tab reach the nested Segue over real Wayland, and the key reporter client
/// inside it says what it got; the two seats' clipboards and primary
/// selections are one, as the clients on either side see them.
final class NestedInputTests: XCTestCase {
    private var parent: InProcessParent!
    private var nested: Process!
    private var nestedOutput: LineCollector!
    private var clients: [Process] = []
    private var config: URL!
    private let nestedSocket = "segue-nested"
    // evdev codes.
    private let keyA: UInt32 = 30, keyTab: UInt32 = 15, keyLeftAlt: UInt32 = 56, keyLeftShift: UInt32 = 42
    private let buttonLeft: UInt32 = 0x110

    override func setUpWithError() throws {
        parent = try InProcessParent(width: 800, height: 500, layout: "de")
        config = parent.runtime.appendingPathComponent("config.toml")
        try Self.crossfades.write(to: config, atomically: true, encoding: .utf8)
        nestedOutput = LineCollector()
        nested = Process()
        nested.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent("segue")
        nested.arguments = ["run", "--backend", "wayland", "--socket", nestedSocket, "--size", "640x360", "--config", config.path]
        var environment = CompositorUnderTest.environment(runtime: parent.runtime, display: parent.socket)
        environment["XKB_DEFAULT_LAYOUT"] = "us"
        nested.environment = environment
        nested.standardOutput = nestedOutput.pipe
        let nestedErrors = LineCollector()
        nested.standardError = nestedErrors.pipe
        try nested.run()
        // One that cannot start says why and exits: no waiting out the timeout.
        parent.dispatch { nestedOutput.lines.contains("WAYLAND_DISPLAY=\(nestedSocket)") || !nested.isRunning }
        guard nestedOutput.lines.contains("WAYLAND_DISPLAY=\(nestedSocket)") else {
            let log = nestedErrors.lines.joined(separator: "\n")
            try skipIfNestedEGLCannotReachTheParent(log)
            throw CompositorTestError("the nested Segue did not start: \(log)")
        }
        XCTAssertTrue(parent.dispatch { parent.compositor.stack.windows.count == 1 && !parent.compositor.output.isAnimating },
                      "the nested Segue's window mapped on the parent")
    }

    override func tearDown() {
        for client in clients where client.isRunning { kill(client.processIdentifier, SIGKILL) }
        if let nested, nested.isRunning {
            nested.terminate()
            parent?.dispatch { !nested.isRunning }
        }
        parent?.stop()
    }

    /// Short transitions, and the default key bindings.
    private static let crossfades = """
        [transitions.open]
        effect = "crossfade"

        [transitions.switch]
        effect = "crossfade"
        """

    private var nestedControl: String { parent.runtime.appendingPathComponent("segue-\(nestedSocket).sock").path }

    /// Starts a client inside the nested Segue; its stdout lines are collected.
    /// The key reporter, then the sample client TWO over it, shown and focused:
    /// the reporter has heard its keyboard leave.
    private func reporterBehindTwo() throws -> LineCollector {
        let reporter = try launch("segue-key-reporter", ["--size", "200x100"])
        try waitForNestedWindows(1)
        _ = try launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        try waitForNestedWindows(2)
        XCTAssertTrue(parent.dispatch { reporter.lines.contains("keyboard leave") }, "\(reporter.lines)")
        return reporter
    }

    private func launch(_ executable: String, _ arguments: [String]) throws -> LineCollector {
        let output = LineCollector()
        let client = Process()
        client.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent(executable)
        client.arguments = arguments
        client.environment = CompositorUnderTest.environment(runtime: parent.runtime, display: nestedSocket)
        client.standardOutput = output.pipe
        client.standardError = FileHandle.nullDevice
        try client.run()
        clients.append(client)
        return output
    }

    private func shownTitle() throws -> String? {
        let reply = try parent.ask(nestedControl, .windows)
        guard case .array(let windows)? = reply.payload["windows"] else { return nil }
        for case .object(let window) in windows where window["shown"] == .bool(true) {
            if case .string(let title)? = window["title"] { return title }
        }
        return nil
    }

    private func waitForNestedWindows(_ count: Int) throws {
        let done = try parent.dispatch {
            let reply = try parent.ask(nestedControl, .windows)
            guard case .array(let windows)? = reply.payload["windows"] else { return false }
            return windows.count == count && reply.payload["animating"] == .bool(false)
        }
        XCTAssertTrue(done, "\(count) window(s) in the nested Segue")
    }

    private var parentSeat: Seat { parent.compositor.seat! }

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
            return reply.payload["keys"] == .object(["switch_next": "Ctrl+n", "switch_prev": "Ctrl+p", "switch_previous": .null, "close": "Alt+F4"])
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
        parent.compositor.handle(.pointerMotion(time: 1, x: 310, y: 205))
        parent.compositor.handle(.pointerMotion(time: 2, x: 320, y: 210))
        parent.compositor.handle(.pointerButton(time: 3, button: buttonLeft, pressed: true))
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
        parent.compositor.handle(.pointerMotion(time: 1, x: 400, y: 250))
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
        parent.compositor.handle(.pointerMotion(time: 1, x: 400, y: 250))
        var arrow: CursorImage?, text: CursorImage?
        XCTAssertTrue(parent.dispatch {
            if case .image(let image)? = parentCursor, arrow == nil { arrow = image }
            // ...then the one foot draws for its text, once it has answered the enter.
            if case .image(let image)? = parentCursor, let arrow, image != arrow { text = image }
            parent.compositor.handle(.pointerMotion(time: 2, x: 401, y: 250))
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

    // MARK: Selections

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
        XCTAssertTrue(parent.dispatch { parent.compositor.stack.windows.count == 2 && !parent.compositor.output.isAnimating })
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
