import SegueEngine

/// The switching policy: which window is shown, which transition each thing
/// that happens starts, and every animation running (`animations`): the one
/// place that holds them, which the output draws frames of and tells of their
/// presentation. Plain Swift, no GL and no Wayland: the shell says what
/// happened, and carries out what comes back (resolving the effect, preparing
/// it, moving the keyboard) by giving each play's token back to `play` or
/// `showAtOnce`, which it must for every one, played or not.
///
/// - Opening a window shows it, and a switch shows its window, at once: the
///   stack moves when the transition begins, and one that runs is retargeted.
/// - Closing the shown window goes back to the one shown before it; while a
///   transition runs, that close plays when it completes, unless another
///   transition started meanwhile: that one shows what is to be shown.
/// - A hand's switch moves the stack only when its transition completes
///   toward its window; cancelled, everything stays where it was.
/// - Showing another workspace plays from the window shown to the one shown
///   there (or the bare background); a window opened on a hidden workspace,
///   or moved to one, waits there.
/// - Minimizing the shown window plays from it to the one shown before it;
///   restoring one (or switching to it) shows its workspace and plays from
///   the window shown to it.
/// - Other kinds of animation (the switcher's departure) run beside transitions.
package final class Navigation<Window: AnyObject, Screen> {
    package typealias Record = Animation<Window, Screen>

    /// One transition decided, from `from` to `to` (nil: the bare background).
    package struct Play {
        package let id: AnimationID
        package let event: TransitionEvent
        package let from: Window?
        package let to: Window?
        /// The workspaces a workspace switch goes between; nil for any other play.
        package let workspaces: WorkspaceChange?
    }

    /// What closing a window asks of the shell.
    package enum Closing: ~Copyable {
        /// It was not the shown window: nothing plays.
        case hidden
        /// A transition runs: the close plays after it.
        case deferred
        /// The window shown before it comes back with this transition.
        case pop(PlayToken)
    }

    /// How a play ended: whether the shown window changed, and the close (or
    /// minimize) that waited for it, to give back to `play` or `showAtOnce` now.
    package struct Ending: ~Copyable {
        package let shownChanged: Bool
        package var pop: PlayToken?
    }

    /// The workspaces, each with its stack.
    package private(set) var workspaces = Workspaces<Window>()
    /// The shown workspace's stack.
    package private(set) var stack: WindowStack<Window> {
        get { workspaces.shown }
        set { workspaces.shown = newValue }
    }
    /// Every animation decided and not completed, oldest first: of the
    /// transitions, the newest is the one on screen, an older one there only
    /// while the newer's start interrupts it; other kinds run beside them.
    package internal(set) var animations: [Record] = []
    /// The shown window that closed while a transition ran.
    package private(set) var deferredPop: Window?
    /// A switch a hand drives: its transition, the window a cancel goes back
    /// to, and the hand, whose progress the transition follows until it lets go.
    /// Between workspaces, the window is the one shown on the workspace it goes
    /// to (none on an empty one), and `workspaces` says which.
    package struct HandSwitch {
        package let play: Play
        package let target: Window?
        package let back: Window?
        package let hand: InteractiveProgress
        package var workspaces: WorkspaceChange? { play.workspaces }
    }

    /// The hand's switch while its transition runs.
    package internal(set) var handSwitch: HandSwitch?
    /// The hand's switch while the hand holds it.
    package var heldSwitch: HandSwitch? { handSwitch.flatMap { $0.hand.isTracking ? $0 : nil } }
    /// The window switcher, while held: any other way of showing a window lets it go first.
    package private(set) var switcher = Switcher<Window>()
    private var nextID: UInt64 = 1
    /// While a presentation is accounted for: what it completes, for after it.
    var completing: [() -> Void]?

    /// Whether every window of the shown workspace is on screen (free
    /// placement), not only the shown one: minimizing any of them plays, and
    /// closing one the shell sees go.
    package var showsEveryWindow = false

    package init() {}

    /// Whether anything animates: the one answer the shell reports.
    package var isAnimating: Bool { !animations.isEmpty }
    /// Whether a transition was decided and has not completed: a close waits for it.
    package var transitionsPending: Bool { animations.contains { if case .transition = $0.kind { true } else { false } } }

    /// What `token` stands for.
    package func play(of token: borrowing PlayToken) -> Play {
        guard let record = animations.first(where: { $0.id == token.id }), case .transition(let event) = record.kind else {
            preconditionFailure("play \(token.id) is not waiting")
        }
        return Play(id: record.id, event: event, from: record.from, to: record.to, workspaces: record.workspaces)
    }

    /// `window` mapped: it goes on top and is shown.
    package func opened(_ window: Window, at now: Instant? = nil) -> PlayToken {
        _ = switcher.close()
        let previous = stack.shown
        stack.push(window, at: now)
        return started(.open, from: previous, to: window)
    }

    /// A switch to `window`, which must be open; nil when it is shown and no
    /// transition runs (one away from it turns back). `inPassing`: a step on
    /// the way (next or previous in opening order, an activation), which moves
    /// the window up in the most-recently-used order only if it stays or gets input.
    /// A window on another workspace shows that workspace, with it shown there.
    package func switched(to window: Window, at now: Instant? = nil, inPassing: Bool = false) -> PlayToken? {
        if workspaces.isMinimized(window) { return restored(window, at: now) }
        _ = switcher.close()
        let previous = stack.shown
        if let number = workspaces.number(of: window), number != workspaces.shownNumber {
            let change = WorkspaceChange(from: workspaces.shownNumber, to: number)
            workspaces.show(number)
            stack.show(window, at: now, inPassing: inPassing)
            return started(.workspace, from: previous, to: window, workspaces: change)
        } else if window === stack.shown && !transitionsPending {
            return nil
        }
        stack.show(window, at: now, inPassing: inPassing)
        return started(.switch, from: previous, to: window)
    }

    // MARK: Workspaces

    /// `window` mapped onto workspace `number`, which is not shown: it goes on top there, and nothing plays.
    package func opened(_ window: Window, onHidden number: Int, at now: Instant? = nil) {
        precondition(number != workspaces.shownNumber, "a window opened on the shown workspace plays its open")
        workspaces.add(window, to: number, at: now)
    }

    /// Workspace `number` shows: a transition from the window shown to the
    /// one shown there (nil: the bare background, for a workspace with none);
    /// nil where it shows already.
    package func workspaceShown(_ number: Int) -> PlayToken? {
        guard number != workspaces.shownNumber else { return nil }
        _ = switcher.close()
        let previous = stack.shown
        let change = WorkspaceChange(from: workspaces.shownNumber, to: number)
        workspaces.show(number)
        return started(.workspace, from: previous, to: stack.shown, workspaces: change)
    }

    /// `window` moves to workspace `number`, on top there. Where it was the
    /// window shown, the one shown before it comes back as from a close; to
    /// the shown workspace, it comes in as a window opening; else nothing plays.
    package func moved(_ window: Window, toWorkspace number: Int, at now: Instant? = nil) -> PlayToken? {
        guard let from = workspaces.number(of: window), from != number else { return nil }
        _ = switcher.remove(window)
        let previous = stack.shown
        let wasShown = from == workspaces.shownNumber && previous === window
        let wasMinimized = workspaces.isMinimized(window)
        workspaces.remove(window)
        workspaces.add(window, to: number, at: now)
        // A minimized window stays minimized there.
        if wasMinimized {
            workspaces.minimize(window)
            return nil
        }
        if number == workspaces.shownNumber { return started(.open, from: previous, to: window) }
        return wasShown ? started(.close, from: window, to: stack.shown) : nil
    }

    // MARK: Minimize and restore

    /// `window` is minimized: it leaves its stack and waits beside it. Where
    /// it was on screen (the window shown, or with every window shown any on
    /// the shown workspace), the minimize transition plays from it to the
    /// window shown then; else nothing plays (nil), as for one minimized already.
    /// A hand switching toward it should have let go first.
    package func minimized(_ window: Window) -> PlayToken? {
        guard let number = workspaces.number(of: window), !workspaces.isMinimized(window) else { return nil }
        _ = switcher.remove(window)
        let wasShown = number == workspaces.shownNumber && (showsEveryWindow || stack.shown === window)
        workspaces.minimize(window)
        return wasShown ? started(.minimize, from: window, to: stack.shown) : nil
    }

    /// `window`, minimized, comes back on top of its workspace, which shows:
    /// the restore transition from the window shown to it; nil where it is not minimized.
    package func restored(_ window: Window, at now: Instant? = nil) -> PlayToken? {
        guard let number = workspaces.number(of: window), workspaces.isMinimized(window) else { return nil }
        _ = switcher.close()
        let previous = stack.shown
        workspaces.show(number)
        workspaces.restore(window, at: now)
        return started(.restore, from: previous, to: window)
    }

    /// `window` unmapped. A hand switching toward it should have let go first.
    /// With every window shown, one under the shown window plays its close
    /// where it is `seen` go: the shell knows where windows lie, and whether
    /// others above it cover it.
    package func closed(_ window: Window, seen: Bool = false) -> Closing {
        _ = switcher.remove(window)
        let wasShown = stack.shown === window
            || showsEveryWindow && seen && workspaces.number(of: window) == workspaces.shownNumber && !workspaces.isMinimized(window)
        workspaces.remove(window)
        guard wasShown else { return .hidden }
        guard !transitionsPending else {
            deferredPop = window
            return .deferred
        }
        return .pop(started(.close, from: window, to: stack.shown))
    }

    // MARK: The switcher

    /// How long a window must be shown to move up, and the switcher's open delay, in seconds.
    package func configure(debounce: Double, openDelay: Double) {
        workspaces.debounce = debounce
        switcher.openDelay = openDelay
    }

    /// A first press: the switcher lists the open windows `listed` keeps,
    /// most recently shown first, and selects the second (going `backward`,
    /// the last); with `allWorkspaces`, those of the other workspaces after
    /// the shown one's, by when each was last shown there; minimized windows
    /// last, the most recently minimized first. False where fewer than two
    /// are listed: nothing is held.
    package func switcherOpened(backward: Bool, allWorkspaces: Bool = false, listing listed: (Window) -> Bool = { _ in true },
                                at now: Instant) -> Bool {
        guard !switcher.isHeld else { return true }
        // A hand holding a switch has the stack: the switcher waits for it to let go.
        guard heldSwitch == nil else { return false }
        var order = Array(stack.shownOrder.reversed())
        if allWorkspaces {
            let others = workspaces.numbers.filter { $0 != workspaces.shownNumber }.compactMap(workspaces.stack)
            order += others.flatMap { stack in stack.shownOrder.map { (window: $0, at: stack.lastShown($0) ?? .zero) } }
                .sorted { $0.at > $1.at }.map(\.window)
        }
        let others = allWorkspaces ? workspaces.numbers.filter { $0 != workspaces.shownNumber } : []
        order += ([workspaces.shownNumber] + others).compactMap(workspaces.stack).flatMap { $0.minimized.reversed() }
        return switcher.open(listing: order.filter(listed), backward: backward, at: now)
    }

    /// Another press while held: the selection moves on (or back).
    package func switcherStepped(backward: Bool) { switcher.step(backward: backward) }

    /// The frame clock ticked: whether the overlay is due and just showed.
    package func switcherTicked(at now: Instant) -> Bool { switcher.tick(at: now) }

    /// A click or touch on `window`'s preview: it is selected (then committed, by the caller).
    package func switcherSelected(_ window: Window) -> Bool { switcher.select(window) }

    /// The modifier let go (or a preview chosen): one switch, to the selection,
    /// however many presses it took; nil where it is the window shown.
    package func switcherCommitted(at now: Instant) -> PlayToken? {
        guard let chosen = switcher.close() else { return nil }
        return switched(to: chosen, at: now)
    }

    /// Escape: the switcher goes, and nothing plays.
    package func switcherCancelled() { _ = switcher.close() }

    /// Input reached the shown window: it moves up in the order windows were shown.
    package func inputReached(_ window: Window) { stack.noteInput(to: window) }

    /// Where a hand switching to a window goes back to when cancelled:
    /// `takingOverFrom`, where a transition toward that window runs, is the
    /// window that one came from (nil inside: a screen that was no window);
    /// without one, the window shown now.
    package func handOrigin(takingOverFrom origin: Window?? = nil) -> Window? {
        // The stack moved when the taken-over transition began: the window shown before is where it came from.
        origin.map { $0 ?? stack.shownOrder.dropLast().last } ?? stack.shown
    }

    /// `hand` begins switching to `window`, from `handOrigin(takingOverFrom:)`.
    package func handBegan(toward window: Window, takingOverFrom origin: Window?? = nil, hand: InteractiveProgress) -> PlayToken {
        _ = switcher.close()
        // Taking over an open from the bare background, with no window before: an
        // open window cannot go back to nothing, so a cancel leaves it shown.
        let back = handOrigin(takingOverFrom: origin) ?? window
        let token = started(.switch, from: back, to: window)
        handSwitch = HandSwitch(play: play(of: token), target: window, back: back, hand: hand)
        return token
    }

    /// `hand` begins switching to workspace `number` from the one shown, which
    /// stays shown until the hand's release completes the switch.
    package func handBegan(toWorkspace number: Int, hand: InteractiveProgress) -> PlayToken {
        _ = switcher.close()
        let change = WorkspaceChange(from: workspaces.shownNumber, to: number)
        let token = started(.workspace, from: stack.shown, to: workspaces.stack(number)?.shown, workspaces: change)
        handSwitch = HandSwitch(play: play(of: token), target: workspaces.stack(number)?.shown, back: stack.shown, hand: hand)
        return token
    }

    /// The play `id` completed with `outcome`: its record goes, and how it ended.
    func completed(_ id: AnimationID, outcome: TransitionState, at now: Instant) -> Ending {
        guard let index = animations.firstIndex(where: { $0.id == id }) else { return Ending(shownChanged: false, pop: nil) }
        let play = animations.remove(at: index)
        var shownChanged = false
        // A window gone that the screen still shows: a close plays from it to the shown one.
        var closed = deferredPop
        // One minimized meanwhile: its minimize plays.
        var minimized: Window?
        // One that opened on an empty workspace a hand went to: it comes in.
        var arrived: Window?
        if let handSwitch, handSwitch.play.id == id {
            self.handSwitch = nil
            // Only the hand's own decision moves the stack: a switch that
            // interrupted it has shown what it wanted already.
            // Between workspaces, a release that completes shows the one it went to first.
            var decided = handSwitch.hand.outcome
            if let change = handSwitch.workspaces {
                if decided == .finished, outcome != .interrupted, change.to != workspaces.shownNumber {
                    workspaces.show(change.to)
                    shownChanged = true
                    // A window that came onto the empty workspace meanwhile comes in from the background it drew.
                    if play.to == nil, let shown = stack.shown { arrived = shown }
                } else {
                    decided = nil
                }
            }
            if let decided, outcome != .interrupted,
               let ended = decided == .finished ? play.to : handSwitch.back, ended !== stack.shown {
                if workspaces.isMinimized(ended) {
                    minimized = ended
                } else if let number = workspaces.number(of: ended) {
                    // On another workspace (moved there meanwhile), its workspace shows with it.
                    workspaces.show(number)
                    stack.show(ended, at: now)
                    shownChanged = true
                } else {
                    closed = ended
                }
            }
        }
        if let arrived { return Ending(shownChanged: shownChanged, pop: started(.switch, from: nil, to: arrived)) }
        if let minimized { return Ending(shownChanged: shownChanged, pop: started(.minimize, from: minimized, to: stack.shown)) }
        guard let closed else { return Ending(shownChanged: shownChanged, pop: nil) }
        return Ending(shownChanged: shownChanged, pop: started(.close, from: closed, to: stack.shown))
    }

    private func started(_ event: TransitionEvent, from: Window?, to: Window?, workspaces: WorkspaceChange? = nil) -> PlayToken {
        // A close waiting for the running transition is done with: this one shows what is to be shown.
        deferredPop = nil
        return PlayToken(record(.transition(event), from: from, to: to, workspaces: workspaces, clock: .waiting).id)
    }

    /// A new record, running from now on.
    func record(_ kind: AnimationKind, from: Window? = nil, to: Window? = nil, workspaces: WorkspaceChange? = nil,
                clock: Record.Clock) -> Record {
        var record = Record(id: AnimationID(nextID), kind: kind, from: from, to: to, clock: clock)
        record.workspaces = workspaces
        nextID += 1
        animations.append(record)
        return record
    }
}
