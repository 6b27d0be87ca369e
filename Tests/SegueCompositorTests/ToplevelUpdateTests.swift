import CWaylandClient
import Foundation
import SegueClientSupport
import XCTest

/// segue_transition_manager_v1 repeats a window's toplevel event, as an
/// update, when its title or app_id changes after it was mapped.
final class ToplevelUpdateTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    func testATitleOrAppIDChangeResendsTheSameToplevelAndAnUnchangedOneNothing() throws {
        // This test process is the trusted client.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let toplevel = client.makeToplevel()
        xdg_toplevel_set_app_id(toplevel.toplevel, "org.example.editor")
        xdg_toplevel_set_title(toplevel.toplevel, "draft.txt")
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        client.attach(pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue),
                      to: toplevel)
        client.damage(toplevel, width: 640, height: 360)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)

        let watcher = ManagerWatcher()
        let registry = wl_display_get_registry(client.display)
        wl_registry_add_listener(registry, watcherRegistryListener, listenerData(watcher))
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(watcher.events, ["1 org.example.editor draft.txt"])

        xdg_toplevel_set_title(toplevel.toplevel, "draft.txt")
        xdg_toplevel_set_title(toplevel.toplevel, "notes.txt")
        xdg_toplevel_set_app_id(toplevel.toplevel, "org.example.writer")
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(watcher.events, ["1 org.example.editor draft.txt", "1 org.example.editor notes.txt",
                                        "1 org.example.writer notes.txt"])
        XCTAssertEqual(try compositor.windows().first?["title"], .string("notes.txt"))
    }
}

/// Binds the manager and records its toplevel events as "ID APP_ID TITLE".
private final class ManagerWatcher {
    var manager: OpaquePointer?
    var events: [String] = []
}

private nonisolated(unsafe) let watcherRegistryListener = fixedListener(wl_registry_listener(
    global: { data, registry, name, interface, _ in
        guard String(cString: interface!) == "segue_transition_manager_v1" else { return }
        let watcher = listenerObject(data) as ManagerWatcher
        watcher.manager = wl_registry_bind(registry, name, segue_client_segue_transition_manager_v1_interface(), 1)
            .map(OpaquePointer.init)
        segue_transition_manager_v1_add_listener(watcher.manager, watcherManagerListener, data)
    },
    global_remove: { _, _, _ in }
))

private nonisolated(unsafe) let watcherManagerListener = fixedListener(segue_transition_manager_v1_listener(
    toplevel: { data, _, id, appID, title in
        (listenerObject(data) as ManagerWatcher).events.append("\(id) \(String(cString: appID!)) \(String(cString: title!))")
    },
    toplevel_closed: { _, _, _ in }
))
