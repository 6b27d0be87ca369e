@testable import SegueShell
import XCTest

/// A hand (a drag with the modifier, a touch from the edge, a touchpad
/// swipe) begins a switch once it has moved far enough, in the direction it
/// went, and its travel becomes the switch's progress.
final class GestureInputTests: XCTestCase {
    func testNothingBeginsBeforeTheHandHasMovedFarEnough() {
        var hand = GestureInput(source: .pointer, startX: 100)
        hand.move(100 - GestureInput.threshold + 1)
        XCTAssertNil(hand.beginning(), "a click, not a drag")
        hand.move(100 - GestureInput.threshold)
        XCTAssertEqual(hand.beginning(), .step(forward: true))
    }

    func testLeftIsTheNextWindowAndRightThePreviousWithProgressGrowingEitherWay() {
        var left = GestureInput(source: .pointer, startX: 500)
        left.move(400)
        XCTAssertEqual(left.beginning(), .step(forward: true))
        XCTAssertEqual(left.progress(over: 400), 0.25, accuracy: 1e-9)
        var right = GestureInput(source: .pointer, startX: 500)
        right.move(600)
        XCTAssertEqual(right.beginning(), .step(forward: false))
        XCTAssertEqual(right.progress(over: 400), 0.25, accuracy: 1e-9)
    }

    func testAnEdgeTouchOnlyGoesBack() {
        var leftwards = GestureInput(source: .touch(id: 0), startX: 4)
        leftwards.move(-20)
        XCTAssertNil(leftwards.beginning())
        var rightwards = GestureInput(source: .touch(id: 0), startX: 4)
        rightwards.move(30)
        XCTAssertEqual(rightwards.beginning(), .back)
    }

    func testASwipeAddsUpTheDistancesItReports() {
        var swipe = GestureInput(source: .swipe, startX: 0)
        swipe.move(-5)
        XCTAssertNil(swipe.beginning())
        swipe.move(-5)
        XCTAssertEqual(swipe.moved, -10)
        XCTAssertEqual(swipe.beginning(), .step(forward: true))
    }

    func testAHandThatWasRefusedOrAlreadyDrivesBeginsNothingMore() {
        var refused = GestureInput(source: .pointer, startX: 0)
        refused.refused = true
        refused.move(50)
        XCTAssertNil(refused.beginning())
    }

    func testATakenOverSwitchGoesOnFromTheProgressItWasAt() {
        var hand = GestureInput(source: .pointer, startX: 300)
        hand.startProgress = 0.4
        hand.move(200)
        _ = hand.beginning()
        XCTAssertEqual(hand.progress(over: 1000), 0.5, accuracy: 1e-9)
    }
}
