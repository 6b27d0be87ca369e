@testable import SegueWayland
import XCTest

/// An extension's part of a surface's state goes through pending, cached and
/// applied by its own rules, the surface knowing nothing of what it holds.
final class ExtensionStatesTests: XCTestCase {
    /// A made-up extension: values asked for, cleared when the content is replaced.
    private struct Asked: SurfaceStateExtension {
        var values: [Int] = []
        var cleared = 0

        mutating func absorb(_ newer: Asked, contentReplaced: Bool) {
            if contentReplaced {
                values.removeAll()
                cleared += 1
            }
            values += newer.values
        }
    }

    func testAPartSetNowhereReadsAsItsEmptyState() {
        XCTAssertEqual(ExtensionStates()[Asked.self].values, [])
    }

    func testALaterCommitsPartGoesOnTopByTheExtensionsOwnRules() {
        var older = ExtensionStates(), newer = ExtensionStates()
        older[Asked.self].values = [1]
        newer[Asked.self].values = [2]
        older.absorb(newer, contentReplaced: false)
        XCTAssertEqual(older[Asked.self].values, [1, 2])
        var fresh = ExtensionStates()
        fresh.absorb(newer, contentReplaced: false)
        XCTAssertEqual(fresh[Asked.self].values, [2], "taken from nothing")
    }

    func testAPartOnlyTheOlderHoldsHearsTheContentWasReplaced() {
        var older = ExtensionStates()
        older[Asked.self].values = [1]
        older.absorb(ExtensionStates(), contentReplaced: true)
        XCTAssertEqual(older[Asked.self].values, [])
        XCTAssertEqual(older[Asked.self].cleared, 1)
    }

    /// A part taken at each commit (as presentation feedback is) is not kept once applied.
    private struct Taken: SurfaceStateExtension {
        var values: [Int] = []
        static var persists: Bool { false }
        mutating func absorb(_ newer: Taken, contentReplaced: Bool) { values += newer.values }
    }

    func testApplyingKeepsWhatPersistsAndDropsWhatIsTakenAtEachCommit() {
        var applied = ExtensionStates(), commit = ExtensionStates()
        commit[Asked.self].values = [1]
        commit[Taken.self].values = [2]
        applied.apply(commit, contentReplaced: false)
        XCTAssertEqual(applied[Asked.self].values, [1])
        XCTAssertEqual(applied[Taken.self].values, [], "handed out, not kept")
    }
}
