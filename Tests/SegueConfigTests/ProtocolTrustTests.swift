import SegueConfig
import XCTest

/// `[protocol] trusted`: executables by absolute path, never an app_id, which any client can claim.
final class ProtocolTrustTests: XCTestCase {
    func testTrustedHoldsExecutablePathsInOrderAndDefaultsToNone() throws {
        XCTAssertEqual(try ConfigFixture.config("").trusted, [])
        let config = try ConfigFixture.config("""
            [protocol]
            trusted = ["/usr/bin/segue-launcher", "/usr/local/bin/dock"]
            """)
        XCTAssertEqual(config.trusted, ["/usr/bin/segue-launcher", "/usr/local/bin/dock"])
    }

    func testAnAppIDEntryIsRefusedBecauseClientsChooseTheirOwn() {
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrusted = [\"app-id:org.example.launcher\"]"), [
            "2:12: trusted entry \"app-id:org.example.launcher\": clients choose their own app_id, so it cannot be trusted; "
                + "name the program's executable instead",
        ])
    }

    func testBadEntriesAreReportedWhereTheyStand() {
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrusted = [\"launcher\", 3]"), [
            "2:12: trusted entry \"launcher\" is not an absolute executable path",
            "2:24: 'trusted' must hold strings, not an integer",
        ])
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrusted = \"/usr/bin/foot\""),
                       ["2:11: 'trusted' must be an array of absolute executable paths, not a string"])
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrust = []"),
                       ["2:1: unknown key 'trust' in [protocol]; did you mean 'trusted'?"])
        XCTAssertEqual(ConfigFixture.problems("protocol = 1"), ["1:12: 'protocol' must be a table, not an integer"])
    }
}
