import Foundation
import SegueIPC
import XCTest

/// `segue msg gesture`: a switch driven by hand over the control socket of a
/// real `segue run`, with real clients; the reply to `end` says how it ended.
final class GestureIPCTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    private func shownTitle() throws -> String? {
        guard case .string(let title)? = try compositor.windows().first(where: { $0["shown"] == .bool(true) })?["title"] else { return nil }
        return title
    }

    func testAFlickCompletesTheSwitchAndAStillReleaseCancelsIt() throws {
        compositor = try CompositorUnderTest()
        _ = try compositor.openOneAndTwo()
        XCTAssertTrue(try compositor.waitUntil { try shownTitle() == "TWO" && compositor.send(.transitions).ok })

        XCTAssertTrue(try compositor.send(.gesture(.begin(.next))).ok)
        XCTAssertTrue(try compositor.send(.gesture(.update(0.3))).ok)
        let flicked = try compositor.send(.gesture(.end(velocity: 5)))
        XCTAssertEqual(flicked.payload["outcome"], .string("finished"), "\(flicked)")
        XCTAssertEqual(try shownTitle(), "ONE")

        XCTAssertTrue(try compositor.send(.gesture(.begin(.next))).ok)
        XCTAssertTrue(try compositor.send(.gesture(.update(0.3))).ok)
        let still = try compositor.send(.gesture(.end(velocity: 0)))
        XCTAssertEqual(still.payload["outcome"], .string("cancelled"), "\(still)")
        XCTAssertEqual(try shownTitle(), "ONE", "the window shown before stays shown")
    }

    func testStepsOutOfOrderGetAClearError() throws {
        compositor = try CompositorUnderTest()
        _ = try compositor.openOneAndTwo()
        let update = try compositor.send(.gesture(.update(0.5)))
        XCTAssertFalse(update.ok)
        XCTAssertEqual(update.error, "no gesture is in progress; begin one first")
        XCTAssertTrue(try compositor.send(.gesture(.begin(.next))).ok)
        XCTAssertEqual(try compositor.send(.gesture(.cancel)).payload["outcome"], .string("cancelled"))
        XCTAssertFalse(try compositor.send(.gesture(.end(velocity: nil))).ok, "ended already")
    }
}
