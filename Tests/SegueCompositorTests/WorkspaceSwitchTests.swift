import CWaylandClient
import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// Workspaces in a stacked compositor: a window moved to another workspace
/// leaves the screen to the one below it; showing a workspace plays
/// `[transitions.workspace]` to the window shown there, or to the bare
/// background of one with none; lists, keys and events follow.
final class WorkspaceSwitchTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private let red = RedAndGreenWindows.red, green = RedAndGreenWindows.green, marker = RedAndGreenWindows.marker
    private let background = RGBA(0, 0, 0)
    private var time: UInt32 = 0

    override func setUpWithError() throws {
        server = try RedAndGreenWindows.server()
        client = try server.connect()
        _ = try RedAndGreenWindows.open(on: server, client)
    }

    override func tearDown() { server?.stop() }

    private func workspaces() -> JSONValue? { server.answer(.workspaces)?.payload["workspaces"] }

    func testAMovedWindowLeavesItsWorkspaceAndShowingItsNewOnePlaysTheWorkspaceTransition() throws {
        XCTAssertEqual(server.answer(.moveToWorkspace(.number(2)))?.payload["workspace"], .number(2))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.presented[0, 0], red, "the window below shows")
        XCTAssertEqual(workspaces(), .array([.object(["number": 1, "shown": true, "windows": [1], "urgent": false]),
                                             .object(["number": 2, "shown": false, "windows": [2], "urgent": false])]))

        var played: TransitionCompletion?
        try server.compositor.perform(.workspace(.number(2)), onComplete: { completion, _ in played = completion })
        let frames = server.stepUntilIdle(sampling: 63, 35)
        XCTAssertEqual(played?.effect, "crossfade")
        XCTAssertEqual(played?.statistics.frames, 6, "100 ms at 60 Hz")
        // Red fades into green frame by frame.
        XCTAssertGreaterThan(frames.first?.r ?? 0, frames.first?.g ?? 255, "the first frame is mostly red")
        XCTAssertEqual(zip(frames, frames.dropFirst()).filter { $1.g < $0.g }.count, 0, "green only grows")
        XCTAssertEqual(frames.last, green)
        XCTAssertEqual(server.presented[0, 0], marker, "green's marker at its top left, not flipped")
        XCTAssertEqual(server.presented[63, 35], green)
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .workspace)
        XCTAssertEqual(workspaces(), .array([.object(["number": 2, "shown": true, "windows": [2], "urgent": false]),
                                             .object(["number": 1, "shown": false, "windows": [1], "urgent": false])].sorted(by: number)))
    }

    func testAWorkspaceWithNoWindowShowsTheBackgroundAndIsDroppedOnceLeft() throws {
        XCTAssertEqual(server.answer(.workspace(.number(3)))?.payload["switched"], .bool(true))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.presented[0, 0], background)
        XCTAssertEqual(server.presented[63, 35], background)
        XCTAssertEqual(server.answer(.workspace(.prev))?.payload["workspace"], .number(1), "before 3 comes 1, round")
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.presented[0, 0], marker)
        guard case .array(let list)? = workspaces() else { return XCTFail("no list") }
        XCTAssertEqual(list.count, 1, "3 held nothing: it went")
        XCTAssertEqual(server.answer(.workspace(.next))?.ok, false, "no other workspace")
    }

    func testWindowsListTheirWorkspaceAndAnotherWorkspacesWindowCanBeSwitchedTo() throws {
        XCTAssertEqual(server.answer(.moveToWorkspace(.number(4), window: 1))?.payload["workspace"], .number(4))
        guard case .array(let windows)? = server.answer(.windows)?.payload["windows"] else { return XCTFail("no windows") }
        let pairs = windows.compactMap { item -> String? in
            guard case .object(let w) = item else { return nil }
            return "\(w["id"]?.encoded() ?? "-"):\(w["workspace"]?.encoded() ?? "-")"
        }
        XCTAssertEqual(Set(pairs), ["1:4", "2:1"])
        // A switch to it shows its workspace.
        _ = try server.compositor.perform(.show(.window(id: 1)))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.compositor.navigation.workspaces.shownNumber, 4)
        XCTAssertEqual(server.presented[0, 0], red)
    }

    func testSuperNumberShowsAWorkspaceAndSuperShiftNumberMovesTheShownWindowThere() throws {
        let logo: UInt32 = 125, shift: UInt32 = 42, two: UInt32 = 3
        _ = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        func press(_ key: UInt32, _ pressed: Bool = true) {
            time += 10
            server.inject(.key(time: time, key: key, pressed: pressed))
        }
        press(logo); press(shift); press(two); press(two, false); press(shift, false); press(logo, false)
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.compositor.navigation.workspaces.number(of: try XCTUnwrap(server.compositor.allWindows.last)), 2)
        XCTAssertEqual(server.presented[0, 0], red)
        press(logo); press(two); press(two, false); press(logo, false)
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.compositor.navigation.workspaces.shownNumber, 2)
        XCTAssertEqual(server.presented[0, 0], marker)
    }

    private func number(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard case .object(let x) = a, case .object(let y) = b, case .number(let m)? = x["number"], case .number(let n)? = y["number"] else { return false }
        return m < n
    }
}
