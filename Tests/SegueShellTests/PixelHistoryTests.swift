@testable import SegueShell
import SegueEngine
import XCTest

/// A surface texture's versions of its pixels: what changed since one, while it is kept.
final class PixelHistoryTests: XCTestCase {
    private let a = PixelRect(x: 0, y: 0, width: 4, height: 4), b = PixelRect(x: 10, y: 10, width: 2, height: 2)

    func testWhatChangedSinceAVersionIsEveryChangeAfterIt() {
        var count = PixelHistory.Count()
        let first = count.next()
        var history = PixelHistory(version: first)
        history.changed([a], to: count.next())
        let middle = history.version
        history.changed([b], to: count.next())
        XCTAssertEqual(history.changes(since: first), [a, b])
        XCTAssertEqual(history.changes(since: middle), [b])
        XCTAssertEqual(history.changes(since: history.version), [])
    }

    func testAChangeOfAllOfItIsNoRectangles() {
        var count = PixelHistory.Count()
        let first = count.next()
        var history = PixelHistory(version: first)
        history.changed(nil, to: count.next())
        let whole = history.version
        history.changed([a], to: count.next())
        XCTAssertNil(history.changes(since: first))
        XCTAssertEqual(history.changes(since: whole), [a])
    }

    func testAVersionOlderThanWhatIsKeptIsNotKnown() {
        var count = PixelHistory.Count()
        let first = count.next()
        var history = PixelHistory(version: first)
        for _ in 0...PixelHistory.kept { history.changed([a], to: count.next()) }
        XCTAssertNil(history.changes(since: first), "its change was let go")
    }

    func testAnotherTexturesVersionIsNotKnown() {
        var count = PixelHistory.Count()
        let freed = count.next()
        // A texture taking a freed one's place starts after all of that one's versions.
        let history = PixelHistory(version: count.next())
        XCTAssertNil(history.changes(since: freed))
    }
}
