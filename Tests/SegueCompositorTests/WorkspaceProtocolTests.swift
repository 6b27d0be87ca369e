import CWaylandClient
import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// ext-workspace-v1 as a bar speaks it (raw clients: Debian's waybar is built
/// without its workspace module): it lists the output's workspaces with their
/// names, coordinates and states, shows one through the same switch `segue
/// msg workspace` plays, follows switches made elsewhere, and removes an
/// empty one. Clients Segue does not trust see no such global.
final class WorkspaceProtocolTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var toplevels: [RawToplevel] = []
    private let red = RedAndGreenWindows.red, green = RedAndGreenWindows.green, marker = RedAndGreenWindows.marker

    override func setUpWithError() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        server = try RedAndGreenWindows.server(trusting: [executable])
        client = try server.connect()
        // Red stays on workspace 1; green, its marker at its top left, goes to workspace 2.
        toplevels = try RedAndGreenWindows.open(on: server, client)
        XCTAssertEqual(server.answer(.moveToWorkspace(.number(2)))?.ok, true)
        _ = server.stepUntilIdle(sampling: 0, 0)
    }

    override func tearDown() { server?.stop() }

    private func bound() throws -> RawWorkspaces {
        let manager = try XCTUnwrap(client.bind(global: "ext_workspace_manager_v1", segue_client_ext_workspace_manager_v1_interface(),
                                                version: 1))
        let workspaces = RawWorkspaces(manager: manager)
        client.listenedTo.append(workspaces)
        XCTAssertTrue(client.dispatch { workspaces.doneCount >= 1 })
        return workspaces
    }

    private func shownNumber() -> JSONValue? {
        guard case .array(let listed)? = server.answer(.workspaces)?.payload["workspaces"] else { return nil }
        for case .object(let workspace) in listed where workspace["shown"] == .bool(true) { return workspace["number"] }
        return nil
    }

    func testABarListsTheWorkspacesInOneGroupOnTheOutputWithNamesCoordinatesAndStates() throws {
        let workspaces = try bound()
        XCTAssertEqual(workspaces.groups.count, 1, "one output, one group")
        XCTAssertEqual(workspaces.groups.first?.capabilities, 0, "Segue numbers workspaces itself: none are made by name")
        XCTAssertEqual(workspaces.groups.first?.outputsEntered, 1)
        XCTAssertEqual(workspaces.listed.map(\.name), ["1", "2"])
        XCTAssertEqual(workspaces.listed.map(\.id), ["segue-workspace-1", "segue-workspace-2"])
        XCTAssertEqual(workspaces.listed.map(\.coordinates), [[1], [2]])
        XCTAssertEqual(workspaces.listed.map(\.active), [true, false])
        XCTAssertEqual(workspaces.listed.map(\.urgent), [false, false])
        XCTAssertEqual(workspaces.listed.map(\.capabilities), [1, 1], "activate; neither is empty, so neither is removable")
        XCTAssertEqual(workspaces.doneCount, 1, "one batch")
    }

    func testActivatingAWorkspacePlaysTheWorkspaceTransitionAndEveryBarFollows() throws {
        let workspaces = try bound()
        let other = try server.connect()
        let watcher = RawWorkspaces(manager: try XCTUnwrap(other.bind(global: "ext_workspace_manager_v1",
                                                                       segue_client_ext_workspace_manager_v1_interface(), version: 1)))
        other.listenedTo.append(watcher)
        XCTAssertTrue(other.dispatch { watcher.doneCount >= 1 })
        XCTAssertEqual(server.presented[0, 0], red)

        // Asked, but not yet committed: nothing happens.
        let second = try XCTUnwrap(workspaces.named("2"))
        ext_workspace_handle_v1_activate(second.handle)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(shownNumber(), .number(1), "requests wait for commit")
        ext_workspace_manager_v1_commit(workspaces.manager)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(shownNumber(), .number(2))
        _ = server.framesUntilIdle()
        guard case .array(let played)? = server.answer(.transitions)?.payload["transitions"],
              case .object(let last)? = played.last else { return XCTFail("no transition listed") }
        XCTAssertEqual(last["event"], .string("workspace"))
        XCTAssertEqual(last["effect"], .string("crossfade"))
        XCTAssertEqual(last["frames"], .number(6), "100 ms at 60 Hz")
        XCTAssertEqual(server.presented[0, 0], marker, "workspace 2's window, upright")
        XCTAssertEqual(server.presented[63, 35], green)

        XCTAssertTrue(client.dispatch { workspaces.named("2")?.active == true })
        XCTAssertEqual(workspaces.listed.map(\.active), [false, true])
        XCTAssertTrue(other.dispatch { watcher.named("2")?.active == true })
        XCTAssertEqual(watcher.listed.map(\.active), [false, true], "a bar that asked nothing follows too")

        // A switch made elsewhere is followed as well.
        let done = workspaces.doneCount
        XCTAssertEqual(server.answer(.workspace(.number(1)))?.ok, true)
        _ = server.framesUntilIdle()
        XCTAssertTrue(client.dispatch { workspaces.doneCount > done && workspaces.named("1")?.active == true })
        XCTAssertEqual(workspaces.listed.map(\.active), [true, false])
        XCTAssertEqual(server.presented[0, 0], red)
    }

    func testAnEmptyWorkspaceIsRemovableAndRemovingItShowsTheOneBefore() throws {
        let workspaces = try bound()
        XCTAssertEqual(server.answer(.workspace(.number(3)))?.ok, true)
        _ = server.framesUntilIdle()
        XCTAssertTrue(client.dispatch { workspaces.named("3")?.active == true })
        XCTAssertEqual(workspaces.listed.map(\.name), ["1", "2", "3"])
        XCTAssertEqual(workspaces.listed.map(\.removable), [false, false, true], "only the empty one")

        // Removing a workspace with windows is not offered, so it is ignored.
        ext_workspace_handle_v1_remove(try XCTUnwrap(workspaces.named("1")).handle)
        ext_workspace_manager_v1_commit(workspaces.manager)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(shownNumber(), .number(3))

        let third = try XCTUnwrap(workspaces.named("3"))
        ext_workspace_handle_v1_remove(third.handle)
        ext_workspace_manager_v1_commit(workspaces.manager)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        XCTAssertEqual(shownNumber(), .number(2), "the one before shows, and the empty one goes")
        XCTAssertEqual(server.presented[0, 0], marker)
        XCTAssertTrue(client.dispatch { third.removed })
        XCTAssertEqual(workspaces.listed.map(\.name), ["1", "2"], "it left the group before it was removed")
        XCTAssertEqual(workspaces.listed.map(\.active), [false, true])

        // Requests on a removed workspace are ignored.
        ext_workspace_handle_v1_activate(third.handle)
        ext_workspace_manager_v1_commit(workspaces.manager)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(shownNumber(), .number(2))
        ext_workspace_handle_v1_destroy(third.handle)
        XCTAssertTrue(client.roundtrip())
    }

    func testAWindowAskingForAttentionOnAHiddenWorkspaceMakesItUrgentUntilShown() throws {
        let workspaces = try bound()
        // Workspace 2's window asks, with a token nobody gave it.
        xdg_activation_v1_activate(client.activation, "made-up", try XCTUnwrap(toplevels.last).surface)
        XCTAssertTrue(client.dispatch { workspaces.named("2")?.urgent == true })
        XCTAssertEqual(workspaces.listed.map(\.urgent), [false, true])
        workspaces.activate("2")
        _ = server.framesUntilIdle()
        XCTAssertTrue(client.dispatch { workspaces.named("2")?.urgent == false && workspaces.named("2")?.active == true })
    }

    func testAnOutputBoundLaterEntersTheGroupAndStopEndsTheManager() throws {
        let workspaces = try bound()
        client.rebindOutput()
        XCTAssertTrue(client.dispatch { workspaces.groups.first?.outputsEntered == 2 })
        ext_workspace_manager_v1_stop(workspaces.manager)
        XCTAssertTrue(client.dispatch { workspaces.finished })
        // Nothing more comes to a stopped manager; Segue goes on.
        XCTAssertEqual(server.answer(.workspace(.number(2)))?.ok, true)
        _ = server.framesUntilIdle()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(workspaces.named("2")?.active, false)
    }

    func testAClientSegueDoesNotTrustSeesNoWorkspaceGlobal() throws {
        server.stop()
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true)
        client = try server.connect()
        XCTAssertTrue(client.roundtrip())
        XCTAssertNil(client.globals["ext_workspace_manager_v1"])
    }
}
