import SegueEngine
@testable import SeguePolicy
import XCTest

/// Numbered workspaces, each a stack of its own: made when shown or given a
/// window, dropped when left empty and hidden; a switch between them plays
/// from the window shown to the one shown there.
final class WorkspaceTests: XCTestCase {
    func testAWorkspaceIsMadeWhenShownAndDroppedOnceHiddenAndEmpty() {
        var workspaces = Workspaces<W>()
        XCTAssertEqual(workspaces.numbers, [1])
        workspaces.show(4)
        XCTAssertEqual(workspaces.numbers, [4], "1 held nothing: it went")
        let a = W("a")
        workspaces.add(a, to: 2)
        XCTAssertEqual(workspaces.numbers, [2, 4])
        XCTAssertEqual(workspaces.number(of: a), 2)
        workspaces.show(2)
        XCTAssertEqual(workspaces.numbers, [2])
        workspaces.remove(a)
        XCTAssertEqual(workspaces.numbers, [2], "the shown one stays, empty")
    }

    func testNeighboursGoRoundTheWorkspacesThereAre() {
        var workspaces = Workspaces<W>()
        XCTAssertNil(workspaces.neighbour(after: true), "one workspace: none")
        workspaces.add(W("a"), to: 3)
        workspaces.add(W("b"), to: 7)
        XCTAssertEqual(workspaces.neighbour(after: true), 3)
        XCTAssertEqual(workspaces.neighbour(after: false), 7, "before the first is the last")
    }

    func testShowingAWorkspacePlaysFromTheShownWindowToTheOneShownThere() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        navigation.opened(b, onHidden: 2)
        XCTAssertTrue(navigation.stack.shown === a, "opened on a hidden workspace, it waits there")
        let there = shell.give(navigation.workspaceShown(2))
        XCTAssertEqual(there?.event, .workspace)
        XCTAssertTrue(there?.from === a && there?.to === b)
        XCTAssertEqual(navigation.workspaces.shownNumber, 2)
        XCTAssertTrue(navigation.stack.shown === b)
        XCTAssertNil(shell.give(navigation.workspaceShown(2)), "shown already: nothing plays")
        let empty = shell.give(navigation.workspaceShown(5))
        XCTAssertTrue(empty?.from === b && empty?.to == nil, "to the bare background of a workspace with no window")
        shell.settle()
        XCTAssertEqual(navigation.workspaces.numbers, [1, 2, 5])
    }

    func testMovingTheShownWindowAwayBringsBackTheOneBeforeAsFromAClose() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let away = shell.give(navigation.moved(b, toWorkspace: 3))
        XCTAssertEqual(away?.event, .close)
        XCTAssertTrue(away?.from === b && away?.to === a)
        XCTAssertEqual(navigation.workspaces.number(of: b), 3)
        XCTAssertTrue(navigation.workspaces.stack(3)?.shown === b, "on top there")
        XCTAssertNil(shell.give(navigation.moved(b, toWorkspace: 4)), "between hidden workspaces nothing plays")
        XCTAssertEqual(navigation.workspaces.numbers, [1, 4], "3 went with it")
    }

    func testASwitchToAWindowOnAnotherWorkspaceShowsThatWorkspace() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        navigation.opened(b, onHidden: 2)
        navigation.opened(c, onHidden: 2)
        let play = shell.give(navigation.switched(to: b))
        XCTAssertEqual(play?.event, .workspace)
        XCTAssertTrue(play?.from === a && play?.to === b)
        XCTAssertEqual(navigation.workspaces.shownNumber, 2)
        XCTAssertTrue(navigation.stack.shown === b, "the window asked for, not the one on top there")
    }

    func testClosingAWindowOnAHiddenWorkspacePlaysNothing() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        navigation.opened(b, onHidden: 2)
        guard case .hidden = navigation.closed(b) else { return XCTFail("a hidden window's close plays nothing") }
        XCTAssertEqual(navigation.workspaces.numbers, [1])
    }

    func testTheSwitcherListsOtherWorkspacesWindowsAfterTheShownOnesWhenAskedForAll() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        navigation.opened(c, onHidden: 2)
        XCTAssertTrue(navigation.switcherOpened(backward: false, allWorkspaces: true, at: shell.now))
        XCTAssertEqual(navigation.switcher.windows.map(\.name), ["b", "a", "c"])
        navigation.switcherCancelled()
        XCTAssertTrue(navigation.switcherOpened(backward: false, at: shell.now))
        XCTAssertEqual(navigation.switcher.windows.map(\.name), ["b", "a"], "the shown workspace's alone")
    }
}
