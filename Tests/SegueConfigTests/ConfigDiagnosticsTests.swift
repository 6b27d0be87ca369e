import SegueConfig
import XCTest

/// Each kind of mistake is reported at its exact line and column, and all of
/// them at once.
final class ConfigDiagnosticsTests: XCTestCase {
    private func assertProblems(_ text: String, _ expected: [String], _ message: String = "",
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ConfigFixture.problems(text), expected, message, file: file, line: line)
    }

    func testInvalidTOMLIsReportedWhereTOMLKitFoundItInPlainWords() {
        assertProblems("[output]\nsize = \"1x1\nrefresh = 60", [
            "2:12: the string \"1x1 is not closed: end it with \" on the same line",
        ])
        assertProblems("[transitions.switch]\neffect = slide", [
            "2:10: slide is not a TOML value: text needs quotes, as in effect = \"slide\"",
        ])
        assertProblems("[keys]\nswitch-next = [1,", ["2:18: TOML syntax: array: encountered end-of-file"])
    }

    func testAFrameQualityOrFloorThatIsNotOneIsLocated() {
        assertProblems("[transitions]\nquality = \"best\"", ["2:11: quality \"best\" is not \"adaptive\" or \"full\""])
        assertProblems("[transitions]\nquality = 1", ["2:11: 'quality' must be \"adaptive\" or \"full\", not an integer"])
        assertProblems("[transitions]\nmin-scale = 0.1", ["2:13: 'min-scale' must be in 0.25...1, not 0.1"])
        assertProblems("[transitions]\nqualty = \"full\"", ["2:1: unknown key 'qualty' in [transitions]; did you mean 'quality'?"])
    }

    func testDiagnosticsReadLikeCompilerErrors() {
        guard case .failure(let errors) = ConfigFixture.parse("[transitions.switch]\nduraton = \"1s\"") else {
            return XCTFail("expected a diagnostic")
        }
        XCTAssertEqual("\(errors)", "/etc/segue/config.toml:2:1: unknown key 'duraton' in [transitions.switch]; did you mean 'duration'?")
    }

    func testUnknownKeysSuggestTheNearestValidKey() {
        assertProblems("[outptu]\nsize = \"1x1\"", ["1:2: unknown key 'outptu' in the top-level table; did you mean 'output'?"])
        assertProblems("[transitions]\nswich = {}", ["2:1: unknown key 'swich' in [transitions]; did you mean 'switch'?"])
        assertProblems("[transitions.switch]\n  backgrund = [0, 0, 0]",
                       ["2:3: unknown key 'backgrund' in [transitions.switch]; did you mean 'background'?"])
        assertProblems("[output]\nrefesh = 60", ["2:1: unknown key 'refesh' in [output]; did you mean 'refresh'?"])
    }

    func testUnknownKeysWithoutANearOneSayWhatIsValid() {
        assertProblems("[transitions.switch]\nfoo = 1",
                       ["2:1: unknown key 'foo' in [transitions.switch]: not a setting, and effect 'slide' has parameters background"])
        assertProblems("[transitions.switch]\neffect = \"none\"\nfoo = 1",
                       ["3:1: unknown key 'foo' in [transitions.switch]: effect \"none\" takes no parameters"])
    }

    func testWrongTypesNameWhatIsExpected() {
        assertProblems("[transitions.switch]\nduration = 350",
                       ["2:12: 'duration' = 350 is read as seconds, past the longest of 60 s; for milliseconds write \"350ms\""])
        assertProblems("[transitions.switch]\nduration = true",
                       ["2:12: 'duration' must be a string like \"350ms\" or \"1.2s\", or a number of seconds, not a boolean"])
        assertProblems("[transitions.switch]\nduration = 0",
                       ["2:12: duration \"0\" is zero; use a positive duration up to 60 s such as 350ms, 1.2s or 0.5 (seconds)"])
        assertProblems("[accessibility]\nreduce-motion = \"yes\"",
                       ["2:17: 'reduce-motion' must be true or false, not a string"])
        assertProblems("[xwayland]\nenabled = 1", ["2:11: 'enabled' must be true or false, not an integer"])
        assertProblems("[transitions.open]\nspring = 5",
                       ["2:10: 'spring' must be a table like { damping = 0.5, velocity = 0.8 }, not an integer"])
        assertProblems("rules = 5", ["1:1: 'rules' must be an array of tables: give each rule its own [[rules]] header"])
    }

    func testUnknownEffectsSuggestTheNearest() {
        assertProblems("[transitions.switch]\neffect = \"silde\"\nduraton = \"1s\"\ncolumn-width = 2", [
            "2:10: unknown effect 'silde'; did you mean 'slide'? (effects: circle-reveal, crossfade, doom-melt, lamp, rotate, "
                + "slide, zoom-from-rect; or \"random\" or \"none\")",
            "3:1: unknown key 'duraton' in [transitions.switch]; did you mean 'duration'?",
        ], "a typo of a setting is still reported; what may be the meant effect's parameter is not")
        assertProblems("[transitions.switch]\neffect = \"silde\"", [
            "2:10: unknown effect 'silde'; did you mean 'slide'? (effects: circle-reveal, crossfade, doom-melt, lamp, rotate, "
                + "slide, zoom-from-rect; or \"random\" or \"none\")",
        ])
    }

    func testParametersOfTheWrongTypeOrOutOfRange() {
        assertProblems("[transitions.switch]\neffect = \"doom-melt\"\ncolumn-width = true",
                       ["3:16: parameter 'column-width' takes a float, not 'true'"])
        assertProblems("[transitions.switch]\neffect = \"doom-melt\"\ncolumn-width = 1000",
                       ["3:16: parameter 'column-width' = 1000 is outside 1.0...512.0"])
        assertProblems("[transitions.switch]\neffect = \"doom-melt\"\ncolumn-width = 1e300",
                       ["3:16: parameter 'column-width' = 1e+300 is outside 1.0...512.0"])
        assertProblems("[transitions.open]\nrect = { x = 1 }", ["2:8: parameter 'rect' takes a vec4, not 'a table'; write 0.25,0.25,0.5,0.5 or vec4(0.25, 0.25, 0.5, 0.5), or in the config [0.25, 0.25, 0.5, 0.5]"])
    }

    func testBadDurations() {
        let forms = "use a positive duration up to 60 s such as 350ms, 1.2s or 0.5 (seconds)"
        for (text, problem) in [("-1s", "is negative"), ("0ms", "is zero"), ("61s", "is longer than 60 s"),
                                ("fast", "is not a number")] {
            assertProblems("[transitions.close]\n\nduration = \"\(text)\"", ["3:12: duration \"\(text)\" \(problem); \(forms)"])
        }
    }

    func testBadCurvesAndSprings() {
        assertProblems("[transitions.switch]\neasing = \"bouncy\"", [
            "2:10: unknown timing curve \"bouncy\"; valid forms: linear, ease, ease-in, ease-out, ease-in-out, "
                + "cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0...1",
        ])
        assertProblems("[transitions.switch]\neasing = \"linear\"\nspring = { damping = 0.5 }",
                       ["3:1: give either 'easing' or 'spring', not both"])
        assertProblems("[transitions.switch]\nspring = { damping = 0, stiffness = -1 }", [
            "2:22: 'damping' must be in 0.01...10, not 0",
            "2:37: 'stiffness' must be in 0.01...1000000, not -1",
        ])
        assertProblems("[transitions.switch]\nspring = { stiffness = 100, duration = \"1s\" }",
                       ["2:29: give the spring a 'stiffness' or a 'duration', not both"])
        assertProblems("[transitions.switch]\nspring = { dampign = 0.5 }",
                       ["2:12: unknown key 'dampign' in 'spring'; did you mean 'damping'?"])
        assertProblems("[transitions.switch]\nspring = { damping = 0.01, stiffness = 0.01 }",
                       ["2:1: this spring takes 6917.7 s to settle, longer than 60 s; raise its stiffness or damping"])
    }

    func testHugeNumbers() {
        assertProblems("[output]\nrefresh = 99999999999999999999",
                       ["2:31: TOML syntax: decimal integer: '99999999999999999999' is not representable in 64 bits"])
        assertProblems("[output]\nrefresh = 1e300", ["2:11: 'refresh' must be in 1...360 Hz, not 1e+300"])
        assertProblems("[output]\nrefresh = inf", ["2:11: 'refresh' must be in 1...360 Hz, not inf"])
        assertProblems("[output]\nsize = \"99999999999999999999x1\"",
                       ["2:8: size \"99999999999999999999x1\" is not WIDTHxHEIGHT, e.g. \"1920x1080\""])
    }

    func testBadOutputValues() {
        assertProblems("[output]\nsize = \"10x10\"\nbackground = \"red\"", [
            "2:8: size 10x10 is outside 16...8192 pixels per side",
            "3:14: background \"red\" is not a colour like \"#14141a\"",
        ])
        assertProblems("[output]\nscale = 5\n[accessibility]\nreduce-motion = true", ["2:9: 'scale' must be a whole number in 1...4, not 5"])
        assertProblems("[output]\nscale = 1.5", ["2:9: 'scale' must be a whole number in 1...4, not a float"])
        assertProblems("[output]\nscale = \"2\"", ["2:9: 'scale' must be a whole number in 1...4, not a string"])
        assertProblems("[keys]\nrepeat-rate = 5000\nrepeat-delay = 0", [
            "2:15: 'repeat-rate' must be a whole number in 0...1000 a second, not 5000",
            "3:16: 'repeat-delay' must be a whole number in 1...10000 ms, not 0",
        ])
    }

    func testSwitcherMistakes() {
        assertProblems("[switcher]\ndim = 2\nnext = 5\nprev = [\"Alt+Tab\", 1]\nmax-height = 10\nhighlight = \"blue\"\nopen-delay = 0\nfiltr = 1\nfilter = \"app\"", [
            "2:7: 'dim' must be in 0...1, not 2",
            "3:8: 'next' must be a chord like \"Alt+Tab\" or a list of them, not an integer",
            "4:8: 'prev' must be a chord like \"Alt+Tab\" or a list of them, not an array",
            "5:14: 'max-height' must be a whole number in 32...2048 surface units, not 10",
            "6:13: highlight \"blue\" is not a colour like \"#14141a\"",
            "7:14: duration \"0\" is zero; use a positive duration up to 60 s such as 350ms, 1.2s or 0.5 (seconds)",
            "8:1: unknown key 'filtr' in [switcher]; did you mean 'filter'?",
            "9:10: filter \"app\" is not \"all\" or \"app-id\" (the shown window's app alone)",
        ])
    }

    func testRuleMistakes() {
        assertProblems("[[rules]]\neffect = \"none\"", [
            "1:3: rule 1 has no match keys, so it would apply to every transition: give it app-id, title, from-app-id, "
                + "from-title, to-app-id, to-title, from-workspace, to-workspace or event (or namespace, for layer surfaces), or move its keys to [transitions.*]",
        ])
        assertProblems("[[rules]]\napp-id = \"a\"\n\n[[rules]]\napp-id = \"foo[\"",
                       ["5:10: glob \"foo[\" has a '[' without its ']'; write '\\[' for a bracket"])
        assertProblems("[[rules]]\nevent = \"swich\"",
                       ["2:9: unknown event 'swich'; did you mean 'switch'? (events: open, switch, close, workspace, minimize, restore)"])
        assertProblems("rules = [{ app-id = \"x\", duraton = \"1s\" }]",
                       ["1:26: unknown key 'duraton' in rule 1; did you mean 'duration'?"])
    }

    func testRandomChoicesMustBeKnownEffectsAndNotEmptyOrNone() {
        assertProblems("[transitions.switch]\neffect = \"random\"\nchoices = [\"slide\", \"none\", \"nope\", 3]", [
            "3:21: \"none\" cannot be a random choice: a random transition always plays an effect",
            "3:29: unknown effect 'nope' (effects: circle-reveal, crossfade, doom-melt, lamp, rotate, slide, zoom-from-rect; "
                + "or \"random\" or \"none\")",
            "3:37: 'choices' must hold effect names, not an integer",
        ])
        assertProblems("[transitions.switch]\neffect = \"random\"\nchoices = []",
                       ["3:11: 'choices' is empty; leave it out to pick among every effect"])
        assertProblems("[transitions.switch]\nchoices = [\"slide\"]", ["2:1: 'choices' applies only with effect = \"random\""])
        assertProblems("[transitions.switch]\neffect = \"random\"\nchoices = [\"slide\", \"rotate\"]\ncolumn-width = 2", [
            "4:1: unknown key 'column-width' in [transitions.switch]: not a setting, and none of slide, rotate has a parameter of that name",
        ])
    }

    /// A colour parameter takes the form the output's background takes, and a
    /// vector a TOML array; a vector written otherwise says which forms work.
    func testColoursAndVectorsInEveryForm() throws {
        for written in ["\"#330000\"", "[0.2, 0, 0]", "\"0.2,0,0\"", "\"vec3(0.2, 0, 0)\""] {
            let config = try ConfigFixture.config("[transitions.switch]\neffect = \"slide\"\nbackground = \(written)")
            let value = try XCTUnwrap(config.transitions[.switch]?.parameters["background"], written)
            XCTAssertEqual(value.components[0], 0.2, accuracy: 0.001, written)
            XCTAssertEqual(Array(value.components.dropFirst()), [0, 0], written)
        }
        assertProblems("[transitions.switch]\neffect = \"slide\"\nbackground = [1, 0]", [
            "3:14: parameter 'background' takes a vec3, not '1,0'; write 0.2,0,0 or vec3(0.2, 0, 0) or the colour #330000, or in the config [0.2, 0, 0]",
        ])
    }

    func testKeyBindingMistakes() {
        assertProblems("[keys]\nswitch-next = \"Hyper+Tab\"\nswitch-prev = \"Alt+Tab\"",
                       ["2:15: unknown modifier 'Hyper' in \"Hyper+Tab\"; use Alt, Shift, Ctrl, Super or Logo"])
        assertProblems("[keys]\nswitch-next = \"Alt+Tab\"\nswitch-prev = \"Alt+Tab\"",
                       ["3:15: switch-next and switch-prev are both Alt+Tab; give them different keys"])
        assertProblems("[keys]\nswitch-prev = \"Alt+Shift+Tab\"\nclose = \"Alt+Shift+Tab\"",
                       ["3:9: switch-prev and close are both Alt+Shift+Tab; give them different keys"])
        assertProblems("[keys]\nswitch-prev = \"Alt+Tab\"", [], "Alt+Tab taken from the switcher, as the config says")
        // Found at load, as the first key press would have found it.
        assertProblems("[keys]\nswitch-next = \"Alt+Tabb\"",
                       ["2:15: xkb knows no key named 'Tabb' in \"Alt+Tabb\"; did you mean \"Alt+Tab\"?"])
        assertProblems("[keys]\nswitch-next = \"Alt+Tab\"\nswitch-previous = \"Alt+Tab\"",
                       ["3:19: switch-next and switch-previous are both Alt+Tab; give them different keys"])
    }

    func testGestureMistakes() {
        assertProblems("[gestures]\ndrag-modifier = \"Hyper\"",
                       ["2:17: unknown modifier 'Hyper'; use Super, Alt, Ctrl, Shift, or \"none\" to turn dragging off"])
        assertProblems("[gestures]\nedge-swipe = \"yes\"", ["2:14: 'edge-swipe' must be true or false, not a string"])
        assertProblems("[gestures]\ndistance = 5", ["2:12: 'distance' must be in 50...10000 pixels, not 5"])
        assertProblems("[gestures]\nswipe-fingers = 2", ["2:17: 'swipe-fingers' must be 3 or 4, or 0 to leave swipes to clients, not 2"])
        assertProblems("[gestures]\nswipe-fingers = \"three\"",
                       ["2:17: 'swipe-fingers' must be 3 or 4, or 0 to leave swipes to clients, not a string"])
        assertProblems("[gestures]\nfingers = 3", ["2:1: unknown key 'fingers' in [gestures]"])
    }

    func testANulCharacterIsRefusedBeforeParsing() {
        assertProblems("x = 1\n  y\u{0}", ["2:4: the file holds a NUL character; a config is text"])
    }

    /// toml++ asserts on these instead of reporting them, so they never reach it.
    func testHeadersWithoutANameAreRefusedBeforeParsing() {
        let message = "expected a table name after '[': a bare key or a quoted one"
        assertProblems("a = 1\n[#]", ["2:2: \(message)"])
        assertProblems("[[ =]]", ["1:4: \(message)"])
        assertProblems("[é]", ["1:2: \(message)"])
        assertProblems("x = 1\n  [\n]", ["2:4: \(message)"])
    }

    func testBracketsInsideValuesAreNotHeaders() {
        XCTAssertEqual(ConfigFixture.problems("[transitions.switch]\nfoo = \"\"\"\n[+] note\n\"\"\"\n"),
                       ["2:1: unknown key 'foo' in [transitions.switch]: not a setting, and effect 'slide' has parameters background"])
        XCTAssertEqual(ConfigFixture.problems("[[rules]]\napp-id = \"a\"\nx = [\n  [{ y = 1 }],\n]"),
                       ["3:1: unknown key 'x' in rule 1: not a setting, and none of zoom-from-rect, slide, lamp has a parameter of that name"])
    }

    func testEveryProblemIsReportedInFileOrder() {
        assertProblems("""
            [transitions.switch]
            effect = "silde"
            duration = "0s"
            [output]
            refresh = 0
            [[rules]]
            title = 3
            """, [
            "2:10: unknown effect 'silde'; did you mean 'slide'? (effects: circle-reveal, crossfade, doom-melt, lamp, rotate, "
                + "slide, zoom-from-rect; or \"random\" or \"none\")",
            "3:12: duration \"0s\" is zero; use a positive duration up to 60 s such as 350ms, 1.2s or 0.5 (seconds)",
            "5:11: 'refresh' must be in 1...360 Hz, not 0",
            "7:9: 'title' must be a string: an exact name or a glob like \"org.gnome.*\", not an integer",
        ])
    }
}

/// `[startup] run`: each program a string of words or an array of arguments.
final class StartupConfigTests: XCTestCase {
    func testProgramsAsWordsOrArguments() throws {
        let config = try ConfigFixture.config("[startup]\nrun = [\"foot\", \"foot -e top\", [\"sh\", \"-c\", \"echo a b\"]]")
        XCTAssertEqual(config.startup, [["foot"], ["foot", "-e", "top"], ["sh", "-c", "echo a b"]])
    }

    func testMistakesAreLocated() {
        XCTAssertEqual(ConfigFixture.problems("[startup]\nrun = \"foot\""), [
            "2:7: 'run' must be an array of programs, each a string like \"foot\" or an array like [\"foot\", \"-e\", \"top\"], not a string",
        ])
        XCTAssertEqual(ConfigFixture.problems("[startup]\nrun = [\"\", 3, [\"foot\", 1]]\nrnu = 1"), [
            "2:8: an empty program: name one, e.g. \"foot\"",
            "2:12: 'run' must be an array of programs, each a string like \"foot\" or an array like [\"foot\", \"-e\", \"top\"]; this entry is an integer",
            "2:15: a program's arguments must all be strings",
            "3:1: unknown key 'rnu' in [startup]; did you mean 'run'?",
        ])
    }
}
