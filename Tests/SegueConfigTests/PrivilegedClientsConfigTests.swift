import SegueConfig
import XCTest

/// `[protocol] privileged`: executables by absolute path, never an app_id,
/// which any client can claim; or "all", the explicit opt-out. `trusted`,
/// its earlier name, reads the same.
final class PrivilegedClientsConfigTests: XCTestCase {
    func testPrivilegedHoldsExecutablePathsInOrderAndDefaultsToTheScreenCastPortal() throws {
        XCTAssertEqual(try ConfigFixture.config("").privileged, .executables(["/usr/libexec/xdg-desktop-portal-wlr"]))
        let config = try ConfigFixture.config("""
            [protocol]
            privileged = ["/usr/bin/grim", "/usr/local/bin/dock"]
            """)
        XCTAssertEqual(config.privileged, .executables(["/usr/bin/grim", "/usr/local/bin/dock"]), "a list replaces the default")
        XCTAssertEqual(try ConfigFixture.config("[protocol]\nprivileged = []").privileged, .executables([]),
                       "an empty one takes the portal's privilege away")
    }

    func testAllPrivilegesEveryClient() throws {
        XCTAssertEqual(try ConfigFixture.config("[protocol]\nprivileged = \"all\"").privileged, .all)
        XCTAssertEqual(try ConfigFixture.config("[protocol]\nprivileged = \"all\"").privileged.executables, [])
    }

    func testTrustedTheEarlierNameReadsTheSame() throws {
        XCTAssertEqual(try ConfigFixture.config("[protocol]\ntrusted = [\"/usr/bin/segue-launcher\"]").privileged,
                       .executables(["/usr/bin/segue-launcher"]))
    }

    func testAnAppIDEntryIsRefusedBecauseClientsChooseTheirOwn() {
        XCTAssertEqual(ConfigFixture.problems("[protocol]\nprivileged = [\"app-id:org.example.launcher\"]"), [
            "2:15: privileged entry \"app-id:org.example.launcher\": clients choose their own app_id, so it cannot be trusted; "
                + "name the program's executable instead",
        ])
    }

    func testBadEntriesAreReportedWhereTheyStand() {
        XCTAssertEqual(ConfigFixture.problems("[protocol]\nprivileged = [\"grim\", 3]"), [
            "2:15: privileged entry \"grim\" is not an absolute executable path",
            "2:23: 'privileged' must hold strings, not an integer",
        ])
        XCTAssertEqual(ConfigFixture.problems("[protocol]\nprivileged = \"/usr/bin/foot\""),
                       ["2:14: 'privileged' must be an array of absolute executable paths or \"all\", not a string"])
        XCTAssertEqual(ConfigFixture.problems("[protocol]\nprivilege = []"),
                       ["2:1: unknown key 'privilege' in [protocol]; did you mean 'privileged'?"])
        XCTAssertEqual(ConfigFixture.problems("protocol = 1"), ["1:12: 'protocol' must be a table, not an integer"])
    }
}
