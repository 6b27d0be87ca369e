import CWaylandClient
import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// A workspace switch a hand drives: `msg gesture begin workspace:N` or a
/// four-finger swipe. Each frame shows `[transitions.workspace]` at the
/// hand's progress; the workspace shown changes only when a release
/// completes it, and a cancelled one leaves it where it was.
final class WorkspaceGestureTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var keyboard: RawKeyboard!
    private var toplevels: [RawToplevel] = []
    private let red = RedAndGreenWindows.red, green = RedAndGreenWindows.green, marker = RedAndGreenWindows.marker

    /// Red on workspace 2, green (its marker at its top left) shown on 1.
    override func setUpWithError() throws {
        server = try RedAndGreenWindows.server()
        client = try server.connect()
        keyboard = client.makeKeyboard()
        toplevels = try RedAndGreenWindows.open(on: server, client)
        XCTAssertEqual(server.answer(.moveToWorkspace(.number(2), window: 1))?.payload["workspace"], .number(2))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.presented[0, 0], marker)
    }

    override func tearDown() { server?.stop() }

    private var shownWorkspace: Int { server.compositor.navigation.workspaces.shownNumber }

    /// Moves the hand to each of `progress`, one refresh apart; the centre of each frame.
    private func drag(_ progress: [Double]) throws -> [RGBA] { try server.drag(progress, sampling: 32, 18) }

    func testEachFrameIsTheCrossfadeAtTheHandsProgressAndTheWorkspaceWaitsForTheRelease() throws {
        guard case .gestured(let window, let workspace) = try server.compositor.perform(.gesture(.beginWorkspace(.number(2)))) else {
            return XCTFail("not a gesture")
        }
        XCTAssertEqual(window, 1, "red, shown on workspace 2")
        XCTAssertEqual(workspace, 2)
        let shown = try drag([0.2, 0.5, 0.4])
        for (pixel, progress) in zip(shown, [0.2, 0.5, 0.4]) {
            XCTAssertEqual(Double(pixel.r), 220 * progress, accuracy: 3, "\(shown)")
            XCTAssertEqual(Double(pixel.g), 180 * (1 - progress), accuracy: 3, "\(shown)")
        }
        XCTAssertEqual(shownWorkspace, 1, "held: workspace 1 is still the one shown")
        XCTAssertEqual(server.compositor.stack.shown?.id, 2)
    }

    func testAFlickCompletesTheSwitchAndShowsTheWorkspaceOnce() throws {
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.beginWorkspace(.next)), onComplete: { completion, _ in completions.append(completion) })
        _ = try drag([0.1, 0.2, 0.3])
        try server.compositor.perform(.gesture(.end(velocity: 4)))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, red)
        XCTAssertEqual(completions.map(\.outcome), [.finished])
        XCTAssertEqual(shownWorkspace, 2)
        XCTAssertEqual(server.compositor.stack.shown?.id, 1)
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .workspace)
        XCTAssertEqual(server.compositor.control.reports.announcedWorkspace, 2, "workspace_shown told")
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(toplevels[0].surface), "red has the keyboard")
        XCTAssertEqual(server.presented[0, 0], red, "red's red marker at its top left: the whole of it upright")
    }

    func testASlowReleaseGoesBackAndTheWorkspaceNeverChanged() throws {
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.beginWorkspace(.number(2))), onComplete: { completion, _ in completions.append(completion) })
        _ = try drag(stride(from: 0.01, through: 0.3, by: 0.01).map { $0 })
        try server.compositor.perform(.gesture(.end(velocity: nil)))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, green)
        XCTAssertEqual(completions.map(\.outcome), [.cancelled])
        XCTAssertEqual(shownWorkspace, 1)
        XCTAssertEqual(server.presented[0, 0], marker)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(toplevels[1].surface), "focus never left green")
    }

    func testAFourFingerSwipeScrubsToTheNextWorkspaceAndACancelledOneStays() throws {
        server.inject(.swipeBegin(time: 1, fingers: 4))
        server.inject(.swipeUpdate(time: 2, dx: -16, dy: 1))
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(server.presented[32, 18].r), 220 * 16 / 64, accuracy: 3, "a quarter of the way to red")
        server.inject(.swipeEnd(time: 3, cancelled: true))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, green, "cancelled by the touchpad: back")
        XCTAssertEqual(shownWorkspace, 1)

        server.inject(.swipeBegin(time: 4, fingers: 4))
        server.inject(.swipeUpdate(time: 5, dx: -44, dy: 0))
        XCTAssertTrue(server.backend.step())
        server.inject(.swipeEnd(time: 6, cancelled: false))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, red, "let go past halfway: on to workspace 2")
        XCTAssertEqual(shownWorkspace, 2)
    }

    func testThreeFingersStillSwitchWindowsAndTheWorkspaceSwipeCanBeTurnedOff() throws {
        server.inject(.swipeBegin(time: 1, fingers: 3))
        server.inject(.swipeUpdate(time: 2, dx: -16, dy: 0))
        XCTAssertEqual(server.compositor.gesture?.workspaces, nil, "three fingers: windows")
        server.inject(.swipeEnd(time: 3, cancelled: true))
        _ = server.stepUntilIdle(sampling: 0, 0)
        try server.rewriteConfig(RedAndGreenWindows.config + "\n[gestures]\nworkspace-swipe-fingers = 0\n")
        XCTAssertEqual(server.answer(.reload)?.ok, true)
        server.inject(.swipeBegin(time: 4, fingers: 4))
        server.inject(.swipeUpdate(time: 5, dx: -40, dy: 0))
        server.inject(.swipeEnd(time: 6, cancelled: false))
        XCTAssertFalse(server.backend.step(), "nothing moved on screen")
        XCTAssertEqual(shownWorkspace, 1)
    }

    func testBeginningTowardTheShownWorkspaceOrWithNoOtherIsRefused() throws {
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.beginWorkspace(.number(1)))))
        XCTAssertEqual(server.answer(.moveToWorkspace(.number(1), window: 1))?.ok, true)
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.beginWorkspace(.next))), "no other workspace")
    }
}
