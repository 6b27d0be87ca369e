@testable import SegueShell
import SegueEngine
import XCTest

/// A surface texture's versions of its pixels: what changed since one, while it is kept.
final class PixelHistoryTests: XCTestCase {
    private let a = PixelRect(x: 0, y: 0, width: 4, height: 4), b = PixelRect(x: 10, y: 10, width: 2, height: 2)

    func testWhatChangedSinceAVersionIsEveryChangeAfterIt() {
        let count = PixelCount()
        let first = count.next()
        var history = PixelHistory<BufferSpace>(version: first)
        history.changed(BufferDamage([a]), to: count.next())
        let middle = history.version
        history.changed(BufferDamage([b]), to: count.next())
        XCTAssertEqual(history.changes(since: first).rects, [a, b])
        XCTAssertEqual(history.changes(since: middle).rects, [b])
        XCTAssertEqual(history.changes(since: history.version), .none)
    }

    func testAChangeOfAllOfItIsEverywhere() {
        let count = PixelCount()
        let first = count.next()
        var history = PixelHistory<BufferSpace>(version: first)
        history.changed(.everywhere, to: count.next())
        let whole = history.version
        history.changed(BufferDamage([a]), to: count.next())
        XCTAssertEqual(history.changes(since: first), .everywhere)
        XCTAssertEqual(history.changes(since: whole).rects, [a])
    }

    func testAVersionOlderThanWhatIsKeptIsNotKnown() {
        let count = PixelCount()
        let first = count.next()
        var history = PixelHistory<BufferSpace>(version: first)
        for _ in 0...PixelHistory<BufferSpace>.kept { history.changed(BufferDamage([a]), to: count.next()) }
        XCTAssertEqual(history.changes(since: first), .everywhere, "its change was let go")
    }

    func testAnotherTexturesVersionIsNotKnown() {
        let count = PixelCount()
        let freed = count.next()
        // A texture taking a freed one's place starts after all of that one's versions.
        let history = PixelHistory<BufferSpace>(version: count.next())
        XCTAssertEqual(history.changes(since: freed), .everywhere)
    }
}
