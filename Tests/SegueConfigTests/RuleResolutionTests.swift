import SegueConfig
import SegueEngine
import SegueTestSupport
import XCTest

/// What `resolve` plays: event choices, rule precedence, random picks,
/// reduce-motion, and close as open in reverse.
final class RuleResolutionTests: XCTestCase {
    private var random = SeededGenerator(seed: 7)
    private let foot = WindowInfo(appID: "foot", title: "~/src")
    private let firefox = WindowInfo(appID: "org.mozilla.firefox", title: "Segue — Mozilla Firefox")

    private func resolve(_ config: SegueConfig, _ event: TransitionEvent, from: WindowInfo? = nil,
                         to: WindowInfo? = nil) -> Resolution {
        config.resolve(event: event, from: from, to: to, random: &random)
    }

    func testDefaultsSlideOnSwitchZoomOnOpenAndZoomInReverseOnClose() {
        let config = SegueConfig.defaults(registry: ConfigFixture.builtins)
        let switched = resolve(config, .switch, from: foot, to: firefox)
        XCTAssertEqual(switched.settings?.effect.name, "slide")
        XCTAssertEqual(switched.settings?.duration, ConfigFixture.builtins["slide"]?.duration)
        XCTAssertEqual(switched.direction, .forward)
        XCTAssertEqual(switched.reason, "built-in default")
        XCTAssertNil(switched.rule)
        XCTAssertEqual(resolve(config, .open, to: foot).settings?.effect.name, "zoom-from-rect")
        let closed = resolve(config, .close, from: foot, to: firefox)
        XCTAssertEqual(closed.settings?.effect.name, "zoom-from-rect")
        XCTAssertEqual(closed.direction, .reverse)
        XCTAssertEqual(closed.reason, "built-in default (open in reverse)")
    }

    func testCloseFollowsOpenInReverseUnlessItHasItsOwnSectionWhichAlsoPlaysInReverse() throws {
        let follows = try ConfigFixture.config("[transitions.open]\neffect = \"circle-reveal\"")
        let closed = resolve(follows, .close)
        XCTAssertEqual(closed.settings?.effect.name, "circle-reveal")
        XCTAssertEqual(closed.direction, .reverse)
        XCTAssertEqual(closed.reason, "[transitions.open] in reverse")

        let own = try ConfigFixture.config("[transitions.open]\neffect = \"circle-reveal\"\n[transitions.close]\neffect = \"rotate\"")
        XCTAssertEqual(resolve(own, .close).settings?.effect.name, "rotate")
        XCTAssertEqual(resolve(own, .close).direction, .reverse)
        XCTAssertEqual(resolve(own, .close).reason, "[transitions.close]")
    }

    func testMinimizePoursIntoTheLampAndRestoreFollowsItInReverse() throws {
        let defaults = SegueConfig.defaults(registry: ConfigFixture.builtins)
        XCTAssertEqual(resolve(defaults, .minimize, from: foot).settings?.effect.name, "lamp")
        XCTAssertEqual(resolve(defaults, .minimize, from: foot).direction, .forward)
        XCTAssertEqual(resolve(defaults, .restore, to: foot).settings?.effect.name, "lamp")
        XCTAssertEqual(resolve(defaults, .restore, to: foot).direction, .reverse)
        XCTAssertEqual(resolve(defaults, .restore, to: foot).reason, "built-in default (minimize in reverse)")

        let follows = try ConfigFixture.config("[transitions.minimize]\neffect = \"crossfade\"\nduration = \"300ms\"")
        let restored = resolve(follows, .restore)
        XCTAssertEqual(restored.settings?.effect.name, "crossfade")
        XCTAssertEqual(restored.settings?.duration, 0.3)
        XCTAssertEqual(restored.direction, .reverse)
        XCTAssertEqual(restored.reason, "[transitions.minimize] in reverse")

        let own = try ConfigFixture.config("[transitions.minimize]\neffect = \"crossfade\"\n[transitions.restore]\neffect = \"zoom-from-rect\"")
        XCTAssertEqual(resolve(own, .restore).settings?.effect.name, "zoom-from-rect")
        XCTAssertEqual(resolve(own, .restore).reason, "[transitions.restore]")
        // A rule for the event picks as it does for the others.
        // A rule's app-id is the window minimized, as a close's is the window closing.
        let ruled = try ConfigFixture.config("[[rules]]\nevent = \"minimize\"\napp-id = \"foot\"\neffect = \"doom-melt\"")
        XCTAssertEqual(resolve(ruled, .minimize, from: foot, to: firefox).settings?.effect.name, "doom-melt")
        XCTAssertEqual(resolve(ruled, .minimize, from: firefox, to: foot).settings?.effect.name, "lamp")
    }

    func testACloseSectionNamingItsOwnEffectStartsFromThatEffectsDefaultsNotOpens() throws {
        let config = try ConfigFixture.config("""
            [transitions.open]
            effect = "crossfade"
            duration = "200ms"
            easing = "linear"
            [transitions.close]
            effect = "doom-melt"
            """)
        let closed = try XCTUnwrap(resolve(config, .close).settings)
        XCTAssertEqual(closed.effect.name, "doom-melt")
        XCTAssertEqual(closed.duration, ConfigFixture.builtins["doom-melt"]?.duration)
        XCTAssertEqual(closed.curve, ConfigFixture.builtins["doom-melt"]?.curve)
    }

    func testACloseSectionWithoutAnEffectChangesOpensChoiceKeyByKey() throws {
        let config = try ConfigFixture.config("""
            [transitions.open]
            effect = "crossfade"
            duration = "200ms"
            easing = "linear"
            [transitions.close]
            duration = "400ms"
            """)
        let closed = try XCTUnwrap(resolve(config, .close).settings)
        XCTAssertEqual(closed.effect.name, "crossfade")
        XCTAssertEqual(closed.duration, 0.4)
        XCTAssertEqual(closed.curve, .linear)
    }

    func testTheMostSpecificMatchingRuleWinsWhereverItIs() throws {
        let config = try ConfigFixture.config("""
            [[rules]]
            app-id = "foot"
            event = "switch"
            effect = "rotate"

            [[rules]]
            app-id = "foot"
            effect = "crossfade"

            [[rules]]
            app-id = "f*"
            from-app-id = "org.mozilla.*"
            title = "~*"
            effect = "doom-melt"
            """)
        XCTAssertEqual(resolve(config, .switch, from: firefox, to: foot).settings?.effect.name, "doom-melt")
        XCTAssertEqual(resolve(config, .switch, from: nil, to: foot).settings?.effect.name, "rotate",
                       "a from- key does not match when nothing was shown")
        XCTAssertEqual(resolve(config, .open, from: nil, to: foot).settings?.effect.name, "crossfade")
        let chosen = resolve(config, .switch, from: nil, to: foot)
        XCTAssertEqual(chosen.rule?.index, 0)
        XCTAssertEqual(chosen.reason, "rule 1 (config.toml:1)")
    }

    /// `app-id` is about the app's own window, as a person reads it: foot
    /// opening, closing and being switched to, not another window coming
    /// after foot; `to-app-id` stays the window shown.
    func testAppIDCoversThatAppsWindowOpeningClosingAndSwitchedTo() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "slide"

            [[rules]]
            app-id = "foot"
            effect = "doom-melt"
            """)
        XCTAssertEqual(resolve(config, .open, from: firefox, to: foot).settings?.effect.name, "doom-melt", "foot opening")
        XCTAssertEqual(resolve(config, .switch, from: firefox, to: foot).settings?.effect.name, "doom-melt", "switching to foot")
        let closed = resolve(config, .close, from: foot, to: firefox)
        XCTAssertEqual(closed.settings?.effect.name, "doom-melt", "foot closing")
        XCTAssertEqual(closed.direction, .reverse)
        XCTAssertEqual(resolve(config, .close, from: foot, to: nil).settings?.effect.name, "doom-melt", "foot, the last window, closing")
        XCTAssertEqual(resolve(config, .switch, from: foot, to: firefox).settings?.effect.name, "slide", "leaving foot is firefox's")
        XCTAssertNotEqual(resolve(config, .close, from: firefox, to: foot).settings?.effect.name, "doom-melt",
                          "firefox closing is not foot's, though foot shows after")

        let shown = try ConfigFixture.config("[[rules]]\nto-app-id = \"foot\"\neffect = \"doom-melt\"")
        XCTAssertEqual(resolve(shown, .close, from: firefox, to: foot).settings?.effect.name, "doom-melt", "to-app-id: foot shown")
        XCTAssertNotEqual(resolve(shown, .close, from: foot, to: firefox).settings?.effect.name, "doom-melt")
    }

    /// A bare number of seconds is a duration, as the error text for a bad one says.
    func testABareNumberDurationIsSeconds() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            duration = 0.5
            [transitions.open]
            effect = "slide"
            spring = { damping = 0.7, duration = 2 }
            """)
        XCTAssertEqual(resolve(config, .switch, from: foot, to: firefox).settings?.duration, 0.5)
        XCTAssertEqual(resolve(config, .open, to: foot).settings?.duration, 2)
    }

    func testOfEquallySpecificRulesTheLaterWins() throws {
        let config = try ConfigFixture.config("""
            [[rules]]
            app-id = "foot"
            effect = "rotate"
            [[rules]]
            title = "~*"
            effect = "crossfade"
            """)
        let chosen = resolve(config, .switch, from: firefox, to: foot)
        XCTAssertEqual(chosen.settings?.effect.name, "crossfade")
        XCTAssertEqual(chosen.reason, "rule 2 (config.toml:4)")
    }

    func testARuleOverridesTheEventsChoiceKeyByKey() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "doom-melt"
            duration = "1s"
            column-width = 2
            [[rules]]
            app-id = "foot"
            start-offset = 0.5
            [[rules]]
            app-id = "org.mozilla.firefox"
            effect = "rotate"
            """)
        let tuned = try XCTUnwrap(resolve(config, .switch, to: foot).settings)
        XCTAssertEqual(tuned.effect.name, "doom-melt")
        XCTAssertEqual(tuned.duration, 1)
        XCTAssertEqual(tuned.value("column-width"), .float(2))
        XCTAssertEqual(tuned.value("start-offset"), .float(0.5))
        let replaced = try XCTUnwrap(resolve(config, .switch, to: firefox).settings)
        XCTAssertEqual(replaced.effect.name, "rotate")
        XCTAssertEqual(replaced.duration, 1, "the event's duration still applies")
    }

    func testNoneIsInstant() throws {
        let config = try ConfigFixture.config("[[rules]]\nto-app-id = \"foot\"\nevent = \"open\"\neffect = \"none\"")
        let instant = resolve(config, .open, to: foot)
        XCTAssertNil(instant.settings)
        XCTAssertEqual(instant.rule?.index, 0)
        XCTAssertNotNil(resolve(config, .switch, to: foot).settings)
    }

    func testRandomCoversEveryChoiceAndNeverPlaysNone() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "random"
            choices = ["slide", "rotate", "crossfade"]
            background = [0.5, 0.5, 0.5]
            """)
        var seen: [String: Int] = [:]
        for _ in 0..<300 {
            let played = try XCTUnwrap(resolve(config, .switch, from: foot, to: firefox).settings)
            seen[played.effect.name, default: 0] += 1
            if played.effect.name != "crossfade" {
                XCTAssertEqual(played.value("background"), ParameterValue(.vec3, [0.5, 0.5, 0.5]))
            }
        }
        XCTAssertEqual(Set(seen.keys), ["slide", "rotate", "crossfade"])
        XCTAssertTrue(seen.values.allSatisfy { $0 > 50 }, "\(seen)")
    }

    func testRandomWithoutChoicesCoversEveryEffect() throws {
        let config = try ConfigFixture.config("[transitions.open]\neffect = \"random\"")
        let names = Set((0..<500).compactMap { _ in resolve(config, .open, to: foot).settings?.effect.name })
        XCTAssertEqual(names, Set(ConfigFixture.builtins.names))
    }

    func testReduceMotionTurnsEveryTransitionIntoAShortCrossfade() throws {
        let config = try ConfigFixture.config("""
            [accessibility]
            reduce-motion = true
            [transitions.switch]
            effect = "doom-melt"
            [[rules]]
            to-app-id = "foot"
            effect = "none"
            """)
        for event in TransitionEvent.allCases {
            let played = resolve(config, event, from: foot, to: firefox)
            XCTAssertEqual(played.settings?.effect.name, "crossfade")
            XCTAssertEqual(played.settings?.duration, 0.15)
            XCTAssertEqual(played.settings?.curve, .easeInOut)
            XCTAssertEqual(played.direction, event.direction)
            XCTAssertEqual(played.reason, "reduce-motion")
        }
        XCTAssertNil(resolve(config, .switch, to: foot).settings, "an instant change stays instant")
    }
}
