import Foundation
import SegueImaging
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

    func testTheFrameMidGestureIsTheEffectAtTheHandsProgress() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("segue-gesture-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: config) }
        try "[transitions.switch]\neffect = \"crossfade\"\n".write(to: config, atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest(arguments: ["--config", config.path])
        _ = try compositor.openOneAndTwo()
        XCTAssertTrue(try compositor.waitUntil { try compositor.send(.windows).payload["animating"] == .bool(false) })
        let one = RGBA(0x25, 0x63, 0xeb), two = RGBA(0xea, 0x58, 0x0c)

        XCTAssertTrue(try compositor.send(.gesture(.begin(.next))).ok)
        XCTAssertTrue(try compositor.send(.gesture(.update(0.5))).ok)
        // The sample clients' bottom-right pixel is their own colour: half of each, mid-gesture.
        var corner = two
        XCTAssertTrue(try compositor.waitUntil {
            let shot = try compositor.screenshot()
            corner = shot[shot.width - 2, shot.height - 2]
            return corner != two
        })
        for (channel, a, b) in [(corner.r, two.r, one.r), (corner.g, two.g, one.g), (corner.b, two.b, one.b)] {
            XCTAssertEqual(Double(channel), (Double(a) + Double(b)) / 2, accuracy: 2, "\(corner)")
        }
        XCTAssertEqual(try compositor.send(.gesture(.end(velocity: -5))).payload["outcome"], .string("cancelled"))
        XCTAssertEqual(try shownTitle(), "TWO")
    }
}
