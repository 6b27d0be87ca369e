import SegueConfig
import XCTest

/// `[protocol] trusted`: executables by absolute path, clients by app_id.
final class ProtocolTrustTests: XCTestCase {
    func testTrustedHoldsPathsAndAppIDsInOrderAndDefaultsToNone() throws {
        XCTAssertEqual(try ConfigFixture.config("").trusted, [])
        let config = try ConfigFixture.config("""
            [protocol]
            trusted = ["/usr/bin/segue-launcher", "app-id:org.example.launcher"]
            """)
        XCTAssertEqual(config.trusted, [.executable("/usr/bin/segue-launcher"), .appID("org.example.launcher")])
        XCTAssertEqual(config.trusted.map(\.description), ["/usr/bin/segue-launcher", "app-id:org.example.launcher"])
    }

    func testBadEntriesAreReportedWhereTheyStand() {
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrusted = [\"launcher\", 3, \"app-id:\"]"), [
            "2:12: trusted entry \"launcher\" is neither an absolute path nor \"app-id:ID\"",
            "2:24: 'trusted' must hold strings, not an integer",
            "2:27: trusted entry \"app-id:\" is neither an absolute path nor \"app-id:ID\"",
        ])
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrusted = \"/usr/bin/foot\""),
                       ["2:11: 'trusted' must be an array of executable paths and \"app-id:ID\" entries, not a string"])
        XCTAssertEqual(ConfigFixture.problems("[protocol]\ntrust = []"),
                       ["2:1: unknown key 'trust' in [protocol]; did you mean 'trusted'?"])
        XCTAssertEqual(ConfigFixture.problems("protocol = 1"), ["1:12: 'protocol' must be a table, not an integer"])
    }
}
