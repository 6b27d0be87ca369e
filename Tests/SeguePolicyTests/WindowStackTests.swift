@testable import SeguePolicy
import XCTest

/// The stack of windows behaves like a navigation stack: open pushes and
/// shows, closing the shown window returns to the one shown before it.
final class WindowStackTests: XCTestCase {
    func testOpeningPushesAndShowsTheNewWindow() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b")
        XCTAssertNil(stack.shown)
        stack.push(a)
        stack.push(b)
        XCTAssertTrue(stack.shown === b)
        XCTAssertEqual(stack.windows.map(\.name), ["a", "b"])
    }

    func testClosingTheShownWindowReturnsToThePreviouslyShownOne() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b"), c = W("c")
        [a, b, c].forEach { stack.push($0) }
        stack.show(a)
        stack.remove(a)
        XCTAssertTrue(stack.shown === c, "c was shown before a")
        stack.remove(c)
        XCTAssertTrue(stack.shown === b)
        stack.remove(b)
        XCTAssertNil(stack.shown)
    }

    func testClosingAHiddenWindowKeepsTheShownOne() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b")
        stack.push(a)
        stack.push(b)
        stack.remove(a)
        XCTAssertTrue(stack.shown === b)
    }

    func testNextAndPrevCycleInOpeningOrderAndWrap() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b"), c = W("c")
        [a, b, c].forEach { stack.push($0) }
        XCTAssertTrue(stack.neighbour(after: true) === a, "after the last comes the first")
        XCTAssertTrue(stack.neighbour(after: false) === b)
        stack.show(a)
        XCTAssertTrue(stack.neighbour(after: false) === c)
    }

    /// Most recently used, with a debounce: stepping past windows on the way
    /// to another does not move them up; a look that lasted, or input, does.
    func testAWindowShownOnlyInPassingGoesBackToWhereItStood() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b"), c = W("c")
        stack.push(a, at: .seconds(0))
        stack.push(b, at: .seconds(1))
        stack.push(c, at: .seconds(2))
        stack.show(a, at: .seconds(10), inPassing: true)
        stack.show(b, at: .seconds(10.2), inPassing: true)
        XCTAssertEqual(stack.shownOrder.map(\.name), ["a", "c", "b"], "a was passed: c is still the one looked at before b")
        XCTAssertEqual(stack.lastShown(a), .seconds(0), "and a keeps the time it had")
        stack.show(a, at: .seconds(11), inPassing: true)
        stack.show(c, at: .seconds(12))
        XCTAssertEqual(stack.shownOrder.map(\.name), ["b", "a", "c"], "a shown a second counts")
        XCTAssertEqual(stack.lastShown(a), .seconds(11))
        stack.show(b, at: .seconds(12.1))
        stack.show(a, at: .seconds(12.2))
        XCTAssertEqual(stack.shownOrder.map(\.name), ["c", "b", "a"], "a window chosen counts at once, however briefly")
    }

    func testInputToAWindowShownBrieflyMakesItCount() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b"), c = W("c")
        [a, b, c].enumerated().forEach { stack.push($1, at: .seconds(Double($0))) }
        stack.show(a, at: .seconds(10), inPassing: true)
        stack.noteInput(to: a)
        stack.show(b, at: .seconds(10.1))
        XCTAssertEqual(stack.shownOrder.map(\.name), ["c", "a", "b"])
    }

    func testTheShownWindowIsFirstHoweverBrieflyAndAClosedOneLeavesNoTrace() {
        var stack = WindowStack<W>()
        let a = W("a"), b = W("b"), c = W("c")
        [a, b, c].enumerated().forEach { stack.push($1, at: .seconds(Double($0))) }
        stack.show(a, at: .seconds(10), inPassing: true)
        XCTAssertTrue(stack.shown === a, "the shown window is first")
        stack.remove(a)
        XCTAssertTrue(stack.shown === c)
        stack.show(b, at: .seconds(10.1))
        XCTAssertEqual(stack.shownOrder.map(\.name), ["c", "b"])
    }

    func testOneWindowHasNoNeighbourAndUnknownWindowsAreNotShown() {
        var stack = WindowStack<W>()
        let a = W("a")
        stack.push(a)
        XCTAssertNil(stack.neighbour(after: true))
        stack.show(W("stranger"))
        XCTAssertTrue(stack.shown === a)
    }
}
