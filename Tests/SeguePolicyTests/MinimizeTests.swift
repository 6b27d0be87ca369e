import SegueEngine
@testable import SeguePolicy
import XCTest

/// Minimized windows leave their stack and wait beside it: the one shown
/// before comes back with the minimize transition, and a restore (or a
/// switch to one) brings it back on top of its workspace with the restore.
final class MinimizeTests: XCTestCase {
    func testMinimizingTheShownWindowPlaysToTheOneShownBeforeIt() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let away = shell.give(navigation.minimized(b))
        XCTAssertEqual(away?.event, .minimize)
        XCTAssertTrue(away?.from === b && away?.to === a)
        XCTAssertTrue(navigation.stack.shown === a)
        XCTAssertEqual(navigation.stack.windows.map(\.name), ["a"], "out of the stack")
        XCTAssertEqual(navigation.stack.minimized.map(\.name), ["b"])
        XCTAssertEqual(navigation.workspaces.number(of: b), 1, "still on its workspace")
        XCTAssertEqual(navigation.workspaces.allWindows.map(\.name), ["a", "b"], "still listed")
        XCTAssertNil(shell.give(navigation.minimized(b)), "minimized already: nothing plays")
        shell.settle()
        XCTAssertTrue(shell.completed.last?.play.to === a)
    }

    func testMinimizingTheLastWindowPlaysToTheBackground() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a")
        shell.open(a)
        let away = shell.give(navigation.minimized(a))
        XCTAssertTrue(away?.from === a && away?.to == nil)
        XCTAssertNil(navigation.stack.shown)
        XCTAssertFalse(navigation.stack.isEmpty, "it holds the minimized window")
    }

    func testWithEveryWindowShownMinimizingOneUnderTheShownPlaysFromItToTheShown() {
        let shell = Shell(), navigation = shell.navigation
        navigation.showsEveryWindow = true
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let away = shell.give(navigation.minimized(a))
        XCTAssertEqual(away?.event, .minimize)
        XCTAssertTrue(away?.from === a && away?.to === b, "from it to the top one, which stays shown")
        XCTAssertTrue(navigation.stack.shown === b)
        XCTAssertTrue(navigation.workspaces.isMinimized(a))
    }

    func testMinimizingAWindowNotShownPlaysNothing() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        XCTAssertNil(shell.give(navigation.minimized(a)))
        XCTAssertTrue(navigation.stack.shown === b)
        XCTAssertTrue(navigation.workspaces.isMinimized(a))
        XCTAssertNil(navigation.stack.neighbour(after: true), "next and prev skip it")
    }

    func testRestoringPlaysFromTheShownWindowAndPutsItOnTop() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        shell.open(c)
        shell.give(navigation.minimized(a))
        shell.settle()
        let back = shell.give(navigation.restored(a, at: shell.now))
        XCTAssertEqual(back?.event, .restore)
        XCTAssertEqual(back?.event.direction, .reverse, "the minimize undone")
        XCTAssertTrue(back?.from === c && back?.to === a)
        XCTAssertTrue(navigation.stack.shown === a)
        XCTAssertEqual(navigation.stack.windows.map(\.name), ["b", "c", "a"], "on top, after the others in opening order")
        XCTAssertEqual(navigation.stack.shownOrder.map(\.name), ["b", "c", "a"])
        XCTAssertNil(shell.give(navigation.restored(a)), "not minimized: nothing plays")
    }

    func testSwitchingToAMinimizedWindowRestoresIt() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        shell.give(navigation.minimized(a))
        let back = shell.give(navigation.switched(to: a, at: shell.now))
        XCTAssertEqual(back?.event, .restore)
        XCTAssertFalse(navigation.workspaces.isMinimized(a))
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testRestoringAWindowOnAHiddenWorkspaceShowsThatWorkspace() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        navigation.opened(b, onHidden: 2)
        navigation.opened(c, onHidden: 2)
        XCTAssertNil(shell.give(navigation.minimized(c)), "hidden: nothing plays")
        XCTAssertTrue(navigation.workspaces.stack(2)?.shown === b)
        shell.give(navigation.minimized(b))
        XCTAssertEqual(navigation.workspaces.numbers, [1, 2], "a workspace of minimized windows stays")
        let back = shell.give(navigation.restored(c, at: shell.now))
        XCTAssertTrue(back?.from === a && back?.to === c)
        XCTAssertEqual(navigation.workspaces.shownNumber, 2)
        XCTAssertTrue(navigation.stack.shown === c)
        XCTAssertEqual(navigation.stack.minimized.map(\.name), ["b"])
    }

    func testAMinimizedWindowMovedToAnotherWorkspaceStaysMinimized() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        shell.give(navigation.minimized(a))
        XCTAssertNil(shell.give(navigation.moved(a, toWorkspace: 3, at: shell.now)))
        XCTAssertEqual(navigation.workspaces.number(of: a), 3)
        XCTAssertTrue(navigation.workspaces.isMinimized(a))
        XCTAssertNil(navigation.workspaces.stack(3)?.shown)
    }

    func testClosingAMinimizedWindowPlaysNothing() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        shell.give(navigation.minimized(a))
        guard case .hidden = navigation.closed(a) else { return XCTFail("a minimized window is not the shown one") }
        XCTAssertTrue(navigation.workspaces.allWindows.map(\.name) == ["b"])
    }

    func testTheSwitcherListsMinimizedWindowsLastAndCommittingOneRestoresIt() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c"), d = W("d")
        shell.open(a)
        shell.open(b)
        navigation.opened(d, onHidden: 2)
        shell.give(navigation.minimized(d))
        shell.open(c)
        shell.give(navigation.minimized(a))
        shell.give(navigation.minimized(b))
        shell.settle()
        XCTAssertTrue(navigation.switcherOpened(backward: false, allWorkspaces: true, at: shell.now))
        XCTAssertEqual(navigation.switcher.windows.map(\.name), ["c", "b", "a", "d"],
                       "the shown one, then the minimized, the latest first, the shown workspace's first")
        navigation.switcherCancelled()
        XCTAssertTrue(navigation.switcherOpened(backward: false, allWorkspaces: false, at: shell.now))
        XCTAssertEqual(navigation.switcher.windows.map(\.name), ["c", "b", "a"])
        let back = shell.give(navigation.switcherCommitted(at: shell.now))
        XCTAssertEqual(back?.event, .restore)
        XCTAssertTrue(navigation.stack.shown === b)
    }
}
