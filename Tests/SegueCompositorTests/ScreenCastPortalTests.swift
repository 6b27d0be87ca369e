import CWaylandClient
import Foundation
import SegueIPC
import SegueImaging
import XCTest

/// Screen sharing as browsers, OBS and video calls do it: a ScreenCast session
/// opened through xdg-desktop-portal's D-Bus API, served by
/// xdg-desktop-portal-wlr over Segue's screencopy, its frames read from the
/// PipeWire node by GStreamer's pipewiresrc. The test starts a session bus,
/// PipeWire and WirePlumber; the portals start as D-Bus activates them, with
/// what Segue put in the activation environment (its [startup] runs
/// dbus-update-activation-environment, as a user's config does).
final class ScreenCastPortalTests: XCTestCase {
    private var runtime: URL!
    private var services: [Process] = []
    private var compositor: CompositorUnderTest!
    /// The environment of the bus, the media services and every client.
    private var session: [String: String] = [:]

    override func setUpWithError() throws {
        for program in ["dbus-daemon", "pipewire", "wireplumber", "gst-launch-1.0", "dbus-update-activation-environment"] {
            _ = try installedProgram(program)
        }
        for path in ["/usr/libexec/xdg-desktop-portal", "/usr/libexec/xdg-desktop-portal-wlr"]
            where !FileManager.default.isExecutableFile(atPath: path) {
            _ = try installedProgram(URL(fileURLWithPath: path).lastPathComponent)
        }
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-portal-\(UUID().uuidString.prefix(8))")
        let config = runtime.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("xdg-desktop-portal-wlr"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        // The portal's own chooser would run slurp or wofi: the one output, named.
        try "[screencast]\nchooser_type=none\noutput_name=HEADLESS-1\n"
            .write(to: config.appendingPathComponent("xdg-desktop-portal-wlr/config"), atomically: true, encoding: .utf8)
        let segueConfig = config.appendingPathComponent("segue.toml")
        try "[startup]\nrun = [[\"dbus-update-activation-environment\", \"WAYLAND_DISPLAY\", \"XDG_CURRENT_DESKTOP\"]]\n"
            .write(to: segueConfig, atomically: true, encoding: .utf8)
        try Self.portalClient.write(to: runtime.appendingPathComponent("screencast.py"), atomically: true, encoding: .utf8)
        let bus = runtime.appendingPathComponent("bus").path
        // Everything in the test's folder, none of it in the user's home.
        session = CompositorUnderTest.environment(runtime: runtime, display: nil).merging([
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus)", "HOME": runtime.path, "XDG_CONFIG_HOME": config.path,
            "XDG_STATE_HOME": runtime.appendingPathComponent("state").path, "XDG_CACHE_HOME": runtime.appendingPathComponent("cache").path,
        ]) { $1 }
        // A process group's leader, as every program the test starts: the portals D-Bus activates are in its group.
        try start("dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(bus)"])
        XCTAssertTrue(wait { FileManager.default.fileExists(atPath: bus) }, "the session bus listens")
        try start("pipewire", [])
        XCTAssertTrue(wait { FileManager.default.fileExists(atPath: runtime.appendingPathComponent("pipewire-0").path) }, "PipeWire listens")
        try start("wireplumber", [])
        compositor = try CompositorUnderTest(arguments: ["--config", segueConfig.path], runtime: runtime, environment: session)
    }

    override func tearDown() {
        compositor?.stop()
        // The bus's group holds the portals it started; the document portal's FUSE folder
        // (in the runtime folder) is unmounted as it exits.
        for service in services.reversed() where service.isRunning {
            kill(-service.processIdentifier, SIGTERM)
            service.waitUntilExit()
        }
        let documents = runtime.appendingPathComponent("doc").path
        let mounted = { (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8))?.contains(documents) == true }
        XCTAssertTrue(wait(timeout: 5) { !mounted() }, "the document portal's folder is unmounted")
        if !mounted() { try? FileManager.default.removeItem(at: runtime) }
    }

    private func start(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try installedProgram(program))
        process.arguments = arguments
        process.environment = session
        // The activated portals write to the bus's stderr: kept for a failure's message.
        let log = runtime.appendingPathComponent("\(arguments.first ?? program).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        services.append(process)
    }

    /// What the bus and the portals it started said.
    private var busLog: String { (try? String(contentsOf: runtime.appendingPathComponent("dbus-daemon.log"), encoding: .utf8)) ?? "" }

    private func wait(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// The portal client running `command` (`{fd}` and `{node}` replaced by the
    /// PipeWire remote's fd and the stream's node), its lines collected.
    private func screenCast(_ command: [String]) throws -> (Process, LineCollector) {
        let lines = LineCollector()
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        client.arguments = [runtime.appendingPathComponent("screencast.py").path, "--"] + command
        client.environment = session
        client.standardOutput = lines.pipe.fileHandleForWriting
        client.standardError = lines.pipe.fileHandleForWriting
        try client.run()
        try lines.pipe.fileHandleForWriting.close()
        return (client, lines)
    }

    func testAScreenCastThroughThePortalIsTheScreenAsShown() throws {
        let client = try RawClient(socket: runtime.appendingPathComponent(compositor.socket).path)
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(cornerMarkedScreen(), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        XCTAssertTrue(try compositor.waitUntil { try compositor.output()["animating"] == .bool(false) })
        let path = runtime.appendingPathComponent("frame.bgrx").path
        let (cast, lines) = try screenCast(["timeout", "20", "gst-launch-1.0", "-q", "pipewiresrc", "fd={fd}", "path={node}", "num-buffers=1", "!",
                                            "video/x-raw,format=BGRx", "!", "filesink", "location=\(path)"])
        cast.waitUntilExit()
        XCTAssertEqual(cast.terminationStatus, 0, lines.lines.joined(separator: "\n") + busLog)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, 640 * 360 * 4, "one 640x360 BGRx frame")
        guard bytes.count == 640 * 360 * 4 else { return }
        let screen = try compositor.screenshot()
        func pixel(_ x: Int, _ y: Int) -> RGBA {
            let i = (y * 640 + x) * 4
            return RGBA(bytes[i + 2], bytes[i + 1], bytes[i])
        }
        XCTAssertEqual(pixel(2, 2), RGBA(255, 255, 255), "the marker, top left")
        XCTAssertEqual(pixel(620, 345), RGBA(250, 200, 0), "the yellow corner, bottom right")
        var differing = 0
        for y in 0..<360 {
            for x in 0..<640 where pixel(x, y).distance(to: screen[x, y]) > 2 { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "the cast's frame is what msg screenshot shows")
    }

    func testAScreenCastReceivesTheFramesOfAWindowRedrawingEachRefresh() throws {
        try compositor.launch("segue-sample-client", ["--label", "CAST", "--color", "ea580c"])
        _ = try compositor.waitForWindows(1)
        let (cast, lines) = try screenCast(["gst-launch-1.0", "-v", "pipewiresrc", "fd={fd}", "path={node}", "!", "video/x-raw", "!",
                                            "fakesink", "silent=false"])
        defer {
            cast.terminate()
            cast.waitUntilExit()
        }
        // fakesink says "chain" for each buffer it takes.
        func received() -> Int { lines.lines.filter { $0.contains("chain") }.count }
        XCTAssertTrue(wait(timeout: 30) { received() >= 30 }, "frames arrive: \(lines.lines.suffix(20).joined(separator: "\n"))\(busLog)")
        let before = (try counter("frames_presented"), received())
        Thread.sleep(forTimeInterval: 2)
        let presented = try counter("frames_presented") - before.0, got = received() - before.1
        XCTAssertGreaterThanOrEqual(Double(got), 0.8 * Double(presented), "\(got) frames received of \(presented) presented")
    }

    private func counter(_ name: String) throws -> Int {
        guard case .number(let value)? = try compositor.output()[name] else { throw CompositorTestError("no \(name)") }
        return Int(value)
    }

    /// A ScreenCast session through xdg-desktop-portal, as a browser or OBS
    /// opens one: CreateSession, SelectSources (a monitor), Start, then
    /// OpenPipeWireRemote; the command after -- runs with the remote's fd.
    private static let portalClient = """
        import signal, subprocess, sys, dbus
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        cast = dbus.Interface(bus.get_object("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop"),
                              "org.freedesktop.portal.ScreenCast")
        sender = bus.get_unique_name()[1:].replace(".", "_")
        loop = GLib.MainLoop()
        requests = 0

        def call(method, *args, options):
            global requests
            requests += 1
            token = f"segue{requests}"
            answer = {}
            def responded(code, results):
                answer.update(code=code, results=results)
                loop.quit()
            match = bus.add_signal_receiver(responded, "Response", "org.freedesktop.portal.Request",
                                            path=f"/org/freedesktop/portal/desktop/request/{sender}/{token}")
            method(*args, dbus.Dictionary(dict(options, handle_token=token), signature="sv"))
            GLib.timeout_add_seconds(30, loop.quit)
            loop.run()
            match.remove()
            if answer.get("code") != 0:
                sys.exit(f"screencast: {method._method_name} answered {answer.get('code', 'nothing in 30 s')}")
            return answer["results"]

        session = call(cast.CreateSession, options={"session_handle_token": "segue"})["session_handle"]
        call(cast.SelectSources, session, options={"types": dbus.UInt32(1), "multiple": False})
        node = int(call(cast.Start, session, "", options={})["streams"][0][0])
        fd = cast.OpenPipeWireRemote(session, dbus.Dictionary({}, signature="sv")).take()
        print(f"node {node}", flush=True)
        command = [a.replace("{fd}", str(fd)).replace("{node}", str(node)) for a in sys.argv[sys.argv.index("--") + 1:]]
        child = subprocess.Popen(command, pass_fds=[fd])
        signal.signal(signal.SIGTERM, lambda *_: child.terminate())
        sys.exit(child.wait())
        """
}
