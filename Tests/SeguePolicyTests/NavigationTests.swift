import SegueEngine
@testable import SeguePolicy
import SegueTestSupport
import XCTest

/// The switching policy, without a compositor: which window is shown and which
/// transition each event starts, checked case by case and then over long runs
/// of random events against what must always hold.
final class NavigationTests: XCTestCase {
    private typealias Play = Navigation<W>.Play

    private static func hand() -> InteractiveProgress { InteractiveProgress(at: .zero) }
    private func hand() -> InteractiveProgress { Self.hand() }

    /// The hand lets go toward `outcome`, and its spring comes to rest.
    private static func letGo(_ hand: InteractiveProgress, _ outcome: InteractiveProgress.Outcome) {
        hand.end(at: .zero, toward: outcome)
        _ = hand.presented(at: .seconds(60))
    }
    private func letGo(_ hand: InteractiveProgress, _ outcome: InteractiveProgress.Outcome) { Self.letGo(hand, outcome) }

    func testOpeningShowsTheWindowWithAnOpenFromTheOneShownBefore() {
        var navigation = Navigation<W>()
        let a = W("a"), b = W("b")
        let first = navigation.opened(a)
        XCTAssertEqual(first.event, .open)
        XCTAssertNil(first.from, "from the bare background")
        XCTAssertNil(navigation.completed(first.id, outcome: .finished).pop)
        let second = navigation.opened(b)
        XCTAssertTrue(second.from === a && second.to === b)
        XCTAssertTrue(navigation.stack.shown === b, "shown as the transition begins")
    }

    func testASwitchToTheShownWindowStartsNothingUnlessATransitionAwayFromItRuns() {
        var navigation = Navigation<W>()
        let a = W("a"), b = W("b")
        _ = navigation.completed(navigation.opened(a).id, outcome: .finished)
        _ = navigation.completed(navigation.opened(b).id, outcome: .finished)
        XCTAssertNil(navigation.switched(to: b))
        let away = navigation.switched(to: a)
        XCTAssertTrue(away?.from === b && away?.to === a)
        let back = navigation.switched(to: b)
        XCTAssertTrue(back?.from === a && back?.to === b, "turns back")
    }

    func testClosingTheShownWindowDuringATransitionClosesAfterItCompletes() {
        var navigation = Navigation<W>()
        let a = W("a"), b = W("b"), c = W("c")
        for window in [a, b] { _ = navigation.completed(navigation.opened(window).id, outcome: .finished) }
        let opening = navigation.opened(c)
        guard case .deferred = navigation.closed(c) else { return XCTFail("the close should wait") }
        XCTAssertTrue(navigation.stack.shown === b, "the window shown before it is shown at once")
        let pop = navigation.completed(opening.id, outcome: .finished).pop
        XCTAssertEqual(pop?.event, .close)
        XCTAssertTrue(pop?.from === c && pop?.to === b)
        XCTAssertTrue(navigation.isAnimating)
    }

    func testATransitionStartedMeanwhileTakesTheWaitingCloseItsPlace() {
        var navigation = Navigation<W>()
        let a = W("a"), b = W("b"), c = W("c")
        for window in [a, b] { _ = navigation.completed(navigation.opened(window).id, outcome: .finished) }
        let opening = navigation.opened(c)
        _ = navigation.closed(c)
        let switching = navigation.switched(to: a)!
        XCTAssertNil(navigation.completed(opening.id, outcome: .interrupted).pop)
        XCTAssertNil(navigation.completed(switching.id, outcome: .finished).pop, "the switch showed what was to be shown")
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testAHandMovesTheStackOnlyWhenItsTransitionCompletesTowardItsWindow() {
        var navigation = Navigation<W>()
        let a = W("a"), b = W("b")
        for window in [a, b] { _ = navigation.completed(navigation.opened(window).id, outcome: .finished) }
        let back = hand()
        let cancelled = navigation.handBegan(toward: a, hand: back)
        XCTAssertTrue(navigation.heldSwitch?.target === a)
        XCTAssertTrue(navigation.stack.shown === b, "the hand holds it: nothing moves yet")
        letGo(back, .cancelled)
        XCTAssertNil(navigation.heldSwitch, "let go")
        XCTAssertFalse(navigation.completed(cancelled.id, outcome: .cancelled).shownChanged)
        XCTAssertTrue(navigation.stack.shown === b)
        let forth = hand()
        let finished = navigation.handBegan(toward: a, hand: forth)
        letGo(forth, .finished)
        XCTAssertTrue(navigation.completed(finished.id, outcome: .finished).shownChanged)
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testAHandTakingOverASwitchGoesBackToWhereThatSwitchCameFrom() {
        var navigation = Navigation<W>()
        let a = W("a"), b = W("b")
        for window in [a, b] { _ = navigation.completed(navigation.opened(window).id, outcome: .finished) }
        let switching = navigation.switched(to: a)!
        let held = hand()
        let play = navigation.handBegan(toward: a, takingOverFrom: .some(b), hand: held)
        XCTAssertTrue(play.from === b)
        _ = navigation.completed(switching.id, outcome: .interrupted)
        letGo(held, .cancelled)
        XCTAssertTrue(navigation.completed(play.id, outcome: .cancelled).shownChanged)
        XCTAssertTrue(navigation.stack.shown === b)
    }

    /// Random events, as a shell would carry them out: a transition that
    /// starts interrupts the running one; some events resolve to no
    /// transition and complete at once; a hand holds its transition until it
    /// lets go. After each: one window shown while any is open, only open
    /// windows on the stack, at most the running transition pending, each
    /// transition completed once, and nothing waiting on a window that went.
    func testRandomEventsKeepOneShownWindowAndOneOutcomePerTransition() {
        var generator = SeededGenerator(seed: 0x5e9e)
        for _ in 0..<500 {
            var shell = Shell()
            for _ in 0..<80 {
                shell.step(&generator)
                shell.check()
            }
            shell.drain()
            XCTAssertEqual(shell.completions.values.filter { $0 != 1 }.count, 0, "each transition completes exactly once")
            XCTAssertFalse(shell.navigation.isAnimating)
        }
    }

    /// A shell and its output's transition driver, as far as the policy sees them.
    private struct Shell {
        var navigation = Navigation<W>()
        var open: [W] = []
        /// The output's transition, and its hand, if a hand drives it.
        var current: (play: Play, hand: InteractiveProgress?)?
        var completions: [Int: Int] = [:]
        private var named = 0
        /// The frame clock: windows shown briefly do not move up in the most-recently-used order.
        private var now = Instant.zero

        mutating func step(_ generator: inout SeededGenerator) {
            now = now + Double.random(in: 0...0.5, using: &generator)
            switch Int.random(in: 0..<13, using: &generator) {
            case 0:
                named += 1
                let window = W("w\(named)")
                open.append(window)
                start(navigation.opened(window, at: now), none: Bool.random(using: &generator))
            case 1:
                guard let window = open.randomElement(using: &generator) else { return }
                open.removeAll { $0 === window }
                // A hand dragging toward the window that went lets go.
                if let held = navigation.heldSwitch, held.target === window { NavigationTests.letGo(held.hand, .cancelled) }
                if case .pop(let play) = navigation.closed(window) { start(play, none: Bool.random(using: &generator)) }
            case 2:
                guard let window = open.randomElement(using: &generator),
                      let play = navigation.switched(to: window, at: now, inPassing: Bool.random(using: &generator)) else { return }
                start(play, none: Bool.random(using: &generator))
            case 3:
                guard let window = open.randomElement(using: &generator),
                      window !== navigation.stack.shown || current?.play.to === window else { return }
                let origin: W?? = current.flatMap { $0.play.to === window ? .some($0.play.from) : nil }
                // A hand begun during another's lets that one go where it is.
                if let earlier = navigation.heldSwitch, origin == nil { earlier.hand.end(at: .zero) }
                let hand = NavigationTests.hand()
                start(navigation.handBegan(toward: window, takingOverFrom: origin, hand: hand), none: false, hand: hand)
            case 4, 5:
                guard let held = navigation.heldSwitch else { return complete() }
                NavigationTests.letGo(held.hand, Bool.random(using: &generator) ? .finished : .cancelled)
            case 7:
                // The switcher's first press, over every window or some (windows of one app).
                let some = Bool.random(using: &generator), shown = navigation.stack.shown
                _ = navigation.switcherOpened(backward: Bool.random(using: &generator),
                                              listing: { !some || $0.name.count % 2 == 0 || $0 === shown }, at: now)
            case 8:
                navigation.switcherStepped(backward: Bool.random(using: &generator))
            case 9:
                _ = navigation.switcherTicked(at: now)
            case 10:
                guard let window = open.randomElement(using: &generator), navigation.switcherSelected(window) else { return }
                commitSwitcher(none: Bool.random(using: &generator))
            case 11:
                commitSwitcher(none: Bool.random(using: &generator))
            case 12:
                navigation.switcherCancelled()
            default:
                complete()
            }
        }

        /// The switcher let go: one switch to its selection, which is then what shows.
        private mutating func commitSwitcher(none: Bool) {
            let chosen = navigation.switcher.selection
            if let play = navigation.switcherCommitted(at: now) { start(play, none: none) }
            XCTAssertFalse(navigation.switcher.isHeld)
            if let chosen { XCTAssertTrue(navigation.stack.shown === chosen, "a committed choice is what shows") }
        }

        /// Plays `play`: the running transition is interrupted; `none` shows its window at once.
        private mutating func start(_ play: Play, none: Bool, hand: InteractiveProgress? = nil) {
            if let running = current {
                current = nil
                finish(running.play, .interrupted)
            }
            if none {
                finish(play, .finished)
            } else {
                current = (play, hand)
            }
        }

        /// The running transition reaches its end, unless a hand still holds it.
        mutating func complete() {
            guard let running = current, running.hand?.isTracking != true else { return }
            current = nil
            finish(running.play, running.hand?.outcome == .cancelled ? .cancelled : .finished)
        }

        private mutating func finish(_ play: Play, _ outcome: TransitionState) {
            completions[play.id, default: 0] += 1
            if let pop = navigation.completed(play.id, outcome: outcome, at: now).pop { start(pop, none: false) }
        }

        mutating func drain() {
            while let running = current {
                if let hand = running.hand, hand.isTracking { NavigationTests.letGo(hand, .finished) }
                complete()
            }
        }

        func check(file: StaticString = #filePath, line: UInt = #line) {
            let stack = navigation.stack
            XCTAssertEqual(stack.windows.map(ObjectIdentifier.init), open.map(ObjectIdentifier.init), "only open windows", file: file, line: line)
            XCTAssertEqual(stack.shown == nil, open.isEmpty, "one window shown while any is open", file: file, line: line)
            XCTAssertEqual(navigation.running.map(\.id), current.map { [$0.play.id] } ?? [],
                           "pending: the running transition alone", file: file, line: line)
            XCTAssertTrue(completions.values.allSatisfy { $0 == 1 }, "no transition completes twice", file: file, line: line)
            if let closed = navigation.deferredPop {
                XCTAssertTrue(navigation.isAnimating, "a close waits only for a running transition", file: file, line: line)
                XCTAssertFalse(open.contains { $0 === closed }, file: file, line: line)
            }
            if let hand = navigation.handSwitch {
                XCTAssertEqual(hand.play.id, current?.play.id, "a hand's switch is the running transition", file: file, line: line)
                XCTAssertTrue(hand.hand === current?.hand, file: file, line: line)
            }
            if let held = navigation.heldSwitch {
                XCTAssertTrue(open.contains { $0 === held.target }, "a hand holds only a switch to an open window", file: file, line: line)
            }
            let switcher = navigation.switcher
            if let selection = switcher.selection {
                XCTAssertTrue(open.contains { $0 === selection }, "the selection is a live window", file: file, line: line)
                XCTAssertTrue(switcher.windows.allSatisfy { listed in open.contains { $0 === listed } }, "only live windows listed", file: file, line: line)
                XCTAssertGreaterThan(switcher.windows.count, 1, "held only with somewhere to go", file: file, line: line)
                XCTAssertNil(navigation.heldSwitch, "a hand and the switcher are not held at once", file: file, line: line)
            }
            XCTAssertEqual(Set(stack.shownOrder.map(ObjectIdentifier.init)), Set(open.map(ObjectIdentifier.init)),
                           "every open window once in the most-recently-used order", file: file, line: line)
            XCTAssertEqual(stack.shownOrder.count, open.count, file: file, line: line)
        }
    }
}
