import SegueConfig
import SegueIPC
@testable import SegueShell
import XCTest

/// The config as `segue msg config` gives it to scripts: each value of its
/// own JSON kind, durations in milliseconds, only the keys that were set.
final class ConfigJSONShapeTests: XCTestCase {
    func testAChoiceGivesOnlyItsKeysWithDurationsInMilliseconds() {
        let fields = ConfigJSON.choice(PartialChoice(effect: .named("slide"), duration: 0.35, curve: nil, parameters: [:]))
        XCTAssertEqual(fields, ["effect": "slide", "duration_ms": .number(350)])
    }

    func testARandomEffectListsItsChoicesAndNoneIsNamed() {
        XCTAssertEqual(ConfigJSON.choice(PartialChoice(effect: .random(choices: ["slide", "crossfade"]), duration: nil, curve: nil, parameters: [:])),
                       ["effect": "random", "choices": .array(["slide", "crossfade"])])
        XCTAssertEqual(ConfigJSON.choice(PartialChoice(effect: TransitionChoice.Effect.none, duration: nil, curve: nil, parameters: [:])),
                       ["effect": "none"])
    }

    func testTheSwitcherReadsAsTheConfigWritesIt() {
        guard case .object(let switcher) = ConfigJSON.switcher(SwitcherSettings()) else { return XCTFail("not an object") }
        XCTAssertEqual(switcher["next"], .array(["Alt+Tab", "Super+Tab"]))
        XCTAssertEqual(switcher["debounce_ms"], .number(750))
        XCTAssertEqual(switcher["open_delay_ms"], .number(150))
        XCTAssertEqual(switcher["highlight"], "#3584e4")
        XCTAssertEqual(switcher["filter"], "all")
    }
}
