import Foundation
import XCTest

/// A client program the machine lacks fails the test that needs it, naming it,
/// except under SEGUE_REQUIRE_CLIENTS=0, where the test skips saying why.
final class ClientRequirementTests: XCTestCase {
    private let missing = "segue-test-no-such-program"

    /// The run's own setting, put back after each test (a GPU machine's run sets it to 0).
    private let required = ProcessInfo.processInfo.environment["SEGUE_REQUIRE_CLIENTS"]

    override func tearDown() {
        if let required { setenv("SEGUE_REQUIRE_CLIENTS", required, 1) } else { unsetenv("SEGUE_REQUIRE_CLIENTS") }
    }

    func testAMissingClientFailsNamingItAndTheWayToSkip() {
        unsetenv("SEGUE_REQUIRE_CLIENTS")
        XCTAssertThrowsError(try installedProgram(missing)) { error in
            XCTAssertFalse(error is XCTSkip)
            XCTAssertTrue("\(error)".contains("\(missing) is not installed"), "\(error)")
            XCTAssertTrue("\(error)".contains("SEGUE_REQUIRE_CLIENTS=0"), "\(error)")
        }
    }

    func testAMissingClientSkipsWhereClientsAreNotRequired() {
        setenv("SEGUE_REQUIRE_CLIENTS", "0", 1)
        XCTAssertThrowsError(try installedProgram(missing)) { error in
            XCTAssertTrue(error is XCTSkip, "\(error)")
            XCTAssertTrue("\(error)".contains("\(missing) is not installed"), "\(error)")
        }
    }

    func testAnInstalledClientIsFoundByPath() throws {
        // Where it is missing and not required, the skip is this test's own.
        let path = try installedProgram("weston-simple-shm")
        XCTAssertEqual(path, "/usr/bin/weston-simple-shm")
    }

    func testANestedSegueThatCannotReachTheParentSkipsOnlyWhereClientsAreNotRequired() throws {
        let log = "Error: Segue's EGL cannot draw on the parent compositor's display: no EGL display"
        unsetenv("SEGUE_REQUIRE_CLIENTS")
        XCTAssertNoThrow(try skipIfNestedEGLCannotReachTheParent(log))
        setenv("SEGUE_REQUIRE_CLIENTS", "0", 1)
        XCTAssertThrowsError(try skipIfNestedEGLCannotReachTheParent(log)) { XCTAssertTrue($0 is XCTSkip) }
        XCTAssertNoThrow(try skipIfNestedEGLCannotReachTheParent("Error: cannot connect to the parent compositor"))
    }
}
