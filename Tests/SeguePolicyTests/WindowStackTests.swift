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

    func testOneWindowHasNoNeighbourAndUnknownWindowsAreNotShown() {
        var stack = WindowStack<W>()
        let a = W("a")
        stack.push(a)
        XCTAssertNil(stack.neighbour(after: true))
        stack.show(W("stranger"))
        XCTAssertTrue(stack.shown === a)
    }
}
