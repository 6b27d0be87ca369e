import CWaylandClient
import Foundation
import SegueClientSupport
import SegueIPC
import SegueImaging
import XCTest

/// `[protocol] privileged`: executables the config names see the privileged
/// globals (segue_transition_manager_v1 among them), a client naming itself
/// after one does not, "all" lets everyone; a reload applies to the next
/// bind; `msg clients` says who may use what.
final class PrivilegedClientsTests: XCTestCase {
    private var folder: URL!
    private var config: URL!
    private var compositor: CompositorUnderTest!
    private let launcher = CompositorUnderTest.buildFolder.appendingPathComponent("segue-launcher").path

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        config = folder.appendingPathComponent("config.toml")
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func start(trusting entries: [String]) throws {
        try write("[\(entries.map { "\"\($0)\"" }.joined(separator: ", "))]")
        compositor = try CompositorUnderTest(arguments: ["--config", config.path])
    }

    /// `privileged = VALUE`, as TOML.
    private func write(_ value: String) throws {
        try "[protocol]\nprivileged = \(value)\n".write(to: config, atomically: true, encoding: .utf8)
    }

    private func launcherStatus() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher)
        process.arguments = ["list"]
        process.environment = compositor.clientEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testAnExecutableTheConfigTrustsSeesTheManagerUntilAReloadDropsIt() throws {
        try start(trusting: [launcher])
        XCTAssertEqual(try launcherStatus(), 0)
        try write("[]")
        XCTAssertTrue(try compositor.send(.reload).ok)
        XCTAssertEqual(try launcherStatus(), 1, "the reloaded list applies to the next bind")
    }

    func testAClientNamingItselfAfterATrustedProgramDoesNotSeeTheManager() throws {
        try start(trusting: [launcher])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        XCTAssertFalse(try globals(of: client).contains("segue_transition_manager_v1"))

        // The trusted launcher's own name, as any client may set it.
        let toplevel = try client.makeConfiguredToplevel()
        xdg_toplevel_set_app_id(toplevel.toplevel, "segue-launcher")
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 0, 0)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        XCTAssertFalse(try globals(of: client).contains("segue_transition_manager_v1"), "an app_id is no credential")
        XCTAssertEqual(try launcherStatus(), 0, "the trusted executable still sees it")
    }

    func testAllLetsEveryClientSeeThePrivilegedGlobals() throws {
        try start(trusting: [])
        XCTAssertEqual(try launcherStatus(), 1, "started directly, the launcher is not privileged")
        try write("\"all\"")
        XCTAssertTrue(try compositor.send(.reload).ok)
        XCTAssertEqual(try launcherStatus(), 0)
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        XCTAssertTrue(try globals(of: client).contains("segue_transition_manager_v1"))
    }

    func testMsgClientsSaysEachClientsProcessAndWhatItMayUse() throws {
        try start(trusting: [])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        XCTAssertTrue(client.roundtrip())
        let spawned = try compositor.send(.spawn(argv: ["foot", "--app-id", "spawned-foot", "sh", "-c", "sleep 30"]))
        let spawnedPID = try XCTUnwrap(spawned.payload["pid"])
        _ = try compositor.waitForWindows(1, timeout: 30)
        guard case .array(let clients)? = try compositor.send(.clients).payload["clients"] else { return XCTFail("no clients") }
        let entries = clients.compactMap { item -> [String: JSONValue]? in if case .object(let o) = item { o } else { nil } }
        let mine = try XCTUnwrap(entries.first { $0["pid"] == .number(Double(getpid())) }, "\(clients)")
        XCTAssertEqual(mine["privileged"], .bool(false))
        XCTAssertEqual(mine["may_use"], .array([]))
        let foot = try XCTUnwrap(entries.first { $0["pid"] == spawnedPID }, "\(clients)")
        XCTAssertEqual(foot["executable"], .string(try installedProgram("foot")))
        XCTAssertEqual(foot["privileged"], .bool(true), "Segue started it")
        XCTAssertEqual(foot["may_use"], .array(["ext_data_control_manager_v1",
                                                "ext_foreign_toplevel_image_capture_source_manager_v1", "ext_foreign_toplevel_list_v1",
                                                "ext_image_copy_capture_manager_v1", "ext_output_image_capture_source_manager_v1",
                                                "ext_workspace_manager_v1", "segue_transition_manager_v1", "zwlr_data_control_manager_v1",
                                                "zwlr_foreign_toplevel_manager_v1", "zwlr_screencopy_manager_v1",
                                                "zwp_virtual_keyboard_manager_v1"].map(JSONValue.string)))
        XCTAssertEqual(foot["windows"], .array([.number(1)]))
        let text = try compositor.msg(["clients"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("/usr/bin/foot"), text.stdout)
    }

    /// The interfaces a fresh registry on `client`'s connection announces.
    private func globals(of client: RawClient) throws -> [String] {
        let listing = GlobalListing()
        let registry = wl_display_get_registry(client.display)
        defer { wl_registry_destroy(registry) }
        wl_registry_add_listener(registry, globalListingListener, listenerData(listing))
        XCTAssertTrue(client.roundtrip())
        return listing.interfaces
    }
}

private final class GlobalListing {
    var interfaces: [String] = []
}

private nonisolated(unsafe) let globalListingListener = fixedListener(wl_registry_listener(
    global: { data, _, _, interface, _ in
        (listenerObject(data) as GlobalListing).interfaces.append(String(cString: interface!))
    },
    global_remove: { _, _, _ in }
))
