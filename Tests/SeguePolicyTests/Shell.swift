import SegueEngine
@testable import SeguePolicy
import XCTest

/// What one side of a transition shows in these tests.
enum Screen {
    case window(W)
    case background
    /// What was on screen when a running transition was retargeted.
    case snapshot

    var window: W? { if case .window(let window) = self { window } else { nil } }
}

typealias Nav = Navigation<W, Screen>

/// What a shell does with the policy and no more: it gives each play back,
/// played (a real 0.1 s transition, through the policy's own driver) or shown
/// at once, plays the close an ending brings, and presents frames on a 60 Hz
/// clock. It holds no transition of its own: what runs is asked of the policy.
final class Shell {
    let navigation = Nav()
    /// The frame clock.
    private(set) var now = Instant.zero
    static let refresh = 1.0 / 60
    /// How many times each play completed, and how each ended.
    private(set) var completions: [Int: Int] = [:]
    /// The plays given back.
    private(set) var given: Set<Int> = []
    private(set) var endings: [Int: (outcome: TransitionState, ending: Nav.Ending)] = [:]

    private static let settings: EffectSettings = {
        var registry = EffectRegistry()
        var settings = EffectSettings(try! registry.register(name: "fade", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }"))
        settings.duration = 0.1
        settings.curve = .linear
        return settings
    }()

    /// The clock moves on `seconds`, without a frame.
    func wait(_ seconds: Double) { now = now + seconds }

    /// Gives `play` back: shown at once where `atOnce`, else played, with
    /// `hand` driving it where one does, taking over the transition running
    /// toward its window where `takingOver`.
    func give(_ play: Nav.Play?, atOnce: Bool = false, hand: InteractiveProgress? = nil, takingOver: Bool = false) {
        guard let play else { return }
        given.insert(play.id)
        if atOnce {
            ended(play, .finished, navigation.showAtOnce(play, at: now))
            return
        }
        navigation.play(play, from: play.from.map(Screen.window) ?? .background, to: play.to.map(Screen.window) ?? .background,
                        settings: Self.settings, direction: .forward, at: now, hand: hand, takingOver: takingOver,
                        snapshot: { .snapshot }) { [unowned self] completion, ending in ended(play, completion.outcome, ending) }
    }

    private func ended(_ play: Nav.Play, _ outcome: TransitionState, _ ending: Nav.Ending) {
        completions[play.id, default: 0] += 1
        endings[play.id] = (outcome, ending)
        give(ending.pop)
    }

    /// One refresh: the running transition's frame is drawn and presented.
    func frame() {
        now = now + Self.refresh
        guard navigation.frame(at: now) != nil else { return }
        navigation.presented(at: now, refreshInterval: Self.refresh).deliver()
    }

    /// Frames until nothing runs, a hand still holding on letting go toward `outcome`.
    func settle(_ outcome: InteractiveProgress.Outcome = .finished, file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<10_000 where navigation.isAnimating {
            if let hand = navigation.heldSwitch?.hand { _ = hand.end(at: now, toward: outcome) }
            frame()
        }
        XCTAssertFalse(navigation.isAnimating, "every transition completes", file: file, line: line)
    }

    /// `window` opens, its transition played to the end.
    func open(_ window: W) {
        give(navigation.opened(window, at: now))
        settle()
    }
}
