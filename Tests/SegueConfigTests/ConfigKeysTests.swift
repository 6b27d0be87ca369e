import SegueConfig
import SegueEngine
import XCTest

/// Each key of the file lands in the model.
final class ConfigKeysTests: XCTestCase {
    func testAnEmptyFileIsTheDefaults() throws {
        let config = try ConfigFixture.config("")
        let defaults = SegueConfig.defaults(registry: ConfigFixture.builtins)
        XCTAssertEqual(config.transitions, defaults.transitions)
        XCTAssertEqual(config.transitions[.switch], TransitionChoice(effect: .named("slide")))
        XCTAssertEqual(config.transitions[.open], TransitionChoice(effect: .named("zoom-from-rect")))
        XCTAssertEqual(config.transitions[.close], config.transitions[.open])
        XCTAssertEqual(config.output, OutputSettings())
        XCTAssertEqual(config.rules, [])
        XCTAssertFalse(config.reduceMotion)
        XCTAssertEqual(config.keys, KeyBindings.defaults)
        XCTAssertEqual(config.effects.names, ConfigFixture.builtins.names)
        XCTAssertEqual(config.path, ConfigFixture.path)
    }

    func testMaximizeIsSuperUpAndFullscreenSuperFEachRebindable() throws {
        let defaults = try ConfigFixture.config("").keys
        XCTAssertEqual(defaults.maximize, try KeyChord(parsing: "Super+Up"))
        XCTAssertEqual(defaults.fullscreen, try KeyChord(parsing: "Super+F"))
        let keys = try ConfigFixture.config("""
            [keys]
            maximize = "Super+M"
            fullscreen = "F11"
            """).keys
        XCTAssertEqual(keys.maximize, try KeyChord(parsing: "Super+M"))
        XCTAssertEqual(keys.fullscreen, try KeyChord(parsing: "F11"))
        XCTAssertEqual(ConfigFixture.problems("""
            [keys]
            fullscreen = "Super+H"
            """), ["2:14: minimize and fullscreen are both Super+H; give them different keys"])
    }

    func testKeyRepeatRateAndDelay() throws {
        let config = try ConfigFixture.config("[keys]\nrepeat-rate = 0\nrepeat-delay = 250")
        XCTAssertEqual(config.keyRepeat, KeyRepeat(rate: 0, delay: 250), "0: keys do not repeat")
        XCTAssertEqual(try ConfigFixture.config("[keys]\nclose = \"Alt+Q\"").keyRepeat, KeyRepeat(), "unset: the parent's, else Segue's")
    }

    func testFrameQualityIsAdaptiveDownToHalfSizeUnlessTheFileSaysOtherwise() throws {
        XCTAssertEqual(try ConfigFixture.config("").frameQuality, FrameQuality(adaptive: true, minimumScale: 0.5))
        let full = try ConfigFixture.config("[transitions]\nquality = \"full\"")
        XCTAssertFalse(full.frameQuality.adaptive)
        let third = try ConfigFixture.config("[transitions]\nmin-scale = 0.33\n[transitions.switch]\neffect = \"rotate\"")
        XCTAssertEqual(third.frameQuality, FrameQuality(adaptive: true, minimumScale: 0.33))
        XCTAssertEqual(third.transitions[.switch]?.effect, .named("rotate"), "the events' tables beside it still apply")
    }

    func testOutputSizeRefreshBackgroundAndScale() throws {
        let config = try ConfigFixture.config("""
            [output]
            size = "1280x720"
            refresh = 144
            background = "#ff8000"
            scale = 2
            """)
        XCTAssertEqual(config.output.scale, 2)
        XCTAssertNil(try ConfigFixture.config("[output]\nrefresh = 60").output.scale, "unset: the compositor decides")
        XCTAssertEqual(config.output.size, OutputSettings.Size(width: 1280, height: 720))
        XCTAssertEqual(config.output.refresh, 144)
        XCTAssertEqual(config.output.background, OutputSettings.Colour(red: 1, green: 128.0 / 255, blue: 0))
        XCTAssertEqual(try ConfigFixture.config("output.refresh = 59.94\noutput.background = \"14141a\"").output.refresh, 59.94)
    }

    func testEffectDurationEasingAndParametersOfAnEvent() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "doom-melt"
            duration = "1.2s"
            easing = "cubic-bezier(0.4, 0, 0.2, 1)"
            column-width = 2
            start-offset = 0.5
            """)
        let choice = try XCTUnwrap(config.transitions[.switch])
        XCTAssertEqual(choice.effect, .named("doom-melt"))
        XCTAssertEqual(choice.duration, 1.2)
        XCTAssertEqual(choice.curve, .cubicBezier(try XCTUnwrap(CubicBezier(0.4, 0, 0.2, 1))))
        XCTAssertEqual(choice.parameters, ["column-width": .float(2), "start-offset": .float(0.5)])
    }

    func testVectorParametersFromArraysStringsAndUniformNames() throws {
        let config = try ConfigFixture.config("""
            [transitions.open]
            rect = [0.1, 0.2, 0.3, 0.4]
            [transitions.switch]
            background = "vec3(0.1, 0.2, 0.3)"
            [transitions.close]
            effect = "circle-reveal"
            shadowRadius = 12
            """)
        XCTAssertEqual(config.transitions[.open]?.parameters["rect"], ParameterValue(.vec4, [0.1, 0.2, 0.3, 0.4]))
        XCTAssertEqual(config.transitions[.switch]?.parameters["background"], ParameterValue(.vec3, [0.1, 0.2, 0.3]))
        XCTAssertEqual(config.transitions[.close]?.parameters["shadow-radius"], .float(12))
    }

    func testSpringWithStiffnessSetsTheCurveAndItsSettleTime() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            spring = { damping = 0.5, stiffness = 300, velocity = 0.8 }
            """)
        let spring = Spring(dampingRatio: 0.5, initialVelocity: 0.8, stiffness: 300)
        XCTAssertEqual(config.transitions[.switch]?.curve, .spring(spring))
        XCTAssertEqual(config.transitions[.switch]?.duration, spring.settleDuration)
    }

    func testSpringWithADurationSettlesInIt() throws {
        let config = try ConfigFixture.config("""
            [transitions.open]
            spring.damping = 0.7
            spring.duration = "400ms"
            """)
        XCTAssertEqual(config.transitions[.open]?.curve, .spring(Spring.settling(in: 0.4, dampingRatio: 0.7)))
        XCTAssertEqual(try XCTUnwrap(config.transitions[.open]?.duration), 0.4, accuracy: 1e-9)
    }

    func testSpringWithNeitherSettlesInTheTablesDurationElseTheEffectsOwn() throws {
        let withDuration = try ConfigFixture.config("""
            [transitions.switch]
            duration = "800ms"
            spring = { damping = 0.6 }
            """)
        XCTAssertEqual(withDuration.transitions[.switch]?.curve, .spring(Spring.settling(in: 0.8, dampingRatio: 0.6)))
        XCTAssertEqual(withDuration.transitions[.switch]?.duration, 0.8)
        let own = try ConfigFixture.config("[transitions.switch]\neffect = \"doom-melt\"\nspring = { damping = 0.6 }")
        XCTAssertEqual(own.transitions[.switch]?.curve, .spring(Spring.settling(in: 2, dampingRatio: 0.6)))
    }

    func testNoneAndRandomEffects() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "random"
            choices = ["slide", "rotate"]
            [transitions.open]
            effect = "random"
            [transitions.close]
            effect = "none"
            """)
        XCTAssertEqual(config.transitions[.switch]?.effect, .random(choices: ["slide", "rotate"]))
        XCTAssertEqual(config.transitions[.open]?.effect, .random(choices: ConfigFixture.builtins.names))
        XCTAssertEqual(config.transitions[.close]?.effect, TransitionChoice.Effect.none)
    }

    func testRandomParametersApplyToTheChoicesThatHaveThem() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "random"
            choices = ["slide", "rotate", "crossfade"]
            background = [0.2, 0.2, 0.2]
            """)
        XCTAssertEqual(config.transitions[.switch]?.parameters["background"], ParameterValue(.vec3, [0.2, 0.2, 0.2]))
    }

    func testCloseStartsFromOpenAndTakesItsOwnKeys() throws {
        let config = try ConfigFixture.config("""
            [transitions.open]
            effect = "circle-reveal"
            duration = "1.5s"
            [transitions.close]
            easing = "linear"
            """)
        XCTAssertEqual(config.transitions[.close],
                       TransitionChoice(effect: .named("circle-reveal"), duration: 1.5, curve: .linear))
    }

    func testRulesReadEveryMatchKeyAndWhatTheySet() throws {
        let config = try ConfigFixture.config("""
            [[rules]]
            from-app-id = "org.gnome.*"
            from-title = "Inbox*"
            to-app-id = "foot"
            to-title = "[Vv]im"
            event = "switch"
            effect = "rotate"
            background = [1, 1, 1]

            [[rules]]
            app-id = "mpv"
            title = "*.mkv"
            effect = "none"
            """)
        XCTAssertEqual(config.rules.count, 2)
        let first = config.rules[0]
        XCTAssertEqual(first.match, RuleMatch(fromAppID: try Glob("org.gnome.*"), fromTitle: try Glob("Inbox*"),
                                              toAppID: try Glob("foot"), toTitle: try Glob("[Vv]im"), event: .switch))
        XCTAssertEqual(first.match.specificity, 5)
        XCTAssertEqual(first.choice, PartialChoice(effect: .named("rotate"), parameters: ["background": ParameterValue(.vec3, [1, 1, 1])]))
        XCTAssertEqual(first.line, 1)
        XCTAssertEqual(first.index, 0)
        XCTAssertEqual(config.rules[1].match, RuleMatch(appID: try Glob("mpv"), title: try Glob("*.mkv")))
        XCTAssertEqual(config.rules[1].choice.effect, TransitionChoice.Effect.none)
        XCTAssertEqual(config.rules[1].line, 10)
    }

    func testRulesMayAlsoBeAnInlineArray() throws {
        let config = try ConfigFixture.config("""
            rules = [
              { app-id = "mpv", effect = "none" },
              { title = "*.pdf", event = "open", effect = "crossfade" },
            ]
            """)
        XCTAssertEqual(config.rules.map(\.match), [RuleMatch(appID: try Glob("mpv")),
                                                    RuleMatch(title: try Glob("*.pdf"), event: .open)])
        XCTAssertEqual(config.rules.map(\.line), [2, 3])
    }

    func testARuleWithoutAnEffectTunesTheEventsEffect() throws {
        let config = try ConfigFixture.config("""
            [transitions.switch]
            effect = "doom-melt"
            [[rules]]
            event = "switch"
            column-width = 4
            """)
        XCTAssertEqual(config.rules[0].choice, PartialChoice(parameters: ["column-width": .float(4)]))
    }

    func testAccessibilityAndKeys() throws {
        let config = try ConfigFixture.config("""
            [accessibility]
            reduce-motion = true
            [keys]
            switch-next = "Super+Tab"
            switch-prev = "Super+Shift+Tab"
            """)
        XCTAssertTrue(config.reduceMotion)
        XCTAssertEqual(config.keys.switchNext, try KeyChord(parsing: "Super+Tab"))
        XCTAssertEqual(config.keys.switchPrev?.modifiers, [.super, .shift])
    }

    func testGesturesDragModifierEdgeSwipeAndDistance() throws {
        XCTAssertEqual(try ConfigFixture.config("").gestures, GestureSettings(), "Super drags, edge swipes, the output's width")
        let config = try ConfigFixture.config("""
            [gestures]
            drag-modifier = "Alt"
            edge-swipe = false
            distance = 600
            """)
        XCTAssertEqual(config.gestures.dragModifier, .alt)
        XCTAssertFalse(config.gestures.edgeSwipe)
        XCTAssertEqual(config.gestures.distance, 600)
        XCTAssertNil(try ConfigFixture.config("[gestures]\ndrag-modifier = \"none\"").gestures.dragModifier)
        XCTAssertEqual(try ConfigFixture.config("").gestures.swipeFingers, 3)
        XCTAssertEqual(try ConfigFixture.config("[gestures]\nswipe-fingers = 4").gestures.swipeFingers, 4)
        XCTAssertEqual(try ConfigFixture.config("[gestures]\nswipe-fingers = 0").gestures.swipeFingers, 0)
        XCTAssertEqual(try ConfigFixture.config("").gestures.workspaceSwipeFingers, 4)
        XCTAssertEqual(try ConfigFixture.config("[gestures]\nswipe-fingers = 4").gestures.workspaceSwipeFingers, 3,
                       "windows took four fingers: workspaces take three")
        XCTAssertEqual(try ConfigFixture.config("[gestures]\nworkspace-swipe-fingers = 0").gestures.workspaceSwipeFingers, 0)
        XCTAssertEqual(ConfigFixture.problems("[gestures]\nswipe-fingers = 3\nworkspace-swipe-fingers = 3"),
                       ["3:27: 'swipe-fingers' (windows) and 'workspace-swipe-fingers' are both 3: give them different counts, or 0 to one"])
    }

    func testSwitcherTimingLookAndChords() throws {
        XCTAssertEqual(try ConfigFixture.config("").switcher, SwitcherSettings(), "Alt+Tab, 750 ms debounce, 150 ms delay")
        let config = try ConfigFixture.config("""
            [switcher]
            enabled = false
            debounce = "1s"
            open-delay = "80ms"
            max-height = 120
            max-scale = 0.25
            highlight = "#ff8800"
            padding = 6
            radius = 0
            dim = 0.7
            next = "Super+Tab"
            prev = ["Super+Shift+Tab", "Super+Left"]
            next-same-app = "Super+grave"
            filter = "app-id"
            """)
        let switcher = config.switcher
        XCTAssertFalse(switcher.enabled)
        XCTAssertEqual(switcher.debounce, 1)
        XCTAssertEqual(switcher.openDelay, 0.08)
        XCTAssertEqual(switcher.maxHeight, 120)
        XCTAssertEqual(switcher.maxScale, 0.25)
        XCTAssertEqual(switcher.highlight, OutputSettings.Colour(red: 1, green: 0x88 / 255.0, blue: 0))
        XCTAssertEqual(switcher.padding, 6)
        XCTAssertEqual(switcher.radius, 0)
        XCTAssertEqual(switcher.dim, 0.7)
        XCTAssertEqual(switcher.next, [try KeyChord(parsing: "Super+Tab")])
        XCTAssertEqual(switcher.prev, [try KeyChord(parsing: "Super+Shift+Tab"), try KeyChord(parsing: "Super+Left")])
        XCTAssertEqual(switcher.nextSameApp, [try KeyChord(parsing: "Super+grave")])
        XCTAssertEqual(switcher.filter, .appID)
        XCTAssertEqual(SwitcherSettings().filter, .all, "every window unless the config says")
        XCTAssertEqual(switcher.prevSameApp, SwitcherSettings().prevSameApp, "a chord left out keeps its default")
    }
}
