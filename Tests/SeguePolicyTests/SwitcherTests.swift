import SegueEngine
@testable import SeguePolicy
import XCTest

/// The held switcher: most recently shown first, the second selected, one
/// switch on commit however many presses, nothing on cancel, its overlay
/// only after the open delay.
final class SwitcherTests: XCTestCase {
    /// a, b, c, d opened in turn and shown in the order d, b, c (c shown now, d before it).
    private func fourWindows() -> (Nav, [W]) {
        let shell = Shell(), navigation = shell.navigation
        let windows = ["a", "b", "c", "d"].map(W.init)
        for (index, window) in windows.enumerated() {
            shell.give(navigation.opened(window, at: .seconds(Double(index))), atOnce: true)
        }
        for (index, window) in [windows[1], windows[2]].enumerated() {
            shell.give(navigation.switched(to: window, at: .seconds(10 + Double(index) * 2)), atOnce: true)
        }
        return (navigation, windows)
    }

    /// `token`'s play shown at once, nothing played.
    private func finish(_ token: consuming PlayToken?, _ navigation: Nav) {
        if let token { _ = navigation.showAtOnce(token, at: .seconds(40)) }
    }

    func testAFirstPressListsWindowsMostRecentFirstAndSelectsTheSecond() {
        let (navigation, w) = fourWindows()
        XCTAssertTrue(navigation.switcherOpened(backward: false, at: .seconds(20)))
        XCTAssertEqual(navigation.switcher.windows.map(\.name), ["c", "b", "d", "a"])
        XCTAssertTrue(navigation.switcher.selection === w[1], "b: where one quick press goes back to")
        navigation.switcherStepped(backward: false)
        navigation.switcherStepped(backward: false)
        navigation.switcherStepped(backward: false)
        XCTAssertTrue(navigation.switcher.selection === w[2], "wrapped round to the shown window")
        navigation.switcherStepped(backward: true)
        XCTAssertTrue(navigation.switcher.selection === w[0])
    }

    func testBackwardStartsOnTheLeastRecent() {
        let (navigation, w) = fourWindows()
        XCTAssertTrue(navigation.switcherOpened(backward: true, at: .seconds(20)))
        XCTAssertTrue(navigation.switcher.selection === w[0])
    }

    func testTheOverlayShowsOnlyAfterTheOpenDelayAndAQuickTapJustSwitches() {
        let (navigation, w) = fourWindows()
        XCTAssertTrue(navigation.switcherOpened(backward: false, at: .seconds(20)))
        XCTAssertEqual(navigation.switcher.phase, .pending)
        XCTAssertFalse(navigation.switcherTicked(at: .seconds(20.1)))
        guard let token = navigation.switcherCommitted(at: .seconds(20.1)) else { return XCTFail("a switch") }
        let play = navigation.play(of: token)
        XCTAssertEqual(play.event, .switch)
        XCTAssertTrue(play.from === w[2] && play.to === w[1])
        XCTAssertEqual(navigation.animations.count, 1, "one transition")
        XCTAssertFalse(navigation.switcher.isHeld)

        finish(token, navigation)
        XCTAssertTrue(navigation.switcherOpened(backward: false, at: .seconds(30)))
        XCTAssertTrue(navigation.switcherTicked(at: .seconds(30.15)))
        XCTAssertEqual(navigation.switcher.phase, .open)
        XCTAssertFalse(navigation.switcherTicked(at: .seconds(30.2)), "it showed once")
    }

    func testManyPressesCommitOneSwitchAndCancelPlaysNothing() {
        let (navigation, w) = fourWindows()
        _ = navigation.switcherOpened(backward: false, at: .seconds(20))
        for _ in 0..<6 { navigation.switcherStepped(backward: false) }
        guard let token = navigation.switcherCommitted(at: .seconds(21)) else { return XCTFail("a switch") }
        XCTAssertTrue(navigation.play(of: token).to === w[0], "c b d a, second then six on: a")
        XCTAssertEqual(navigation.animations.count, 1)
        finish(token, navigation)
        _ = navigation.switcherOpened(backward: false, at: .seconds(30))
        navigation.switcherCancelled()
        XCTAssertFalse(navigation.switcher.isHeld)
        XCTAssertFalse(navigation.isAnimating)
        XCTAssertTrue(navigation.stack.shown === w[0])
    }

    func testAWindowThatGoesLeavesTheListAndTheSelectionMovesOn() {
        let (navigation, w) = fourWindows()
        _ = navigation.switcherOpened(backward: false, at: .seconds(20))
        _ = navigation.closed(w[1])
        XCTAssertEqual(navigation.switcher.windows.map(\.name), ["c", "d", "a"])
        XCTAssertTrue(navigation.switcher.selection === w[3], "the next one takes its place")
        _ = navigation.closed(w[3])
        _ = navigation.closed(w[0])
        XCTAssertFalse(navigation.switcher.isHeld, "one window left: nothing to switch to")
    }

    func testAnySwitchAskedForWhileHeldLetsTheSwitcherGoFirst() {
        let (navigation, w) = fourWindows()
        _ = navigation.switcherOpened(backward: false, at: .seconds(20))
        finish(navigation.switched(to: w[0], at: .seconds(20.5)), navigation)
        XCTAssertFalse(navigation.switcher.isHeld)
        XCTAssertFalse(navigation.switcherOpened(backward: false, listing: { $0 === w[0] }, at: .seconds(21)),
                       "one window listed: nothing held")
    }

    func testAClickCommitsThatWindow() {
        let (navigation, w) = fourWindows()
        _ = navigation.switcherOpened(backward: false, at: .seconds(20))
        XCTAssertTrue(navigation.switcherSelected(w[3]))
        guard let token = navigation.switcherCommitted(at: .seconds(21)) else { return XCTFail("a switch") }
        XCTAssertTrue(navigation.play(of: token).to === w[3])
        finish(token, navigation)
    }
}
