import SegueEngine
@testable import SeguePolicy
import XCTest

/// What one side of a transition shows in these tests.
enum Screen {
    case window(W)
    case background
    /// What was on screen when a running transition was retargeted.
    case snapshot
    /// The switcher's overlay, let go.
    case overlay

    var window: W? { if case .window(let window) = self { window } else { nil } }
}

typealias Nav = Navigation<W, Screen>

/// What a shell does with the policy and no more: it gives each play back,
/// played (a real 0.1 s transition, through the policy's own records) or
/// shown at once, plays the close an ending brings, lets the switcher's
/// overlay depart, and presents frames on a 60 Hz clock, delivering what
/// each completes after it. It holds no animation of its own: what runs is
/// asked of the policy.
final class Shell {
    let navigation = Nav()
    /// The frame clock.
    private(set) var now = Instant.zero
    static let refresh = 1.0 / 60
    /// How many times each play completed, and how each ended.
    private(set) var completions: [AnimationID: Int] = [:]
    /// The plays given back.
    private(set) var given: Set<AnimationID> = []
    private(set) var endings: [AnimationID: (outcome: TransitionState, shownChanged: Bool, pop: Nav.Play?)] = [:]
    /// The plays, by id, as they were decided.
    private(set) var plays: [AnimationID: Nav.Play] = [:]
    /// Each play's last completion, in order: what the screen ended on.
    private(set) var completed: [(play: Nav.Play, outcome: TransitionState)] = []
    /// How many times a listener heard each play end.
    private(set) var heard: [AnimationID: Int] = [:]
    /// Completions heard while a frame's presentation was accounted for: none may be.
    private(set) var heardInsidePresentation = 0
    private var presenting = false

    private static let settings: EffectSettings = {
        var registry = EffectRegistry()
        var settings = EffectSettings(try! registry.register(name: "fade", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }"))
        settings.duration = 0.1
        settings.curve = .linear
        return settings
    }()

    /// The clock moves on `seconds`, without a frame.
    func wait(_ seconds: Double) { now = now + seconds }

    /// Gives `token` back: shown at once where `atOnce`, else played, with
    /// `hand` driving it where one does, taking over the transition running
    /// toward its window where `takingOver`. Returns what it stood for.
    @discardableResult
    func give(_ token: consuming PlayToken?, atOnce: Bool = false, hand: InteractiveProgress? = nil,
              takingOver: Bool = false) -> Nav.Play? {
        guard let token else { return nil }
        let play = navigation.play(of: token)
        plays[play.id] = play
        given.insert(play.id)
        if atOnce {
            ended(play, .finished, navigation.showAtOnce(token, at: now))
            return play
        }
        // A switcher departing is what the screen shows: the transition starts from it.
        let from = takingOver ? nil : navigation.departureTaken()
        navigation.play(token, from: from ?? play.from.map(Screen.window) ?? .background,
                        to: play.to.map(Screen.window) ?? .background, settings: Self.settings, direction: .forward,
                        at: now, hand: hand, takingOver: takingOver, reason: "test",
                        snapshot: { .snapshot }) { [unowned self] completion, ending in ended(play, completion.outcome, ending) }
        return play
    }

    /// Someone else (a hand letting go) hears too how `id` ends.
    func listen(to id: AnimationID) {
        navigation.listen(to: id) { [unowned self] _, reason in
            XCTAssertEqual(reason, "test")
            heard[id, default: 0] += 1
        }
    }

    private func ended(_ play: Nav.Play, _ outcome: TransitionState, _ ending: consuming Nav.Ending) {
        if presenting { heardInsidePresentation += 1 }
        completions[play.id, default: 0] += 1
        completed.append((play, outcome))
        let pop = ending.pop.take()
        var popped: Nav.Play?
        if let pop { popped = give(pop) }
        endings[play.id] = (outcome, ending.shownChanged, popped)
    }

    /// The switcher was let go with its overlay on screen: it departs.
    func switcherLetGo() { navigation.switcherDeparted(showing: .overlay, at: now, duration: 0.12) }

    /// One refresh: the running transition's frame, or the departing
    /// overlay's, is drawn and presented, and what it completed delivered.
    func frame() {
        now = now + Self.refresh
        let departing = navigation.departure(at: now)
        guard navigation.frame(at: now) != nil || departing != nil else { return }
        presenting = true
        let completions = navigation.presented(at: now, refreshInterval: Self.refresh)
        presenting = false
        completions.deliver()
    }

    /// Frames until nothing runs, a hand still holding on letting go toward `outcome`.
    func settle(_ outcome: InteractiveProgress.Outcome = .finished, file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<10_000 where navigation.isAnimating {
            if let hand = navigation.heldSwitch?.hand { _ = hand.end(at: now, toward: outcome) }
            frame()
        }
        XCTAssertFalse(navigation.isAnimating, "every animation completes", file: file, line: line)
    }

    /// `window` opens, its transition played to the end.
    func open(_ window: W) {
        give(navigation.opened(window, at: now))
        settle()
    }
}
