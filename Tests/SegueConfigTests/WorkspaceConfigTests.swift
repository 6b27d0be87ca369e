import SegueConfig
import SegueEngine
import XCTest

/// The config's say over workspaces: their keys (Super+N by default, each
/// rebindable and checked for clashes), `[transitions.workspace]`, rules that
/// put an app on one, and the switcher's scope and zero debounce.
final class WorkspaceConfigTests: XCTestCase {
    func testWorkspaceKeysDefaultToSuperNumberAndEachCanBeRebound() throws {
        let defaults = try ConfigFixture.config("").keys
        XCTAssertEqual(defaults.workspace[0], try KeyChord(parsing: "Super+1"))
        XCTAssertEqual(defaults.moveToWorkspace[8], try KeyChord(parsing: "Super+Shift+9"))
        XCTAssertEqual(defaults.workspaceNext, try KeyChord(parsing: "Super+Page_Down"))
        let keys = try ConfigFixture.config("""
            [keys]
            workspace-2 = "Ctrl+F2"
            move-to-workspace-2 = "Ctrl+Shift+F2"
            workspace-prev = "Super+Left"
            """).keys
        XCTAssertEqual(keys.workspace[1], try KeyChord(parsing: "Ctrl+F2"))
        XCTAssertEqual(keys.moveToWorkspace[1], try KeyChord(parsing: "Ctrl+Shift+F2"))
        XCTAssertEqual(keys.workspacePrev, try KeyChord(parsing: "Super+Left"))
        XCTAssertEqual(keys.workspace[0], defaults.workspace[0], "the others keep theirs")
    }

    func testAKeyThatClashesWithAWorkspacesIsReportedWhereTheFileSaysIt() {
        XCTAssertEqual(ConfigFixture.problems("""
            [keys]
            close = "Super+3"
            """), ["2:9: close and workspace-3 are both Super+3; give them different keys"])
        XCTAssertEqual(ConfigFixture.problems("""
            [keys]
            workspace-10 = "Super+0"
            """).count, 1, "nine workspaces have keys")
    }

    func testTheWorkspaceTransitionSlidesUnlessTheFileSaysOtherwise() throws {
        XCTAssertEqual(try ConfigFixture.config("").transitions[.workspace]?.effect, .named("slide"))
        let config = try ConfigFixture.config("""
            [transitions.workspace]
            effect = "doom-melt"
            duration = "400ms"
            """)
        XCTAssertEqual(config.transitions[.workspace]?.effect, .named("doom-melt"))
        XCTAssertEqual(config.transitions[.workspace]?.duration, 0.4)
    }

    func testARuleWithAWorkspacePlacesWindowsAndChoosesNoTransition() throws {
        let config = try ConfigFixture.config("""
            [[rules]]
            app-id = "foot"
            effect = "crossfade"
            [[rules]]
            app-id = "foot"
            workspace = 3
            """)
        let foot = WindowInfo(appID: "foot", title: "")
        XCTAssertEqual(config.workspace(forOpening: foot), 3)
        XCTAssertNil(config.workspace(forOpening: WindowInfo(appID: "kitty", title: "")))
        XCTAssertEqual(config.matchingRule(event: .open, from: nil, to: foot)?.index, 0, "the placing rule plays nothing")
        XCTAssertEqual(ConfigFixture.problems("""
            [[rules]]
            app-id = "foot"
            workspace = 0
            """), ["3:13: 'workspace' must be a whole number in 1...2147483647, not 0"])
    }

    func testTheSwitchersScopeAndAZeroDebounce() throws {
        XCTAssertEqual(try ConfigFixture.config("").switcher.scope, .all)
        let switcher = try ConfigFixture.config("""
            [switcher]
            scope = "workspace"
            debounce = "0ms"
            """).switcher
        XCTAssertEqual(switcher.scope, .workspace)
        XCTAssertEqual(switcher.debounce, 0)
        XCTAssertEqual(ConfigFixture.problems("""
            [switcher]
            scope = "output"
            """).count, 1)
    }

    func testARuleByWorkspaceNumberPlaysForSwitchesToOrFromItAlone() throws {
        let config = try ConfigFixture.config("""
            [transitions.workspace]
            effect = "slide"
            [[rules]]
            to-workspace = 2
            effect = "doom-melt"
            [[rules]]
            from-workspace = 3
            to-workspace = 1
            effect = "rotate"
            """)
        var random = SystemRandomNumberGenerator()
        func effect(_ event: TransitionEvent, _ workspaces: (from: Int, to: Int)?) -> String? {
            config.resolve(event: event, from: nil, to: nil, workspaces: workspaces, random: &random).settings?.effect.name
        }
        XCTAssertEqual(effect(.workspace, (1, 2)), "doom-melt")
        XCTAssertEqual(effect(.workspace, (3, 2)), "doom-melt")
        XCTAssertEqual(effect(.workspace, (3, 1)), "rotate")
        XCTAssertEqual(effect(.workspace, (2, 1)), "slide", "neither rule: [transitions.workspace]")
        XCTAssertEqual(config.resolve(event: .switch, from: nil, to: nil, random: &random).settings?.effect.name,
                       try ConfigFixture.config("").resolve(event: .switch, from: nil, to: nil, random: &random).settings?.effect.name,
                       "a switch within a workspace is no workspace's")
        XCTAssertEqual(config.rules.first?.match.description, "to-workspace = 2")
    }

    func testAWorkspaceMatchKeyIsAWholeNumberFromOne() {
        XCTAssertEqual(ConfigFixture.problems("""
            [[rules]]
            to-workspace = 0
            effect = "slide"
            """).count, 1)
        XCTAssertEqual(ConfigFixture.problems("""
            [[rules]]
            from-workspace = "2"
            effect = "slide"
            """).count, 1)
    }
}
