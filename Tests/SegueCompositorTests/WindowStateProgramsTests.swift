import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// foot, in `segue run --placement free`, made fullscreen and maximized by
/// `segue msg`: configured to the output's or the usable area's size, it
/// draws for it, and the reply waited for says how the move there went.
final class WindowStateProgramsTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!
    private let footBackground = RGBA(0x20, 0x30, 0x40)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-states-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        // A wait long enough for foot under a loaded CI machine: the reply must see the move, not a jump.
        try """
            [transitions.resize]
            duration = "150ms"
            wait = "3s"
            """.write(to: config, atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest(arguments: ["--placement", "free", "--config", config.path])
    }

    override func tearDown() {
        compositor?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    func testFootGoesFullscreenAndBackAndMaximizesWithTheRepliesWaitedFor() throws {
        try compositor.launch("foot", ["--app-id", "segue-foot", "-o", "colors.background=203040", "-W", "40x10", "sh", "-c", "sleep 60"])
        let placed = try compositor.waitForWindows(1, timeout: 30)[0]
        let width = try XCTUnwrap(number(placed["width"])), height = try XCTUnwrap(number(placed["height"]))
        XCTAssertLessThan(width, 640, "foot opens at its own size in free placement")

        let fullscreen = try compositor.send(.setState(.fullscreen, on: true, wait: true))
        XCTAssertTrue(fullscreen.ok, fullscreen.error ?? "")
        XCTAssertEqual(fullscreen.payload["kind"], "fullscreen")
        XCTAssertEqual(fullscreen.payload["outcome"], "completed")
        XCTAssertGreaterThan(number(fullscreen.payload["frames"]) ?? 0, 1)
        var window = try compositor.waitForWindows(1)[0]
        XCTAssertEqual([number(window["width"]), number(window["height"])], [640, 360], "foot drew the output's size")
        let shot = try compositor.screenshot()
        // Not the top left: foot's cursor is there.
        for (x, y) in [(637, 2), (320, 180), (2, 357), (637, 357)] {
            XCTAssertEqual(shot[x, y], footBackground, "foot's background at (\(x), \(y)): it covers the output")
        }

        // Through the real binary, as a person types it.
        let left = try compositor.msg(["fullscreen", "--off", "--wait"])
        XCTAssertEqual(left.status, 0, left.stderr)
        XCTAssertTrue(left.stdout.contains("out of fullscreen: leave-fullscreen completed"), left.stdout)
        window = try compositor.waitForWindows(1)[0]
        XCTAssertEqual([number(window["width"]), number(window["height"])], [width, height], "back to its own size")

        let maximized = try compositor.msg(["maximize", "--wait"])
        XCTAssertEqual(maximized.status, 0, maximized.stderr)
        XCTAssertTrue(maximized.stdout.contains("maximized: maximize completed"), maximized.stdout)
        window = try compositor.waitForWindows(1)[0]
        XCTAssertEqual(number(window["width"]), 640, "maximized across the output")
        let again = try compositor.msg(["maximize", "--on"])
        XCTAssertTrue(again.stdout.contains("is maximized already"), again.stdout)
    }
}
