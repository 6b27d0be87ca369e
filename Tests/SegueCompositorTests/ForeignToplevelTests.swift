import CWaylandClient
import Foundation
import SegueClientSupport
import SegueImaging
import SegueIPC
import XCTest

/// wlr-foreign-toplevel-management: a taskbar lists every window with its
/// title, app id and which one is activated; activating another plays the
/// switch transition, as every switch does; closing one asks it to close.
final class ForeignToplevelTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    /// This test process, privileged, with two windows of its own: "one", then "two", shown.
    private func twoWindows(arguments: [String] = []) throws -> (RawClient, [RawToplevel]) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable] + arguments)
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        var toplevels: [RawToplevel] = []
        for (name, colour) in [("one", RGBA(200, 0, 0)), ("two", RGBA(0, 0, 200))] {
            let toplevel = try client.makeConfiguredToplevel()
            toplevels.append(toplevel)
            xdg_toplevel_set_app_id(toplevel.toplevel, "org.example.\(name)")
            xdg_toplevel_set_title(toplevel.toplevel, "window \(name)")
            try client.show(RGBAImage(width: 640, height: 360, fill: colour), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
        }
        _ = try compositor.waitForWindows(2)
        return (client, toplevels)
    }

    /// `twoWindows` recording into a folder of their own, with `config` (layer
    /// surfaces appearing at once) in force; where the frames go.
    private func recordingTwoWindows(config: String) throws -> (RawClient, frames: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-taskbar-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml"), frames = folder.appendingPathComponent("frames")
        try (config + "[layers]\neffect = \"none\"\n").write(to: file, atomically: true, encoding: .utf8)
        let (client, _) = try twoWindows(arguments: ["--record", frames.path, "--config", file.path])
        return (client, frames)
    }

    /// The frames recorded in the first folder under `frames` whose name `matches`, in order.
    private func recorded(in frames: URL, _ matches: (String) -> Bool) throws -> [RGBAImage] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: frames.path)
        let folder = frames.appendingPathComponent(try XCTUnwrap(folders.first(where: matches), "\(folders)"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { try PNG.read(path: folder.appendingPathComponent($0).path) }
    }

    /// A taskbar of `client`'s, once it heard of `windows` windows in full.
    private func taskbar(_ client: RawClient, windows: Int = 2) throws -> Taskbar {
        let manager = try XCTUnwrap(client.bind(global: "zwlr_foreign_toplevel_manager_v1",
                                                segue_client_zwlr_foreign_toplevel_manager_v1_interface(), version: 3))
        let taskbar = Taskbar()
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, taskbarListener, listenerData(taskbar))
        client.listenedTo.append(taskbar)
        XCTAssertTrue(client.dispatch { taskbar.windows.count == windows && taskbar.windows.allSatisfy(\.done) })
        return taskbar
    }

    func testATaskbarListsEveryWindowAndWhichIsActivated() throws {
        let (client, _) = try twoWindows()
        let taskbar = try taskbar(client)
        XCTAssertEqual(taskbar.windows.map(\.appID), ["org.example.one", "org.example.two"])
        XCTAssertEqual(taskbar.windows.map(\.title), ["window one", "window two"])
        XCTAssertEqual(taskbar.windows.map(\.activated), [false, true], "the one shown")
        XCTAssertEqual(taskbar.windows.map(\.outputs), [1, 1], "both on the output")
    }

    func testActivatingAWindowPlaysTheSwitchTransition() throws {
        let (client, _) = try twoWindows()
        let taskbar = try taskbar(client)
        let before = try compositor.transitions().count
        zwlr_foreign_toplevel_handle_v1_activate(taskbar.windows[0].handle, client.seat)
        XCTAssertTrue(client.dispatch { taskbar.windows[0].activated && !taskbar.windows[1].activated }, "activated moved")
        // Listed once it completed.
        var transitions = try compositor.transitions()
        let deadline = Date().addingTimeInterval(5)
        while transitions.count == before, Date() < deadline {
            usleep(20_000)
            transitions = try compositor.transitions()
        }
        XCTAssertEqual(transitions.count, before + 1)
        XCTAssertEqual(transitions.last?["event"], .string("switch"))
        let shown = try compositor.windows().first { $0["shown"] == .bool(true) }
        XCTAssertEqual(shown?["title"], JSONValue.string("window one"))
    }

    func testClosingAWindowAsksItToCloseAndItsHandleHearsItWent() throws {
        let (client, toplevels) = try twoWindows()
        let taskbar = try taskbar(client)
        let shown = taskbar.windows[1]
        zwlr_foreign_toplevel_handle_v1_close(shown.handle)
        XCTAssertTrue(client.dispatch { toplevels[1].closeRequests == 1 }, "asked as its close button would")
        XCTAssertFalse(shown.closed, "only asked")
        xdg_toplevel_destroy(toplevels[1].toplevel)
        XCTAssertTrue(client.dispatch { shown.closed }, "gone: its handle hears it")
        XCTAssertTrue(client.dispatch { taskbar.windows[0].activated }, "the one before it is shown again")
    }

    func testATaskbarMinimizesAWindowAndRestoresItAndItsStateSaysSo() throws {
        let (client, _) = try twoWindows()
        let taskbar = try taskbar(client)
        let two = taskbar.windows[1]
        zwlr_foreign_toplevel_handle_v1_set_minimized(two.handle)
        XCTAssertTrue(client.dispatch { two.minimized && !two.activated && taskbar.windows[0].activated }, "minimized, the one below shown")
        XCTAssertTrue(try compositor.waitUntil { try compositor.windows().first { $0["title"] == .string("window two") }?["minimized"] == .bool(true) })
        XCTAssertTrue(try compositor.waitUntilSettled())
        XCTAssertEqual(try compositor.transitions().last?["event"], .string("minimize"))
        XCTAssertEqual(try compositor.transitions().last?["effect"], .string("lamp"))
        zwlr_foreign_toplevel_handle_v1_unset_minimized(two.handle)
        XCTAssertTrue(client.dispatch { !two.minimized && two.activated }, "restored, shown")
        XCTAssertTrue(try compositor.waitUntilSettled())
        XCTAssertEqual(try compositor.transitions().last?["event"], .string("restore"))
        // Activating a minimized window restores it too.
        zwlr_foreign_toplevel_handle_v1_set_minimized(two.handle)
        XCTAssertTrue(client.dispatch { two.minimized })
        zwlr_foreign_toplevel_handle_v1_activate(two.handle, client.seat)
        XCTAssertTrue(client.dispatch { !two.minimized && two.activated })
    }

    /// gtk4-demo, a real GTK 4 window, minimized by a taskbar and brought back
    /// by the switcher, where it is listed last and selected by one press.
    func testGtk4DemoMinimizedByATaskbarComesBackThroughTheSwitcher() throws {
        let (client, _) = try twoWindows()
        let home = compositor.runtime.path
        try compositor.launch("gtk4-demo", environment: [
            "GDK_BACKEND": "wayland", "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo",
            "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/data",
        ])
        _ = try compositor.waitForWindows(3, timeout: 30)
        XCTAssertTrue(try compositor.waitUntilSettled())
        let taskbar = try taskbar(client, windows: 3)
        let demo = try XCTUnwrap(taskbar.windows.first { $0.title == "GTK Demo" })
        XCTAssertTrue(demo.activated, "the window opened last is shown")
        zwlr_foreign_toplevel_handle_v1_set_minimized(demo.handle)
        XCTAssertTrue(client.dispatch { demo.minimized && !demo.activated })
        XCTAssertTrue(try compositor.waitUntilSettled())
        XCTAssertEqual(try compositor.windows().first { $0["shown"] == .bool(true) }?["title"], .string("window two"))
        // Alt+Tab held: the shown window, the one before, then the minimized one; two steps select it.
        _ = try compositor.send(.switcher(.open(filter: nil)))
        _ = try compositor.send(.switcher(.next(filter: nil)))
        _ = try compositor.send(.switcher(.commit))
        XCTAssertTrue(client.dispatch { !demo.minimized && demo.activated }, "restored by the switcher")
        XCTAssertTrue(try compositor.waitUntilSettled())
        XCTAssertEqual(try compositor.transitions().last?["event"], .string("restore"))
        let shown = try compositor.windows().first { $0["shown"] == .bool(true) }
        XCTAssertEqual(shown?["title"], .string("GTK Demo"))
        XCTAssertEqual(shown?["minimized"], .bool(false))
    }

    /// The lamp pours a window into the button a taskbar down the left edge
    /// gave it: frame by frame the window's blue gathers toward that edge,
    /// and at the end all of it is within reach of the button.
    func testAMinimizedWindowPoursIntoItsTaskbarButton() throws {
        let (client, frames) = try recordingTwoWindows(config: "[transitions.minimize]\neffect = \"lamp\"\nduration = \"600ms\"\neasing = \"linear\"\n")
        defer { try? FileManager.default.removeItem(at: frames.deletingLastPathComponent()) }
        let bar = try client.makeLayerSurface(layer: 2, namespace: "taskbar") {
            zwlr_layer_surface_v1_set_anchor($0, 1 | 2 | 4)
            zwlr_layer_surface_v1_set_size($0, 40, 0)
            zwlr_layer_surface_v1_set_exclusive_zone($0, 40)
        }
        XCTAssertTrue(client.roundtrip())
        try client.show(RGBAImage(width: 40, height: 360, fill: RGBA(90, 90, 90)), onLayer: bar)
        let taskbar = try taskbar(client)
        let two = taskbar.windows[1]
        // Its button: 40×40 on the bar, 300 units down.
        zwlr_foreign_toplevel_handle_v1_set_rectangle(two.handle, bar.surface, 0, 300, 40, 40)
        zwlr_foreign_toplevel_handle_v1_set_minimized(two.handle)
        XCTAssertTrue(client.dispatch { two.minimized })
        XCTAssertTrue(try compositor.waitUntilSettled())
        usleep(500_000)
        let shots = try recorded(in: frames) { $0.hasSuffix("-lamp") }
        XCTAssertGreaterThanOrEqual(shots.count, 8)
        /// The window's blue pixels in `shot`: how many, and the right edge of them.
        func blue(_ shot: RGBAImage) -> (count: Int, right: Int) {
            var count = 0, right = 0
            for y in stride(from: 0, to: 360, by: 2) {
                for x in stride(from: 0, to: 640, by: 2) where shot[x, y].b > 150 && shot[x, y].r < 80 {
                    count += 1
                    right = max(right, x)
                }
            }
            return (count, right)
        }
        let spread = shots.map(blue)
        XCTAssertGreaterThan(spread.first?.right ?? 0, 560, "at first the window still spans the output")
        let late = spread[shots.count * 4 / 5]
        XCTAssertLessThan(late.right, 320, "late on, what is left of it is over on the left, toward its button: \(spread.map(\.right))")
        XCTAssertLessThan(late.count, (spread.first?.count ?? 0) / 3)
        let shrinking = zip(spread, spread.dropFirst()).filter { $1.count > $0.count + 20 }.count
        XCTAssertEqual(shrinking, 0, "it only pours away: \(spread.map(\.count))")
        XCTAssertEqual(spread.last?.count, 0, "the last frame shows none of it")
    }

    /// foot, under a bar, asked fullscreen by a taskbar: it draws the whole
    /// output, and frame by frame its top edge rises from under the bar to the
    /// output's, its old picture fading; the resize completes once, in the log.
    func testFootMadeFullscreenByATaskbarGrowsOverTheBar() throws {
        let (client, frames) = try recordingTwoWindows(config: "[output]\nbackground = \"#0000a0\"\n[transitions.resize]\nduration = \"300ms\"\neasing = \"linear\"\n")
        defer { try? FileManager.default.removeItem(at: frames.deletingLastPathComponent()) }
        let bar = try client.showTopBar(height: 30, fill: RGBA(230, 200, 0), marker: RGBA(230, 200, 0))
        XCTAssertEqual(bar.width, 640)
        try compositor.launch("foot", ["-o", "colors.background=e0e0e0", "sh"])
        _ = try compositor.waitForWindows(3, timeout: 20)
        XCTAssertTrue(try compositor.waitUntilSettled())
        let taskbar = try taskbar(client, windows: 3)
        let foot = try XCTUnwrap(taskbar.windows.first { $0.appID == "foot" })
        zwlr_foreign_toplevel_handle_v1_set_fullscreen(foot.handle, nil)
        XCTAssertTrue(client.dispatch { foot.fullscreen })
        XCTAssertTrue(try compositor.waitUntilSettled())
        usleep(300_000)
        let shots = try recorded(in: frames) { $0.hasPrefix("resize-") && $0.hasSuffix("-fullscreen") }
        // Writing each frame costs a debug build refreshes: the benchmark counts them.
        XCTAssertGreaterThanOrEqual(shots.count, 6)
        // foot's light grey in column 320: its top edge rises from the bar's 30 to 0.
        let tops = shots.map { shot in (0..<360).first { shot[320, $0].r > 200 && shot[320, $0].b > 200 } ?? 360 }
        XCTAssertEqual(zip(tops, tops.dropFirst()).filter { $1 > $0 }.count, 0, "it only rises: \(tops)")
        XCTAssertGreaterThanOrEqual(Set(tops).count, shots.count / 4, "it moves over a quarter of its frames at least: \(tops)")
        XCTAssertEqual(tops.last, 0, "at the end it covers the output's top edge")
        compositor.stop()
        let log = compositor.log
        XCTAssertEqual(log.components(separatedBy: "fullscreen with crossfade completed").count, 2, "completed once: \(log)")
    }

    func testANegativeRectangleIsInvalidRectangle() throws {
        let (client, _) = try twoWindows()
        let taskbar = try taskbar(client)
        let surface = wl_compositor_create_surface(client.compositor)
        zwlr_foreign_toplevel_handle_v1_set_rectangle(taskbar.windows[0].handle, surface, 0, 0, -5, 10)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwlr_foreign_toplevel_handle_v1", code: 0))
    }
}

/// What a taskbar heard: a window per handle, in the order they came.
private final class Taskbar {
    var windows: [TaskbarWindow] = []
}

private final class TaskbarWindow {
    let handle: OpaquePointer
    var title = "", appID = ""
    var activated = false
    var minimized = false
    var fullscreen = false
    var outputs = 0
    var done = false
    var closed = false

    init(handle: OpaquePointer) { self.handle = handle }
}

private nonisolated(unsafe) let taskbarListener = fixedListener(zwlr_foreign_toplevel_manager_v1_listener(
    toplevel: { data, _, handle in
        guard let handle else { return }
        let window = TaskbarWindow(handle: handle)
        (listenerObject(data) as Taskbar).windows.append(window)
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, taskbarWindowListener, listenerData(window))
    },
    finished: { _, _ in }
))

private nonisolated(unsafe) let taskbarWindowListener = fixedListener(zwlr_foreign_toplevel_handle_v1_listener(
    title: { data, _, title in (listenerObject(data) as TaskbarWindow).title = title.map { String(cString: $0) } ?? "" },
    app_id: { data, _, appID in (listenerObject(data) as TaskbarWindow).appID = appID.map { String(cString: $0) } ?? "" },
    output_enter: { data, _, _ in (listenerObject(data) as TaskbarWindow).outputs += 1 },
    output_leave: { data, _, _ in (listenerObject(data) as TaskbarWindow).outputs -= 1 },
    state: { data, _, array in
        guard let array else { return }
        let count = array.pointee.size / MemoryLayout<UInt32>.size
        let states = (0..<count).map { array.pointee.data.load(fromByteOffset: $0 * 4, as: UInt32.self) }
        let window = listenerObject(data) as TaskbarWindow
        window.activated = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue)
        window.minimized = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED.rawValue)
        window.fullscreen = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN.rawValue)
    },
    done: { data, _ in (listenerObject(data) as TaskbarWindow).done = true },
    closed: { data, _ in (listenerObject(data) as TaskbarWindow).closed = true },
    parent: { _, _, _ in }
))
