import CWaylandClient
import Foundation
import SegueClientSupport
import SegueImaging
import XCTest

/// ext-foreign-toplevel-list: a privileged client lists every window with an
/// identifier no other window has, hears titles change and windows close;
/// an unprivileged one does not see the list.
final class ToplevelListTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    func testAListHasEveryWindowItsIdentifierTitleAppIDAndHearsChanges() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        var toplevels: [RawToplevel] = []
        for name in ["one", "two"] {
            let toplevel = try client.makeConfiguredToplevel()
            xdg_toplevel_set_app_id(toplevel.toplevel, "org.example.\(name)")
            xdg_toplevel_set_title(toplevel.toplevel, "window \(name)")
            try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 90, 0)), on: toplevel.surface)
            toplevels.append(toplevel)
        }
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(2)

        let list = try XCTUnwrap(client.bind(global: "ext_foreign_toplevel_list_v1", segue_client_ext_foreign_toplevel_list_v1_interface(),
                                             version: 1))
        let heard = ListedWindows()
        ext_foreign_toplevel_list_v1_add_listener(list, listListener, listenerData(heard))
        client.listenedTo.append(heard)
        XCTAssertTrue(client.dispatch { heard.windows.count == 2 && heard.windows.allSatisfy { $0.doneCount == 1 } })
        XCTAssertEqual(heard.windows.map(\.appID), ["org.example.one", "org.example.two"])
        XCTAssertEqual(heard.windows.map(\.title), ["window one", "window two"])
        XCTAssertEqual(Set(heard.windows.map(\.identifier)).count, 2, "each its own")
        XCTAssertTrue(heard.windows.allSatisfy { !$0.identifier.isEmpty && $0.identifier.utf8.count <= 32 })

        xdg_toplevel_set_title(toplevels[0].toplevel, "renamed")
        wl_surface_commit(toplevels[0].surface)
        XCTAssertTrue(client.dispatch { heard.windows[0].title == "renamed" && heard.windows[0].doneCount == 2 })
        xdg_toplevel_destroy(toplevels[1].toplevel)
        XCTAssertTrue(client.dispatch { heard.windows[1].closed })
    }

    func testAClientSegueDoesNotPrivilegeSeesNoneOfThePrivilegedGlobals() throws {
        compositor = try CompositorUnderTest()
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNil(client.globals["ext_foreign_toplevel_list_v1"])
        XCTAssertNil(client.globals["zwlr_foreign_toplevel_manager_v1"])
        XCTAssertNil(client.globals["zwlr_screencopy_manager_v1"])
        XCTAssertNil(client.globals["zwlr_data_control_manager_v1"])
        XCTAssertNil(client.globals["zwp_virtual_keyboard_manager_v1"])
        XCTAssertNil(client.globals["ext_image_copy_capture_manager_v1"])
        XCTAssertNil(client.globals["ext_data_control_manager_v1"])
        XCTAssertNil(client.globals["ext_output_image_capture_source_manager_v1"])
        XCTAssertNil(client.globals["ext_foreign_toplevel_image_capture_source_manager_v1"])
        XCTAssertNotNil(client.globals["zxdg_output_manager_v1"], "not privileged: everyone's")
    }
}

private final class ListedWindows {
    var windows: [ListedWindow] = []
}

private final class ListedWindow {
    var identifier = "", title = "", appID = ""
    var doneCount = 0
    var closed = false
}

private nonisolated(unsafe) let listListener = fixedListener(ext_foreign_toplevel_list_v1_listener(
    toplevel: { data, _, handle in
        guard let handle else { return }
        let window = ListedWindow()
        // Kept by the list, so the handle's listener data lives as long.
        (listenerObject(data) as ListedWindows).windows.append(window)
        ext_foreign_toplevel_handle_v1_add_listener(handle, listedWindowListener, listenerData(window))
    },
    finished: { _, _ in }
))

private nonisolated(unsafe) let listedWindowListener = fixedListener(ext_foreign_toplevel_handle_v1_listener(
    closed: { data, _ in (listenerObject(data) as ListedWindow).closed = true },
    done: { data, _ in (listenerObject(data) as ListedWindow).doneCount += 1 },
    title: { data, _, title in (listenerObject(data) as ListedWindow).title = title.map { String(cString: $0) } ?? "" },
    app_id: { data, _, appID in (listenerObject(data) as ListedWindow).appID = appID.map { String(cString: $0) } ?? "" },
    identifier: { data, _, identifier in
        (listenerObject(data) as ListedWindow).identifier = identifier.map { String(cString: $0) } ?? ""
    }
))
