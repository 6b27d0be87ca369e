import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A switch a hand drives, on the stepped clock: each frame shows the effect at
/// the hand's progress, and the release decides by where and how fast.
final class GestureTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var first: RawToplevel!
    private var target: RawToplevel!
    private var keyboard: RawKeyboard!
    private let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [transitions.open]
            effect = "none"
            [transitions.switch]
            effect = "crossfade"
            """)
        client = try server.connect()
        keyboard = client.makeKeyboard()
        // Blue opens first, then red on top of it: the gesture drags from red to the next, blue.
        target = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: blue), on: target.surface)
        first = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: red), on: first.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(first.surface))
    }

    override func tearDown() {
        server?.stop()
    }

    /// Moves the hand to each of `progress`, one refresh apart; the centre of each frame.
    private func drag(_ progress: [Double]) throws -> [RGBA] { try server.drag(progress, sampling: 32, 18) }

    func testEachFrameShowsTheEffectAtTheHandsProgressAndAStillHandDrawsNothing() throws {
        try server.compositor.perform(.gesture(.begin(.next)))
        let shown = try drag([0.1, 0.3, 0.2])
        for (pixel, progress) in zip(shown, [0.1, 0.3, 0.2]) {
            XCTAssertEqual(Double(pixel.b), 255 * progress, accuracy: 2, "\(shown)")
            XCTAssertEqual(Double(pixel.r), 255 * (1 - progress), accuracy: 2, "\(shown)")
        }
        XCTAssertFalse(server.backend.step(), "the hand held still: no frame")
    }

    func testASlowReleaseAtThreeTenthsCancelsAndTheFirstWindowStaysShownAndFocused() throws {
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.begin(.next)), onComplete: { completion, _ in completions.append(completion) })
        _ = try drag(stride(from: 0.01, through: 0.3, by: 0.01).map { $0 })
        try server.compositor.perform(.gesture(.end(velocity: nil)))
        let settling = server.stepUntilIdle(sampling: 32, 18)
        XCTAssertEqual(settling.last, red)
        XCTAssertEqual(completions.map(\.outcome), [.cancelled])
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(first.surface), "focus never left the first window")
    }

    func testAQuickReleaseAtThreeTenthsCompletesAndFocusesTheTarget() throws {
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.begin(.next)), onComplete: { completion, _ in completions.append(completion) })
        _ = try drag([0.1, 0.2, 0.3])
        try server.compositor.perform(.gesture(.end(velocity: nil)))
        let settling = server.stepUntilIdle(sampling: 32, 18)
        XCTAssertEqual(settling.last, blue)
        XCTAssertEqual(completions.map(\.outcome), [.finished])
        XCTAssertTrue(client.roundtrip())
        XCTAssertNotEqual(keyboard.focusChanges.last, .enter(first.surface))
    }

    func testStepsWithoutABegunGestureOrWithoutANumberAreRefused() throws {
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.update(0.5))))
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.end(velocity: nil))))
        try server.compositor.perform(.gesture(.begin(.next)))
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.update(.nan))))
        try server.compositor.perform(.gesture(.cancel))
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.cancel)), "cancelled already")
        let settling = server.stepUntilIdle(sampling: 32, 18)
        XCTAssertEqual(settling.last, red, "nothing left half-switched")
    }

    func testAGestureTakesARunningSwitchOverWhereItIsAndACancelGoesBackToWhereItCameFrom() throws {
        try server.compositor.perform(.show(.next))
        var before: [RGBA] = []
        for _ in 0..<3 {
            XCTAssertTrue(server.backend.step())
            before.append(server.presented[32, 18])
        }
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.begin(.window(id: 1))), onComplete: { completion, _ in completions.append(completion) })
        XCTAssertTrue(server.backend.step(), "taking over draws a frame")
        let taken = server.presented[32, 18]
        XCTAssertGreaterThan(before[2].b, 0)
        XCTAssertEqual(Double(taken.b), Double(before[2].b), accuracy: 2, "no jump where the hand takes over: \(before) then \(taken)")
        try server.compositor.perform(.gesture(.cancel))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, red)
        XCTAssertEqual(completions.map(\.outcome), [.cancelled])
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(first.surface), "focus is back on the window the switch left")
    }

    /// The pixel the last step drew at the output's centre.
    private func centre() -> RGBA { server.presented[32, 18] }

    func testDraggingThePointerLeftWithSuperHeldScrubsToTheNextWindowAndClientsSeeNoButton() throws {
        let pointer = client.makePointer()
        XCTAssertTrue(client.roundtrip())
        let superKey: UInt32 = 125, buttonLeft: UInt32 = 0x110
        server.inject(.key(time: 1, key: superKey, pressed: true))
        server.inject(.pointerMotion(time: 2, x: 40, y: 18))
        server.inject(.pointerButton(time: 3, button: buttonLeft, pressed: true))
        server.inject(.pointerMotion(time: 4, x: 24, y: 18))
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(centre().b), 255 * 16 / 64, accuracy: 2, "a quarter of the output's width is a quarter of the way")
        server.inject(.pointerMotion(time: 5, x: 8, y: 18))
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(centre().b), 255 * 32 / 64, accuracy: 2)
        // The hand holds the pointer: another button meanwhile is nobody's.
        server.inject(.pointerButton(time: 6, button: buttonLeft + 1, pressed: true))
        server.inject(.pointerButton(time: 6, button: buttonLeft + 1, pressed: false))
        server.inject(.pointerButton(time: 6, button: buttonLeft, pressed: false))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, blue, "a quick drag past halfway completes")
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(pointer.events.contains { if case .button = $0 { true } else { false } }, "\(pointer.events)")
    }

    func testATouchFromTheLeftEdgeSwipesBackToTheWindowShownBefore() throws {
        let touch = client.makeTouch()
        XCTAssertTrue(client.roundtrip())
        server.inject(.touchDown(time: 1, id: 0, x: 4, y: 18))
        server.inject(.touchMotion(time: 2, id: 0, x: 20, y: 18))
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(centre().b), 255 * 16 / 64, accuracy: 2)
        server.inject(.touchUp(time: 3, id: 0))
        _ = server.stepUntilIdle(sampling: 32, 18)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(touch.events, [], "the swipe is the compositor's")
        // A touch away from the edge is the client's.
        server.inject(.touchDown(time: 4, id: 0, x: 32, y: 18))
        server.inject(.touchUp(time: 5, id: 0))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(touch.events.count, 2)
    }

    func testATargetWindowClosingMidGestureSendsTheHandBack() throws {
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.begin(.next)), onComplete: { completion, _ in completions.append(completion) })
        _ = try drag([0.3, 0.6])
        xdg_toplevel_destroy(target.toplevel)
        XCTAssertTrue(client.roundtrip())
        let settling = server.stepUntilIdle(sampling: 32, 18)
        XCTAssertEqual(settling.last, red, "back to the window that was shown, from where the hand was")
        XCTAssertGreaterThan(settling.first?.b ?? 0, 100, "the closed window's last frame is still there as it goes back")
        XCTAssertEqual(completions.map(\.outcome), [.cancelled])
        XCTAssertThrowsError(try server.compositor.perform(.gesture(.end(velocity: nil))), "the gesture is over")
    }

    func testASecondGestureTakesTheFirstOverWhereItIsAndTheFirstEndsInterrupted() throws {
        var first: [TransitionCompletion] = [], second: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.begin(.next)), onComplete: { completion, _ in first.append(completion) })
        let before = try drag([0.2, 0.4])
        try server.compositor.perform(.gesture(.begin(.next)), onComplete: { completion, _ in second.append(completion) })
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(centre().b), Double(before[1].b), accuracy: 2, "the second hand starts where the first was")
        XCTAssertEqual(first.map(\.outcome), [.interrupted])
        _ = try drag([0.7])
        try server.compositor.perform(.gesture(.end(velocity: nil)))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, blue)
        XCTAssertEqual(second.map(\.outcome), [.finished])
        XCTAssertEqual(first.count, 1, "the first heard once")
    }

    func testAThreeFingerSwipeLeftScrubsToTheNextWindowAndACancelledOneGoesBack() throws {
        server.inject(.swipeBegin(time: 1, fingers: 3))
        server.inject(.swipeUpdate(time: 2, dx: -16, dy: 1))
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(centre().b), 255 * 16 / 64, accuracy: 2)
        server.inject(.swipeUpdate(time: 3, dx: -24, dy: 0))
        XCTAssertTrue(server.backend.step())
        XCTAssertEqual(Double(centre().b), 255 * 40 / 64, accuracy: 2)
        server.inject(.swipeEnd(time: 4, cancelled: true))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, red, "cancelled by the touchpad: back")

        server.inject(.swipeBegin(time: 5, fingers: 3))
        server.inject(.swipeUpdate(time: 6, dx: -40, dy: 0))
        XCTAssertTrue(server.backend.step())
        server.inject(.swipeEnd(time: 7, cancelled: false))
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, blue, "let go past halfway: on to the next")
    }

    func testASwipeOfAnotherFingerCountIsNotAGesture() throws {
        server.inject(.swipeBegin(time: 1, fingers: 5))
        server.inject(.swipeUpdate(time: 2, dx: -40, dy: 0))
        server.inject(.swipeEnd(time: 3, cancelled: false))
        XCTAssertFalse(server.backend.step(), "nothing moved on screen")
        XCTAssertNil(server.compositor.gesture)
    }

    func testAGestureWithNoStepForItsIdleLimitGoesBackByItself() throws {
        server.compositor.input.hands.idleLimit = 50
        var completions: [TransitionCompletion] = []
        try server.compositor.perform(.gesture(.begin(.next)), onComplete: { completion, _ in completions.append(completion) })
        _ = try drag([0.4])
        XCTAssertTrue(server.serve(timeout: .seconds(5)) { server.compositor.gesture == nil }, "let go after 50 ms without a step")
        XCTAssertEqual(server.stepUntilIdle(sampling: 32, 18).last, red)
        XCTAssertEqual(completions.map(\.outcome), [.cancelled])
    }

    func testGesturesFollowTheConfigAsItIsReloaded() throws {
        try server.rewriteConfig("""
            [transitions.open]
            effect = "none"
            [transitions.switch]
            effect = "crossfade"
            [gestures]
            swipe-fingers = 0
            """)
        try server.compositor.perform(.reload)
        server.inject(.swipeBegin(time: 1, fingers: 3))
        server.inject(.swipeUpdate(time: 2, dx: -40, dy: 0))
        server.inject(.swipeEnd(time: 3, cancelled: false))
        XCTAssertNil(server.compositor.gesture)
        XCTAssertFalse(server.backend.step(), "swipes are the clients' now")
    }
}
