import XCTest

/// A client program the machine lacks fails the test that needs it, naming it,
/// except under SEGUE_REQUIRE_CLIENTS=0, where the test skips saying why.
final class ClientRequirementTests: XCTestCase {
    private let missing = "segue-test-no-such-program"

    override func tearDown() { unsetenv("SEGUE_REQUIRE_CLIENTS") }

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
        XCTAssertEqual(try installedProgram("weston-simple-shm"), "/usr/bin/weston-simple-shm")
    }

    func testANestedSegueThatCannotReachTheParentSkipsOnlyWhereClientsAreNotRequired() throws {
        let log = "Error: Segue's EGL cannot draw on the parent compositor's display: no EGL display"
        XCTAssertNoThrow(try skipIfNestedEGLCannotReachTheParent(log))
        setenv("SEGUE_REQUIRE_CLIENTS", "0", 1)
        XCTAssertThrowsError(try skipIfNestedEGLCannotReachTheParent(log)) { XCTAssertTrue($0 is XCTSkip) }
        XCTAssertNoThrow(try skipIfNestedEGLCannotReachTheParent("Error: cannot connect to the parent compositor"))
    }
}
