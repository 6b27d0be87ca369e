import CXCB
import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// X11 programs get a display: Segue holds it from the start (DISPLAY for
/// the programs it starts) and starts Xwayland only when the first X11
/// client connects; Xwayland is trusted with nothing; killed, the next
/// client starts it again; and no socket or lock is left once Segue stops.
/// The X11 client is Debian's xdpyinfo.
final class XwaylandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        _ = try installedProgram("Xwayland")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-xwayland-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A compositor whose config trusts every client, so that Xwayland's
    /// lack of privileges is its own and not the default's.
    private func start(_ extra: String = "") throws -> CompositorUnderTest {
        let config = folder.appendingPathComponent("segue.toml")
        try "[protocol]\nprivileged = \"all\"\n\(extra)".write(to: config, atomically: true, encoding: .utf8)
        return try CompositorUnderTest(arguments: ["--config", config.path])
    }

    /// The DISPLAY a program the compositor starts finds; "" where none.
    private func spawnedDisplay(_ compositor: CompositorUnderTest) throws -> String {
        let file = folder.appendingPathComponent("display-\(UUID().uuidString.prefix(4))")
        XCTAssertTrue(try compositor.send(.spawn(argv: ["sh", "-c", "printf '%s' \"${DISPLAY:-}\" > \(file.path).part && mv \(file.path).part \(file.path)"])).ok)
        XCTAssertTrue(compositor.waitUntil { FileManager.default.fileExists(atPath: file.path) })
        return try String(contentsOf: file, encoding: .utf8)
    }

    private func xwaylandClients(_ compositor: CompositorUnderTest) throws -> [[String: JSONValue]] {
        guard case .array(let clients)? = try compositor.send(.clients).payload["clients"] else { return [] }
        return clients.compactMap { client -> [String: JSONValue]? in
            guard case .object(let fields) = client, case .string(let executable)? = fields["executable"],
                  executable.hasSuffix("/Xwayland") else { return nil }
            return fields
        }
    }

    /// An X11 program of Debian's run to its end on `display`: its status and what it printed.
    private func run(_ program: String, _ arguments: [String], display: String) throws -> (status: Int32, output: String) {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: try installedProgram(program))
        process.arguments = arguments
        process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func xdpyinfo(_ display: String) throws -> (status: Int32, output: String) { try run("xdpyinfo", [], display: display) }

    func testXwaylandStartsOnTheFirstX11ClientServesItAndIsTrustedWithNothing() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        XCTAssertTrue(display.hasPrefix(":"), "DISPLAY for the programs Segue starts: '\(display)'")
        XCTAssertEqual(try xwaylandClients(compositor).count, 0, "no X server before an X11 client")
        let first = try xdpyinfo(display)
        XCTAssertEqual(first.status, 0)
        XCTAssertTrue(first.output.contains("name of display:    \(display)"), first.output)
        XCTAssertTrue(first.output.contains("The X.Org Foundation"), first.output)
        let xwayland = try xwaylandClients(compositor)
        XCTAssertEqual(xwayland.count, 1)
        XCTAssertEqual(xwayland.first?["privileged"], .bool(false), "privileged = \"all\" does not reach X programs through it")
        XCTAssertEqual(xwayland.first?["may_use"], .array([]))
        XCTAssertEqual(try xdpyinfo(display).status, 0, "its last client gone, it serves the next")
        XCTAssertEqual(try xwaylandClients(compositor).count, 1, "the same Xwayland")
    }

    func testAKilledXwaylandIsStartedAgainByTheNextX11Client() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        XCTAssertEqual(try xdpyinfo(display).status, 0)
        guard case .number(let pid)? = try xwaylandClients(compositor).first?["pid"] else { return XCTFail("no Xwayland running") }
        kill(pid_t(pid), SIGKILL)
        XCTAssertTrue(try compositor.waitUntil { try xwaylandClients(compositor).isEmpty })
        XCTAssertTrue(compositor.isRunning)
        XCTAssertEqual(try xdpyinfo(display).status, 0)
        guard case .number(let again)? = try xwaylandClients(compositor).first?["pid"] else { return XCTFail("Xwayland not started again") }
        XCTAssertNotEqual(again, pid)
        compositor.stop()
        XCTAssertTrue(compositor.log.contains("exited with status 137; the next X11 client starts it again"), compositor.log)
    }

    /// SIGINT, SIGTERM or SIGHUP: the socket file and the lock go with
    /// Segue, and so does the Xwayland it started.
    func testStoppingLeavesNoX11SocketOrLockAndNoXwayland() throws {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let compositor = try start()
            let display = try spawnedDisplay(compositor)
            let number = display.dropFirst()
            XCTAssertTrue(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock"))
            XCTAssertEqual(try xdpyinfo(display).status, 0)
            guard case .number(let pid)? = try xwaylandClients(compositor).first?["pid"] else { return XCTFail("no Xwayland running") }
            kill(compositor.process.processIdentifier, signal)
            compositor.process.waitUntilExit()
            XCTAssertEqual(compositor.process.terminationStatus, 0, "signal \(signal)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), "signal \(signal)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock"), "signal \(signal)")
            XCTAssertTrue(compositor.waitUntil { kill(pid_t(pid), 0) != 0 }, "Xwayland (pid \(Int(pid))) stops with it")
            compositor.stop()
        }
    }

    /// Segue is Xwayland's window manager: programs find it by EWMH's
    /// supporting-WM window, and each X window is known with its title,
    /// class and geometry, mapped when it asks, and paired with the
    /// wl_surface Xwayland shows it in.
    func testSegueManagesEachXWindowAndPairsItWithItsSurface() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        let eyes = try compositor.launch(try installedProgram("xeyes"), ["-geometry", "120x90+30+40"], environment: ["DISPLAY": display])
        var known: [String: JSONValue] = [:]
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) {
            guard case .array(let windows)? = try xwaylandClients(compositor).first?["x11_windows"] else { return false }
            // Configured to fill the output, as windows in the stack are, once it maps with a picture.
            for case .object(let window) in windows where window["class"] == .string("XEyes") && window["surface"] == .bool(true)
                && window["rect"] == .array([0, 0, 640, 360].map { .number($0) }) {
                known = window
                return true
            }
            return false
        }, "xeyes's window, paired with its surface and filling the output")
        XCTAssertEqual(known["title"], .string("xeyes"))
        XCTAssertEqual(known["instance"], .string("xeyes"))
        XCTAssertEqual(known["mapped"], .bool(true))
        XCTAssertEqual(known["override_redirect"], .bool(false))
        let check = try run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], display: display).output
        let id = try XCTUnwrap(check.split(separator: "#").last?.trimmingCharacters(in: .whitespacesAndNewlines), check)
        XCTAssertEqual(try run("xprop", ["-id", id, "_NET_WM_NAME"], display: display).output, "_NET_WM_NAME(UTF8_STRING) = \"Segue\"\n")
        guard case .number(let windowID)? = known["id"] else { return XCTFail("no id") }
        XCTAssertTrue(try run("xprop", ["-root", "_NET_CLIENT_LIST"], display: display).output.contains(String(format: "0x%x", Int(windowID))))
        eyes.terminate()
        XCTAssertTrue(try compositor.waitUntil {
            guard case .array(let windows)? = try xwaylandClients(compositor).first?["x11_windows"] else { return true }
            return windows.isEmpty
        }, "its window forgotten once destroyed")
    }

    /// xterm is a Segue window like any other: listed with its title and
    /// class, drawn filling the output (its prompt at the top left, the rest
    /// its background), the keys Segue gets typed into it (a command makes a
    /// file), and closed by `segue msg close` with its close transition.
    func testXtermIsAWindowThatTakesTypedKeysAndClosesThroughMsgClose() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        try compositor.launch(try installedProgram("xterm"), ["-bg", "#000080", "-fg", "white", "-title", "Segue's xterm", "-e", "sh"],
                              environment: ["DISPLAY": display, "PS1": "X$ "])
        let windows = try compositor.waitForWindows(1, timeout: 30)
        XCTAssertEqual(windows.first?["app_id"], .string("XTerm"))
        XCTAssertEqual(windows.first?["title"], .string("Segue's xterm"))
        let typed = folder.appendingPathComponent("typed")
        XCTAssertTrue(try compositor.send(.spawn(argv: [try installedProgram("wtype"), "touch \(typed.path)", "-k", "Return"])).ok)
        XCTAssertTrue(compositor.waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: typed.path) }, "the typed command ran in xterm")
        let navy = RGBA(0, 0, 128)
        var screen = try compositor.screenshot()
        XCTAssertTrue(compositor.waitUntil {
            screen = (try? compositor.screenshot()) ?? screen
            return (0..<40).contains { x in (0..<12).contains { y in screen[x, y] != navy } }
        }, "the prompt's text at the top left")
        for (x, y) in [(639, 359), (320, 300), (600, 20), (20, 340)] { XCTAssertEqual(screen[x, y], navy, "(\(x), \(y)): xterm's background") }
        let closed = try compositor.msg(["close", "--wait"])
        XCTAssertEqual(closed.status, 0, closed.stderr)
        XCTAssertTrue(closed.stdout.contains("closed"), closed.stdout)
        XCTAssertEqual(try compositor.windows().count, 0)
    }

    /// A switch from xterm to a Wayland window slides between the two, each
    /// upright mid-way: xterm's lines at its top left, the sample client's
    /// marker at its own.
    func testASwitchBetweenAnXWindowAndAWaylandWindowShowsBothUprightMidWay() throws {
        let frames = folder.appendingPathComponent("frames")
        let config = folder.appendingPathComponent("segue.toml")
        try "[transitions.switch]\neffect = \"slide\"\nduration = \"600ms\"\neasing = \"linear\"\n".write(to: config, atomically: true, encoding: .utf8)
        let compositor = try CompositorUnderTest(arguments: ["--config", config.path, "--record", frames.path])
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        // Lines of zeros along its top, its background below.
        try compositor.launch(try installedProgram("xterm"), ["-bg", "#000080", "-fg", "white", "-e", "sh", "-c", "printf '%0300d' 0; exec sh"],
                              environment: ["DISPLAY": display])
        _ = try compositor.waitForWindows(2, timeout: 30)
        XCTAssertTrue(compositor.waitUntil {
            guard let shot = try? compositor.screenshot() else { return false }
            return (0..<40).contains { x in (0..<12).contains { y in shot[x, y] != RGBA(0, 0, 128) } }
        }, "xterm's first line drawn")
        let switched = try compositor.msg(["switch", "previous", "--wait"])
        XCTAssertEqual(switched.status, 0, switched.stderr)
        compositor.stop()
        let folders = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix("-slide") }
        let slide = frames.appendingPathComponent(try XCTUnwrap(folders.first, "the switch recorded"))
        let shots = try FileManager.default.contentsOfDirectory(atPath: slide.path).sorted()
        let mid = try PNG.read(path: slide.appendingPathComponent(shots[shots.count / 2]).path)
        let blue = RGBA(0x25, 0x63, 0xeb), navy = RGBA(0, 0, 128)
        let one = try XCTUnwrap(SampleClientPicture.bounds(of: blue, in: mid), "the Wayland window mid-way")
        XCTAssertTrue((100...540).contains(one.x), "both windows on screen mid-way: ONE from x = \(one.x)")
        SampleClientPicture.assertShown(blue, in: mid, x: one.x, y: 0, width: 640 - one.x, height: 360, marker: 36, "ONE mid-way")
        let inXterm = 0..<min(one.x, 120)
        XCTAssertTrue(inXterm.contains { x in (0..<12).contains { y in mid[x, y] != navy } }, "xterm's lines at its top left")
        XCTAssertTrue(inXterm.allSatisfy { x in (300..<360).allSatisfy { y in mid[x, y] == navy } }, "its background at its bottom left")
    }

    private func openFds(_ compositor: CompositorUnderTest) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(compositor.process.processIdentifier)/fd").count) ?? -1
    }

    /// An X client that sets a title of megabytes (not UTF-8 either), a
    /// class of garbage, a pid of the wrong format and itself as its own
    /// parent, then maps and unmaps its window a thousand times: Segue keeps
    /// running, cuts the title, and holds no more fds after than before.
    func testAnXClientsBogusPropertiesAndAThousandMapsTakeNothingDown() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        let client = try RawX11Client(display: display)
        let window = client.window()
        client.set(window, XCB_ATOM_WM_NAME.rawValue, type: XCB_ATOM_STRING.rawValue, Array(repeating: UInt8(ascii: "T"), count: 1 << 20))
        client.set(window, client.atom("_NET_WM_NAME"), type: client.atom("UTF8_STRING"), Array(repeating: 0xff, count: 1 << 20))
        client.set(window, XCB_ATOM_WM_CLASS.rawValue, type: XCB_ATOM_STRING.rawValue, [0xfe, 0xff, 0x00, 0x00, 0x00, 0x80])
        client.set(window, client.atom("_NET_WM_PID"), type: XCB_ATOM_CARDINAL.rawValue, [1, 2, 3])
        client.set(window, XCB_ATOM_WM_TRANSIENT_FOR.rawValue, type: XCB_ATOM_WINDOW.rawValue, format: 32,
                   withUnsafeBytes(of: window) { Array($0) })
        client.map(window)
        client.sync()
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) { try compositor.windows().count == 1 }, "its window opens")
        let title = try XCTUnwrap(try compositor.windows().first?["title"].flatMap { if case .string(let s) = $0 { s } else { nil } })
        XCTAssertLessThanOrEqual(title.utf8.count, 3 << 16, "read no further than 64 KiB")
        let before = openFds(compositor)
        for round in 0..<1000 {
            client.unmap(window)
            client.map(window)
            if round % 100 == 99 { client.sync() }
        }
        client.sync()
        XCTAssertTrue(try compositor.waitUntilSettled(timeout: 60))
        XCTAssertTrue(compositor.isRunning)
        XCTAssertEqual(try compositor.windows().count, 1)
        client.destroy(window)
        client.sync()
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) { try compositor.windows().isEmpty })
        XCTAssertLessThanOrEqual(openFds(compositor), before, "no fd left behind by a thousand maps")
    }

    /// Xwayland killed while its window's open plays: the open completes,
    /// the window closes, Segue keeps running, and the next xterm starts a new Xwayland.
    func testXwaylandKilledMidTransitionLeavesSegueRunningAndTheNextXtermStartsAnother() throws {
        let compositor = try start("[transitions.open]\neffect = \"crossfade\"\nduration = \"1500ms\"\n")
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        try compositor.launch(try installedProgram("xterm"), ["-e", "sh"], environment: ["DISPLAY": display])
        _ = try compositor.waitForWindows(1, timeout: 30)
        guard case .number(let pid)? = try xwaylandClients(compositor).first?["pid"] else { return XCTFail("no Xwayland running") }
        kill(pid_t(pid), SIGKILL)
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) {
            let events = try compositor.transitions().compactMap { $0["event"] }
            return events.contains(.string("open")) && events.contains(.string("close"))
        }, "the open completed and the window closed")
        XCTAssertTrue(compositor.isRunning)
        XCTAssertEqual(try compositor.windows().count, 0)
        try compositor.launch(try installedProgram("xterm"), ["-e", "sh"], environment: ["DISPLAY": display])
        _ = try compositor.waitForWindows(1, timeout: 30)
        guard case .number(let again)? = try xwaylandClients(compositor).first?["pid"] else { return XCTFail("no new Xwayland") }
        XCTAssertNotEqual(again, pid)
    }

    /// X windows destroyed while the switcher shows them (the selected one
    /// among them): it goes on with those left, and commits to one of them.
    func testXWindowsDestroyedWhileShownInTheSwitcherLeaveItWorking() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let client = try RawX11Client(display: try spawnedDisplay(compositor))
        let windows = (0..<3).map { _ in client.window() }
        for window in windows {
            client.map(window)
            client.sync()
            _ = try compositor.waitForWindows(windows.firstIndex(of: window)! + 1, timeout: 20)
        }
        XCTAssertEqual(try compositor.msg(["switcher", "open"]).status, 0)
        // The second most recent is selected: the one mapped second, and the first with it.
        client.destroy(windows[1])
        client.destroy(windows[0])
        client.sync()
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) { try compositor.windows().count == 1 })
        let committed = try compositor.msg(["switcher", "commit"])
        XCTAssertTrue(compositor.isRunning, committed.stderr)
        XCTAssertEqual(try compositor.windows().count, 1)
        client.destroy(windows[2])
        client.sync()
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) { try compositor.windows().isEmpty })
    }

    /// A menu that places itself (override-redirect) is drawn where X puts
    /// it, over its program's window, and goes when it unmaps.
    func testAMenuThatPlacesItselfIsDrawnWhereXPutsItOverItsWindow() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let client = try RawX11Client(display: try spawnedDisplay(compositor))
        let window = client.window(colour: 0x00a000)
        client.map(window)
        client.sync()
        _ = try compositor.waitForWindows(1, timeout: 20)
        let green = RGBA(0, 0xa0, 0), red = RGBA(0xd0, 0, 0)
        XCTAssertTrue(compositor.waitUntil { (try? compositor.screenshot())?[320, 180] == green }, "the window fills the output")
        let menu = client.window(x: 50, y: 40, width: 60, height: 30, colour: 0xd00000, placesItself: true)
        client.map(menu)
        client.sync()
        var shot = try compositor.screenshot()
        XCTAssertTrue(compositor.waitUntil {
            shot = (try? compositor.screenshot()) ?? shot
            return shot[50, 40] == red
        }, "the menu on screen")
        for (x, y, colour) in [(50, 40, red), (109, 69, red), (80, 55, red), (49, 40, green), (50, 39, green), (110, 69, green),
                               (109, 70, green), (600, 300, green)] {
            XCTAssertEqual(shot[x, y], colour, "(\(x), \(y))")
        }
        client.unmap(menu)
        client.sync()
        XCTAssertTrue(compositor.waitUntil { (try? compositor.screenshot())?[80, 55] == green }, "the menu gone with its unmap")
        XCTAssertEqual(try compositor.windows().count, 1, "a menu is no window of Segue's")
    }

    /// The X rectangle Segue gave xterm's window, once it is `rect`.
    private func waitForXterm(_ compositor: CompositorUnderTest, rect: [Double]) throws -> Bool {
        try compositor.waitUntil(timeout: 20) {
            guard case .array(let windows)? = try xwaylandClients(compositor).first?["x11_windows"] else { return false }
            return windows.contains { window in
                guard case .object(let fields) = window else { return false }
                return fields["class"] == .string("XTerm") && fields["rect"] == .array(rect.map { .number($0) })
            }
        }
    }

    /// Under a bar, xterm fills the area below it; asked fullscreen through
    /// `_NET_WM_STATE` (xterm's -fullscreen), it covers the whole output, bar
    /// and all, and says so in the property Segue writes; `segue msg
    /// fullscreen --off` puts it back.
    func testAnXWindowAskingFullscreenCoversTheBarAndHearsItIs() throws {
        let compositor = try start()
        defer { compositor.stop() }
        let display = try spawnedDisplay(compositor)
        let bar = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        _ = try bar.showTopBar(height: 30, fill: RGBA(200, 0, 200), marker: RGBA(255, 255, 255))
        try compositor.launch(try installedProgram("xterm"), ["-bg", "#000080", "-e", "sh"], environment: ["DISPLAY": display])
        _ = try compositor.waitForWindows(1, timeout: 30)
        XCTAssertTrue(try waitForXterm(compositor, rect: [0, 30, 640, 330]), "below the bar")
        try compositor.launch(try installedProgram("xterm"), ["-bg", "#000080", "-fullscreen", "-e", "sh"], environment: ["DISPLAY": display])
        _ = try compositor.waitForWindows(2, timeout: 30)
        XCTAssertTrue(try waitForXterm(compositor, rect: [0, 0, 640, 360]), "over all of the output")
        XCTAssertTrue(compositor.waitUntil {
            guard let shot = try? compositor.screenshot() else { return false }
            return shot[600, 5] == RGBA(0, 0, 128) && shot[600, 350] == RGBA(0, 0, 128)
        }, "drawn over the bar")
        let ids = try run("xprop", ["-root", "_NET_ACTIVE_WINDOW"], display: display).output
        let active = try XCTUnwrap(ids.split(separator: "#").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(try run("xprop", ["-id", active, "_NET_WM_STATE"], display: display).output,
                       "_NET_WM_STATE(ATOM) = _NET_WM_STATE_FULLSCREEN\n")
        // Asked off as a taskbar asks, it goes back below the bar.
        XCTAssertEqual(try compositor.msg(["fullscreen", "--off"]).status, 0)
        XCTAssertTrue(try waitForXterm(compositor, rect: [0, 30, 640, 330]), "below the bar again")
        XCTAssertEqual(try run("xprop", ["-id", active, "_NET_WM_STATE"], display: display).output,
                       "_NET_WM_STATE(ATOM) = _NET_WM_STATE_MAXIMIZED_VERT, _NET_WM_STATE_MAXIMIZED_HORZ\n", "stacked windows are maximized")
    }

    func testWithXwaylandOffNoDisplayIsHeldUntilAReloadTurnsItOn() throws {
        let compositor = try start("[xwayland]\nenabled = false\n")
        defer { compositor.stop() }
        XCTAssertEqual(try spawnedDisplay(compositor), "")
        try "[xwayland]\nenabled = true\n".write(to: folder.appendingPathComponent("segue.toml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(try compositor.send(.reload).ok)
        let display = try spawnedDisplay(compositor)
        XCTAssertTrue(display.hasPrefix(":"))
        XCTAssertEqual(try xdpyinfo(display).status, 0)
    }
}
