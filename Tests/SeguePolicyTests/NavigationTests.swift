import SegueEngine
@testable import SeguePolicy
import SegueTestSupport
import XCTest

/// The switching policy, without a compositor: which window is shown and which
/// transition each event starts, checked case by case and then over long runs
/// of random events against what must always hold.
final class NavigationTests: XCTestCase {
    func testOpeningShowsTheWindowWithAnOpenFromTheOneShownBefore() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        let first = navigation.opened(a)
        XCTAssertEqual(first.event, .open)
        XCTAssertNil(first.from, "from the bare background")
        shell.give(first)
        XCTAssertTrue(navigation.transition?.to.window === a, "what the output draws is the policy's")
        shell.settle()
        XCTAssertNil(shell.endings[first.id]?.ending.pop)
        let second = navigation.opened(b)
        XCTAssertTrue(second.from === a && second.to === b)
        XCTAssertTrue(navigation.stack.shown === b, "shown as the transition begins")
    }

    func testASwitchToTheShownWindowStartsNothingUnlessATransitionAwayFromItRuns() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        XCTAssertNil(navigation.switched(to: b))
        let away = navigation.switched(to: a)
        XCTAssertTrue(away?.from === b && away?.to === a)
        shell.give(away)
        let back = navigation.switched(to: b)
        XCTAssertTrue(back?.from === a && back?.to === b, "turns back")
    }

    func testClosingTheShownWindowDuringATransitionClosesAfterItCompletes() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        let opening = navigation.opened(c)
        shell.give(opening)
        guard case .deferred = navigation.closed(c) else { return XCTFail("the close should wait") }
        XCTAssertTrue(navigation.stack.shown === b, "the window shown before it is shown at once")
        while shell.endings[opening.id] == nil { shell.frame() }
        let pop = shell.endings[opening.id]?.ending.pop
        XCTAssertEqual(pop?.event, .close)
        XCTAssertTrue(pop?.from === c && pop?.to === b)
        XCTAssertTrue(navigation.transition?.from.window === c, "the close plays now")
    }

    func testATransitionStartedMeanwhileTakesTheWaitingCloseItsPlace() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        let opening = navigation.opened(c)
        shell.give(opening)
        shell.frame()
        _ = navigation.closed(c)
        let switching = navigation.switched(to: a)!
        shell.give(switching)
        XCTAssertEqual(shell.endings[opening.id]?.outcome, .interrupted)
        XCTAssertNil(shell.endings[opening.id]?.ending.pop)
        XCTAssertTrue(navigation.transition?.from.window == nil, "the switch starts from what was on screen")
        shell.settle()
        XCTAssertNil(shell.endings[switching.id]?.ending.pop, "the switch showed what was to be shown")
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testAHandMovesTheStackOnlyWhenItsTransitionCompletesTowardItsWindow() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let back = InteractiveProgress(at: shell.now)
        let cancelled = navigation.handBegan(toward: a, hand: back)
        shell.give(cancelled, hand: back)
        XCTAssertTrue(navigation.heldSwitch?.target === a)
        for _ in 0..<5 { shell.frame() }
        XCTAssertTrue(navigation.stack.shown === b, "the hand holds it: nothing moves yet")
        XCTAssertTrue(navigation.isAnimating, "held, it does not end")
        shell.settle(.cancelled)
        XCTAssertNil(navigation.heldSwitch, "let go")
        XCTAssertEqual(shell.endings[cancelled.id]?.outcome, .cancelled)
        XCTAssertEqual(shell.endings[cancelled.id]?.ending.shownChanged, false)
        XCTAssertTrue(navigation.stack.shown === b)
        let forth = InteractiveProgress(at: shell.now)
        let finished = navigation.handBegan(toward: a, hand: forth)
        shell.give(finished, hand: forth)
        shell.settle(.finished)
        XCTAssertEqual(shell.endings[finished.id]?.ending.shownChanged, true)
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testAHandTakingOverASwitchGoesBackToWhereThatSwitchCameFrom() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let switching = navigation.switched(to: a)!
        shell.give(switching)
        shell.frame()
        let held = InteractiveProgress(at: shell.now)
        let play = navigation.handBegan(toward: a, takingOverFrom: .some(b), hand: held)
        XCTAssertTrue(play.from === b)
        shell.give(play, hand: held, takingOver: true)
        XCTAssertEqual(shell.endings[switching.id]?.outcome, .interrupted)
        XCTAssertTrue(navigation.transition?.from.window === b, "taken over: from where the switch came from")
        shell.settle(.cancelled)
        XCTAssertEqual(shell.endings[play.id]?.ending.shownChanged, true)
        XCTAssertTrue(navigation.stack.shown === b)
    }

    /// Random events, given back as a shell would: most plays played through
    /// the policy's own driver, some shown at once; frames presented on the
    /// clock; hands that hold their transition until they let go; the
    /// switcher held, stepped, clicked, committed and cancelled; windows going
    /// while selected, previewed or shown. After each: one window shown while
    /// any is open, only open windows on the stack, the running play the one
    /// transition drawn, each transition completed once, nothing waiting on a
    /// window that went, the selection a live window.
    func testRandomEventsKeepOneShownWindowAndOneOutcomePerTransition() {
        var generator = SeededGenerator(seed: 0x5e9e)
        for _ in 0..<500 {
            var run = RandomRun()
            for _ in 0..<80 {
                run.step(&generator)
                run.check()
            }
            run.shell.settle()
            run.check()
            XCTAssertEqual(Set(run.shell.completions.keys), run.shell.given, "every play given back completes")
            XCTAssertFalse(run.shell.navigation.isAnimating)
        }
    }

    /// One run of random events.
    private struct RandomRun {
        let shell = Shell()
        var navigation: Nav { shell.navigation }
        var open: [W] = []
        private var named = 0

        mutating func step(_ generator: inout SeededGenerator) {
            shell.wait(Double.random(in: 0...0.2, using: &generator))
            let atOnce = Int.random(in: 0..<4, using: &generator) == 0
            switch Int.random(in: 0..<15, using: &generator) {
            case 0:
                named += 1
                let window = W("w\(named)")
                open.append(window)
                shell.give(navigation.opened(window, at: shell.now), atOnce: atOnce)
            case 1:
                close(open.randomElement(using: &generator), atOnce: atOnce)
            case 2:
                // The switcher's selection goes (or, not held, the shown window).
                close(navigation.switcher.selection ?? navigation.stack.shown, atOnce: atOnce)
            case 3:
                guard let window = open.randomElement(using: &generator) else { return }
                shell.give(navigation.switched(to: window, at: shell.now, inPassing: Bool.random(using: &generator)), atOnce: atOnce)
            case 4:
                guard let window = open.randomElement(using: &generator) else { return }
                hand(toward: window)
            case 5:
                guard let held = navigation.heldSwitch else { return }
                _ = held.hand.end(at: shell.now, toward: Bool.random(using: &generator) ? .finished : .cancelled)
            case 6:
                guard let held = navigation.heldSwitch else { return }
                held.hand.update(Double.random(in: -0.2...1.2, using: &generator), at: shell.now)
            case 7:
                // The switcher's first press, over every window or some (windows of one app).
                let some = Bool.random(using: &generator), shown = navigation.stack.shown
                _ = navigation.switcherOpened(backward: Bool.random(using: &generator),
                                              listing: { !some || $0.name.count % 2 == 0 || $0 === shown }, at: shell.now)
            case 8:
                navigation.switcherStepped(backward: Bool.random(using: &generator))
            case 9:
                _ = navigation.switcherTicked(at: shell.now)
            case 10:
                guard let window = open.randomElement(using: &generator), navigation.switcherSelected(window) else { return }
                commitSwitcher(atOnce: atOnce)
            case 11:
                commitSwitcher(atOnce: atOnce)
            case 12:
                navigation.switcherCancelled()
            default:
                for _ in 0..<Int.random(in: 1...4, using: &generator) { shell.frame() }
            }
        }

        private mutating func close(_ window: W?, atOnce: Bool) {
            guard let window else { return }
            open.removeAll { $0 === window }
            // A hand dragging toward the window that went lets go.
            if let held = navigation.heldSwitch, held.target === window { _ = held.hand.end(at: shell.now, toward: .cancelled) }
            if case .pop(let play) = navigation.closed(window) { shell.give(play, atOnce: atOnce) }
        }

        /// A hand begins toward `window`, taking over a transition running toward it.
        private mutating func hand(toward window: W) {
            let running = navigation.transition
            guard window !== navigation.stack.shown || running?.to.window === window else { return }
            let origin: W?? = running.flatMap { $0.to.window === window ? .some($0.from.window) : nil }
            // A hand begun during another's lets that one go where it is.
            if let earlier = navigation.heldSwitch, origin == nil { _ = earlier.hand.end(at: shell.now) }
            let hand = InteractiveProgress(progress: running.map { $0.progress(at: shell.now) } ?? 0, at: shell.now)
            shell.give(navigation.handBegan(toward: window, takingOverFrom: origin, hand: hand), atOnce: false,
                 hand: hand, takingOver: origin != nil)
        }

        /// The switcher let go: one switch to its selection, which is then what shows.
        private mutating func commitSwitcher(atOnce: Bool) {
            let chosen = navigation.switcher.selection
            shell.give(navigation.switcherCommitted(at: shell.now), atOnce: atOnce)
            XCTAssertFalse(navigation.switcher.isHeld)
            if let chosen { XCTAssertTrue(navigation.stack.shown === chosen, "a committed choice is what shows") }
        }

        func check(file: StaticString = #filePath, line: UInt = #line) {
            let stack = navigation.stack
            XCTAssertEqual(stack.windows.map(ObjectIdentifier.init), open.map(ObjectIdentifier.init), "only open windows", file: file, line: line)
            XCTAssertEqual(stack.shown == nil, open.isEmpty, "one window shown while any is open", file: file, line: line)
            XCTAssertLessThanOrEqual(navigation.running.count, 1, "at most one transition", file: file, line: line)
            XCTAssertEqual(navigation.running.isEmpty, navigation.transition == nil,
                           "the running play is the transition drawn, and none is drawn without one", file: file, line: line)
            if let play = navigation.running.last, let transition = navigation.transition {
                XCTAssertTrue(transition.to.window === play.to, "the transition drawn goes where its play goes", file: file, line: line)
            }
            XCTAssertTrue(shell.completions.values.allSatisfy { $0 == 1 }, "no transition completes twice", file: file, line: line)
            if let closed = navigation.deferredPop {
                XCTAssertTrue(navigation.isAnimating, "a close waits only for a running transition", file: file, line: line)
                XCTAssertFalse(open.contains { $0 === closed }, file: file, line: line)
            }
            if let hand = navigation.handSwitch {
                XCTAssertEqual(hand.play.id, navigation.running.last?.id, "a hand's switch is the running transition", file: file, line: line)
                XCTAssertTrue(hand.hand === navigation.transition?.interactive, file: file, line: line)
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
