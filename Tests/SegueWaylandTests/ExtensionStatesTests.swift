import SegueEngine
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

    /// The current state is a `SurfaceState` too: a commit applied over it
    /// leaves what it set and each extension's part by its rules, and none of
    /// what was the commit's alone (its buffer, damage, offset).
    func testApplyingKeepsTheStateAndNoneOfWhatWasTheCommitsAlone() {
        var current = SurfaceState(), commit = SurfaceState()
        commit.scale = 2
        commit.transform = .turned90
        commit.damage = BufferDamage([PixelRect(x: 1, y: 2, width: 3, height: 4)])
        commit.surfaceDamage = SurfaceDamage([PixelRect(x: 0, y: 0, width: 8, height: 8)])
        commit.offset = (5, -6)
        commit.extensions[Asked.self].values = [1]
        current.apply(commit)
        XCTAssertEqual(current.scale, 2)
        XCTAssertEqual(current.transform, .turned90)
        XCTAssertEqual(current.extensions[Asked.self].values, [1])
        XCTAssertTrue(current.damage.isEmpty && current.surfaceDamage.isEmpty)
        XCTAssertTrue(current.offset == (0, 0))
        var next = SurfaceState()
        next.extensions[Asked.self].values = [2]
        current.apply(next)
        XCTAssertEqual(current.scale, 2, "what a later commit did not set stays")
        XCTAssertEqual(current.extensions[Asked.self].values, [1, 2])
    }
}
