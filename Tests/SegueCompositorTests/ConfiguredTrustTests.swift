import CWaylandClient
import Foundation
import SegueClientSupport
import SegueIPC
import XCTest

/// `[protocol] trusted`: executables and app_ids the config trusts see
/// segue_transition_manager_v1; a reload applies to the next bind.
final class ConfiguredTrustTests: XCTestCase {
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
        try write(entries)
        compositor = try CompositorUnderTest(arguments: ["--config", config.path])
    }

    private func write(_ entries: [String]) throws {
        let list = entries.map { "\"\($0)\"" }.joined(separator: ", ")
        try "[protocol]\ntrusted = [\(list)]\n".write(to: config, atomically: true, encoding: .utf8)
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
        try write([])
        XCTAssertTrue(try compositor.send(.reload).ok)
        XCTAssertEqual(try launcherStatus(), 1, "the reloaded list applies to the next bind")
    }

    func testAClientNamingItselfAfterATrustedProgramDoesNotSeeTheManager() throws {
        try start(trusting: [launcher])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        XCTAssertFalse(try globals(of: client).contains("segue_transition_manager_v1"))

        // The trusted launcher's own name, as any client may set it.
        let toplevel = client.makeToplevel()
        xdg_toplevel_set_app_id(toplevel.toplevel, "segue-launcher")
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        client.attach(pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue),
                      to: toplevel)
        client.damage(toplevel, width: 640, height: 360)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        XCTAssertFalse(try globals(of: client).contains("segue_transition_manager_v1"), "an app_id is no credential")
        XCTAssertEqual(try launcherStatus(), 0, "the trusted executable still sees it")
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
