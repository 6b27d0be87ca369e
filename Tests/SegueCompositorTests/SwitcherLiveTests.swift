import Foundation
import SegueEngine
import SegueImaging
import XCTest

/// Previews are live for clients that draw when told to (frame callbacks),
/// as most do: with the switcher held, every previewed window, the shown one
/// and those that were hidden, keeps drawing, and its preview follows.
final class SwitcherLiveTests: XCTestCase {
    func testEveryPreviewOfAWindowThatDrawsOnFrameCallbacksKeepsMoving() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        for (index, (label, colour)) in [("ONE", "2563eb"), ("TWO", "ea580c"), ("THREE", "16a34a")].enumerated() {
            try compositor.launch("segue-sample-client", ["--label", label, "--color", colour])
            _ = try compositor.waitForWindows(index + 1)
        }
        XCTAssertTrue(compositor.waitUntil { (try? compositor.send(.windows).payload["animating"]) == .bool(false) })
        XCTAssertTrue(try compositor.send(.switcher(.open(filter: nil))).ok)
        usleep(500_000)
        let before = try compositor.screenshot()
        usleep(600_000)
        let after = try compositor.screenshot()
        let cards = SwitcherLayout(count: 3, width: 640, height: 360, scale: 1, maxHeight: 180, maxScale: 0.3, padding: 10).cards
        for (index, card) in cards.enumerated() {
            let preview = card.preview
            let changed = (preview.y..<(preview.y + preview.height)).contains { y in
                (preview.x..<(preview.x + preview.width)).contains { before[$0, y] != after[$0, y] }
            }
            XCTAssertTrue(changed, "card \(index)'s window drew on, and its preview with it")
        }
        XCTAssertEqual(before[2, 2], after[2, 2], "the dimmed picture under the cards stays")
    }
}
