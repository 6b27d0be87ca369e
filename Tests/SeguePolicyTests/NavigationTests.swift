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
        let token = navigation.opened(a)
        let first = navigation.play(of: token)
        XCTAssertEqual(first.event, .open)
        XCTAssertNil(first.from, "from the bare background")
        shell.give(token)
        XCTAssertTrue(navigation.transition?.to.window === a, "what the output draws is the policy's")
        XCTAssertEqual(navigation.transition?.id, first.id.value, "the play and its transition are one animation")
        shell.settle()
        XCTAssertNotNil(shell.endings[first.id])
        XCTAssertNil(shell.endings[first.id]?.pop)
        let second = shell.give(navigation.opened(b))
        XCTAssertTrue(second?.from === a && second?.to === b)
        XCTAssertTrue(navigation.stack.shown === b, "shown as the transition begins")
    }

    func testASwitchToTheShownWindowStartsNothingUnlessATransitionAwayFromItRuns() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        XCTAssertNil(shell.give(navigation.switched(to: b)))
        let away = shell.give(navigation.switched(to: a))
        XCTAssertTrue(away?.from === b && away?.to === a)
        let back = shell.give(navigation.switched(to: b))
        XCTAssertTrue(back?.from === a && back?.to === b, "turns back")
    }

    func testClosingTheShownWindowDuringATransitionClosesAfterItCompletes() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        let opening = shell.give(navigation.opened(c))!
        guard case .deferred = navigation.closed(c) else { return XCTFail("the close should wait") }
        XCTAssertTrue(navigation.stack.shown === b, "the window shown before it is shown at once")
        while shell.endings[opening.id] == nil { shell.frame() }
        let pop = shell.endings[opening.id]?.pop
        XCTAssertEqual(pop?.event, .close)
        XCTAssertTrue(pop?.from === c && pop?.to === b)
        XCTAssertTrue(navigation.transition?.from.window === c, "the close plays now")
    }

    func testATransitionStartedMeanwhileTakesTheWaitingCloseItsPlace() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        let opening = shell.give(navigation.opened(c))!
        shell.frame()
        guard case .deferred = navigation.closed(c) else { return XCTFail("the close should wait") }
        let switching = shell.give(navigation.switched(to: a))!
        XCTAssertEqual(shell.endings[opening.id]?.outcome, .interrupted)
        XCTAssertNil(shell.endings[opening.id]?.pop)
        XCTAssertTrue(navigation.transition?.from.window == nil, "the switch starts from what was on screen")
        shell.settle()
        XCTAssertNil(shell.endings[switching.id]?.pop, "the switch showed what was to be shown")
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testAHandMovesTheStackOnlyWhenItsTransitionCompletesTowardItsWindow() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let back = InteractiveProgress(at: shell.now)
        let cancelled = shell.give(navigation.handBegan(toward: a, hand: back), hand: back)!
        XCTAssertTrue(navigation.heldSwitch?.target === a)
        for _ in 0..<5 { shell.frame() }
        XCTAssertTrue(navigation.stack.shown === b, "the hand holds it: nothing moves yet")
        XCTAssertTrue(navigation.isAnimating, "held, it does not end")
        shell.settle(.cancelled)
        XCTAssertNil(navigation.heldSwitch, "let go")
        XCTAssertEqual(shell.endings[cancelled.id]?.outcome, .cancelled)
        XCTAssertEqual(shell.endings[cancelled.id]?.shownChanged, false)
        XCTAssertTrue(navigation.stack.shown === b)
        let forth = InteractiveProgress(at: shell.now)
        let finished = shell.give(navigation.handBegan(toward: a, hand: forth), hand: forth)!
        shell.settle(.finished)
        XCTAssertEqual(shell.endings[finished.id]?.shownChanged, true)
        XCTAssertTrue(navigation.stack.shown === a)
    }

    func testAHandTakingOverASwitchGoesBackToWhereThatSwitchCameFrom() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b")
        shell.open(a)
        shell.open(b)
        let switching = shell.give(navigation.switched(to: a))!
        shell.frame()
        let held = InteractiveProgress(at: shell.now)
        let play = shell.give(navigation.handBegan(toward: a, takingOverFrom: .some(b), hand: held), hand: held, takingOver: true)!
        XCTAssertTrue(play.from === b)
        XCTAssertEqual(shell.endings[switching.id]?.outcome, .interrupted)
        XCTAssertTrue(navigation.transition?.from.window === b, "taken over: from where the switch came from")
        shell.settle(.cancelled)
        XCTAssertEqual(shell.endings[play.id]?.shownChanged, true)
        XCTAssertTrue(navigation.stack.shown === b)
    }

    func testAHandLettingGoBackToAWindowThatClosedPlaysACloseFromIt() {
        let shell = Shell(), navigation = shell.navigation
        let a = W("a"), b = W("b"), c = W("c")
        shell.open(a)
        shell.open(b)
        shell.open(c)
        shell.give(navigation.switched(to: a))
        shell.frame()
        // The window the switch came from goes; a hand takes the switch over, and lets go back toward it.
        guard case .hidden = navigation.closed(c) else { return XCTFail("a is shown: c goes unseen") }
        let hand = InteractiveProgress(progress: navigation.transition?.progress(at: shell.now) ?? 0, at: shell.now)
        let held = shell.give(navigation.handBegan(toward: a, takingOverFrom: .some(c), hand: hand), hand: hand, takingOver: true)!
        shell.settle(.cancelled)
        XCTAssertEqual(shell.endings[held.id]?.outcome, .cancelled)
        let pop = shell.endings[held.id]?.pop
        XCTAssertEqual(pop?.event, .close, "the screen went back to the window that went: a close plays from it")
        XCTAssertTrue(pop?.from === c && pop?.to === a)
        XCTAssertTrue(shell.completed.last?.play.to === navigation.stack.shown)
    }

    /// Random events, given back as a shell would: most plays played through
    /// the policy's own records, some shown at once; frames presented on the
    /// clock and what they complete delivered after; hands that hold their
    /// transition until they let go, and listen to it then; the switcher
    /// held, stepped, clicked, committed and cancelled, its overlay departing
    /// beside whatever plays next; windows going while selected, previewed or
    /// shown; workspaces shown, windows moved between them and opened on
    /// hidden ones; windows minimized and restored. After each: every open
    /// window on one workspace, minimized or in its stack, a hidden
    /// workspace only while it holds one, one window shown while the shown
    /// workspace holds any, the transition drawn the newest decided, each
    /// animation completed once and never from inside a presentation, nothing
    /// waiting on a window that went, the selection a live window. At rest:
    /// nothing left running, and the screen ended where the stack says.
    func testRandomEventsRunManyAnimationsEachCompletingOnceAfterItsFrame() {
        var generator = SeededGenerator(seed: 0x5e9e)
        var overlapping = 0
        for index in 0..<500 {
            var run = RandomRun()
            // Every other run as free placement shows windows: a minimize plays for any window of the shown workspace, a close for one seen.
            run.navigation.showsEveryWindow = index.isMultiple(of: 2)
            for _ in 0..<80 {
                run.step(&generator)
                run.check()
                if run.navigation.animations.count > 1 { overlapping += 1 }
            }
            run.shell.settle()
            run.check()
            run.checkAtRest()
        }
        // The switcher's departure fading beside a transition (a cancel while one plays, a hand taking one over).
        XCTAssertGreaterThanOrEqual(overlapping, 50, "animations ran at once")
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
            switch Int.random(in: 0..<21, using: &generator) {
            case 0:
                named += 1
                let window = W("w\(named)")
                open.append(window)
                shell.give(navigation.opened(window, at: shell.now), atOnce: atOnce)
            case 1:
                close(open.randomElement(using: &generator), atOnce: atOnce, generator: &generator)
            case 2:
                // The switcher's selection goes (or, not held, the shown window).
                close(navigation.switcher.selection ?? navigation.stack.shown, atOnce: atOnce, generator: &generator)
            case 3:
                guard let window = open.randomElement(using: &generator) else { return }
                shell.give(navigation.switched(to: window, at: shell.now, inPassing: Bool.random(using: &generator)), atOnce: atOnce)
            case 4:
                guard let window = open.randomElement(using: &generator) else { return }
                hand(toward: window)
            case 5:
                guard let held = navigation.heldSwitch else { return }
                shell.listen(to: held.play.id)
                _ = held.hand.end(at: shell.now, toward: Bool.random(using: &generator) ? .finished : .cancelled)
            case 6:
                guard let held = navigation.heldSwitch else { return }
                held.hand.update(Double.random(in: -0.2...1.2, using: &generator), at: shell.now)
            case 7:
                // The switcher's first press, over every window or some (windows of one app).
                let some = Bool.random(using: &generator), shown = navigation.stack.shown
                _ = navigation.switcherOpened(backward: Bool.random(using: &generator), allWorkspaces: Bool.random(using: &generator),
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
                guard navigation.switcher.isHeld else { return }
                navigation.switcherCancelled()
                shell.switcherLetGo()
            case 13:
                shell.give(navigation.workspaceShown(Int.random(in: 1...3, using: &generator)), atOnce: atOnce)
            case 14:
                guard let window = open.randomElement(using: &generator) else { return }
                // A hand dragging toward the window that leaves lets go.
                if let held = navigation.heldSwitch, held.target === window { _ = held.hand.end(at: shell.now, toward: .cancelled) }
                shell.give(navigation.moved(window, toWorkspace: Int.random(in: 1...3, using: &generator), at: shell.now), atOnce: atOnce)
            case 15:
                let number = Int.random(in: 1...3, using: &generator)
                guard number != navigation.workspaces.shownNumber else { return }
                named += 1
                let window = W("w\(named)")
                open.append(window)
                navigation.opened(window, onHidden: number, at: shell.now)
            case 16:
                guard let window = open.randomElement(using: &generator) else { return }
                // A hand dragging toward the window that goes lets go.
                if let held = navigation.heldSwitch, held.target === window { _ = held.hand.end(at: shell.now, toward: .cancelled) }
                shell.give(navigation.minimized(window), atOnce: atOnce)
            case 17:
                guard let window = open.randomElement(using: &generator) else { return }
                shell.give(navigation.restored(window, at: shell.now), atOnce: atOnce)
            case 18:
                // A hand toward another workspace, letting go of one it held.
                let number = Int.random(in: 1...3, using: &generator)
                guard number != navigation.workspaces.shownNumber else { return }
                if let earlier = navigation.heldSwitch { _ = earlier.hand.end(at: shell.now) }
                let hand = InteractiveProgress(progress: 0, at: shell.now)
                shell.give(navigation.handBegan(toWorkspace: number, hand: hand), atOnce: false, hand: hand, takingOver: false)
            default:
                for _ in 0..<Int.random(in: 1...4, using: &generator) { shell.frame() }
            }
        }

        private mutating func close(_ window: W?, atOnce: Bool, generator: inout SeededGenerator) {
            guard let window else { return }
            open.removeAll { $0 === window }
            // A hand dragging toward the window that went lets go.
            if let held = navigation.heldSwitch, held.target === window { _ = held.hand.end(at: shell.now, toward: .cancelled) }
            // Placed freely, a window under the shown one plays its close where nothing covers it.
            if case .pop(let token) = navigation.closed(window, seen: Bool.random(using: &generator)) { shell.give(token, atOnce: atOnce) }
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
            guard navigation.switcher.isHeld else { return }
            let chosen = navigation.switcher.selection
            let token = navigation.switcherCommitted(at: shell.now)
            shell.switcherLetGo()
            shell.give(token, atOnce: atOnce)
            XCTAssertFalse(navigation.switcher.isHeld)
            if let chosen { XCTAssertTrue(navigation.stack.shown === chosen, "a committed choice is what shows") }
        }

        func check(file: StaticString = #filePath, line: UInt = #line) {
            let stack = navigation.stack, workspaces = navigation.workspaces
            XCTAssertEqual(workspaces.allWindows.count, open.count, "each open window on one workspace", file: file, line: line)
            XCTAssertEqual(Set(workspaces.allWindows.map(ObjectIdentifier.init)), Set(open.map(ObjectIdentifier.init)), "only open windows",
                           file: file, line: line)
            XCTAssertEqual(stack.shown == nil, stack.windows.isEmpty, "one window shown while the workspace holds any", file: file, line: line)
            for number in workspaces.numbers {
                let stack = workspaces.stack(number)
                let minimized = Set((stack?.minimized ?? []).map(ObjectIdentifier.init))
                XCTAssertTrue(minimized.isDisjoint(with: (stack?.windows ?? []).map(ObjectIdentifier.init)),
                              "a minimized window is out of its stack", file: file, line: line)
                XCTAssertFalse(stack?.shown.map { minimized.contains(ObjectIdentifier($0)) } ?? false, file: file, line: line)
            }
            for number in workspaces.numbers where number != workspaces.shownNumber {
                XCTAssertFalse(workspaces.stack(number)?.isEmpty ?? true, "a hidden workspace holds a window", file: file, line: line)
            }
            let transitions = navigation.animations.filter { if case .transition = $0.kind { true } else { false } }
            XCTAssertLessThanOrEqual(transitions.count, 1, "one transition on screen, once each start is given back", file: file, line: line)
            XCTAssertLessThanOrEqual(navigation.animations.count - transitions.count, 1, "one departure", file: file, line: line)
            XCTAssertTrue(transitions.allSatisfy { $0.transition != nil }, "every play was given back", file: file, line: line)
            XCTAssertEqual(transitions.last?.id.value, navigation.transition?.id,
                           "the newest play is the transition drawn, and none is drawn without one", file: file, line: line)
            if let record = transitions.last, let transition = navigation.transition {
                XCTAssertTrue(transition.to.window === record.to, "the transition drawn goes where its play goes", file: file, line: line)
            }
            XCTAssertTrue(shell.completions.values.allSatisfy { $0 == 1 }, "no animation completes twice", file: file, line: line)
            XCTAssertTrue(shell.heard.values.allSatisfy { $0 == 1 }, "a listener hears once", file: file, line: line)
            XCTAssertEqual(shell.heardInsidePresentation, 0, "completions are delivered after their frame", file: file, line: line)
            if let closed = navigation.deferredPop {
                XCTAssertTrue(navigation.transitionsPending, "a close waits only for a running transition", file: file, line: line)
                XCTAssertFalse(open.contains { $0 === closed }, file: file, line: line)
            }
            if let hand = navigation.handSwitch {
                XCTAssertEqual(hand.play.id, transitions.last?.id, "a hand's switch is the running transition", file: file, line: line)
                XCTAssertTrue(hand.hand === navigation.transition?.interactive, file: file, line: line)
            }
            if let held = navigation.heldSwitch {
                XCTAssertTrue(held.target.map { target in open.contains { $0 === target } } ?? (held.workspaces != nil),
                              "a hand holds only a switch to an open window, or to a workspace", file: file, line: line)
                if let change = held.workspaces {
                    XCTAssertEqual(change.from, workspaces.shownNumber, "held, the workspace it started from is still shown", file: file, line: line)
                }
            }
            let switcher = navigation.switcher
            if let selection = switcher.selection {
                XCTAssertTrue(open.contains { $0 === selection }, "the selection is a live window", file: file, line: line)
                XCTAssertTrue(switcher.windows.allSatisfy { listed in open.contains { $0 === listed } }, "only live windows listed", file: file, line: line)
                XCTAssertGreaterThan(switcher.windows.count, 1, "held only with somewhere to go", file: file, line: line)
                XCTAssertNil(navigation.heldSwitch, "a hand and the switcher are not held at once", file: file, line: line)
            }
            for number in workspaces.numbers {
                let stack = workspaces.stack(number)
                XCTAssertEqual(Set(stack?.shownOrder.map(ObjectIdentifier.init) ?? []), Set(stack?.windows.map(ObjectIdentifier.init) ?? []),
                               "every window once in its workspace's most-recently-used order", file: file, line: line)
                XCTAssertEqual(stack?.shownOrder.count, stack?.windows.count, file: file, line: line)
            }
        }

        /// Settled: every play given back completed, once; nothing runs; and
        /// the last transition that was not interrupted ended on the shown window.
        func checkAtRest(file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(Set(shell.completions.keys), shell.given, "every play given back completes", file: file, line: line)
            XCTAssertTrue(navigation.animations.isEmpty && !navigation.isAnimating, file: file, line: line)
            guard let last = shell.completed.last(where: { $0.outcome != .interrupted }) else { return }
            let endedOn = last.outcome == .finished ? last.play.to : last.play.from
            XCTAssertTrue(endedOn === navigation.stack.shown, "what shows after is what the policy says", file: file, line: line)
        }
    }
}
