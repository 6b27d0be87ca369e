import Foundation
import SegueImaging
import XCTest

/// fuzzel and mako as Debian ships them, coming and going with their
/// namespaces' motions, seen in the frames `--record` writes: fuzzel (the
/// `launcher` namespace) pops in and out, its red growing and fading
/// monotonically; mako's notification slides in from the right and back out.
/// The frames at the ends are exact.
final class LayerMotionProgramsTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!
    /// 250 ms at 60 Hz: the most frames a motion takes.
    private let frameCount = 15

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-layer-motion-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [output]
            background = "#000000"
            [layers]
            duration = "250ms"
            easing = "linear"
            """.write(to: config, atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest(arguments: ["--record", frames.path, "--config", config.path])
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private var frames: URL { folder.appendingPathComponent("frames") }

    /// The frames recorded of the one motion whose folder ends with `suffix`,
    /// once no more come: as many as were presented (a debug build on two
    /// busy cores presents fewer than `frameCount`, late, the motion still on time).
    private func recorded(_ suffix: String, timeout: TimeInterval = 30) throws -> [RGBAImage] {
        let deadline = Date().addingTimeInterval(timeout)
        var last = (count: 0, since: Date())
        while Date() < deadline {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
            if let name = folders.first(where: { $0.hasPrefix("layer-") && $0.hasSuffix(suffix) }) {
                let path = frames.appendingPathComponent(name).path
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
                if files.count != last.count { last = (files.count, Date()) }
                if files.count >= 2, Date().timeIntervalSince(last.since) > 0.75 {
                    return try files.map { try PNG.read(path: "\(path)/\($0)") }
                }
            }
            usleep(50_000)
        }
        throw CompositorTestError("no frames of a motion ending \(suffix) in \(frames.path)")
    }

    /// Whether `values` never go back, and move on in at least a quarter of the motion's frames.
    private func movesOneWay(_ values: [Int], up: Bool) -> Bool {
        let steps = zip(values, values.dropFirst())
        return steps.allSatisfy { up ? $1 >= $0 : $1 <= $0 } && steps.filter { $0 != $1 }.count >= frameCount / 4
    }

    func testFuzzelPopsInAndOutAsItsFramesShow() throws {
        let fuzzel = try compositor.launch(try installedProgram("fuzzel"), ["-b", "ff0000ff"])
        let opening = try recorded("launcher-open-popin")
        XCTAssertLessThanOrEqual(opening.count, frameCount + 1, "250 ms at 60 Hz at most")
        let red = opening.map { Int($0[320, 180].r) }
        XCTAssertTrue(movesOneWay(red, up: true), "fuzzel's red at its centre only grows: \(red)")
        XCTAssertLessThan(red.first ?? 255, 60, "the first frame is mostly see-through")
        XCTAssertEqual(opening.last?[320, 180], RGBA(255, 0, 0), "the last frame exact")
        XCTAssertEqual(try compositor.screenshot()[320, 180], RGBA(255, 0, 0), "and the screen after it")

        // It quits: its surface goes with its client, and its last picture pops out.
        fuzzel.terminate()
        fuzzel.waitUntilExit()
        let closing = try recorded("launcher-close-popin")
        let fading = closing.map { Int($0[320, 180].r) }
        XCTAssertTrue(movesOneWay(fading, up: false), "its red only fades: \(fading)")
        XCTAssertGreaterThan(fading.first ?? 0, 200, "the first frame of going is mostly there")
        XCTAssertEqual(closing.last?[320, 180], RGBA(0, 0, 0), "the last frame shows it gone")
    }

    func testMakosNotificationSlidesInFromTheRightAndBackOut() throws {
        let (notify, makoctl) = (try installedProgram("notify-send"), try installedProgram("makoctl"))
        let mako = try MakoSession(on: compositor, folder: folder, then: "sleep 1; \(notify) Hello Segue; sleep 2; \(makoctl) dismiss")
        defer { mako.end() }
        let green = RGBA(0, 255, 0)
        /// Where green starts on row 20: the notification's left edge (640 where none shows).
        func leftEdge(_ frame: RGBAImage) -> Int { (0..<640).first { frame[$0, 20] == green } ?? 640 }
        let coming = try recorded("notifications-open-slide").map(leftEdge)
        XCTAssertTrue(movesOneWay(coming, up: false), "its left edge only moves left: \(coming)")
        XCTAssertGreaterThan(coming.first ?? 0, 560, "it starts mostly past the right edge")
        let arrived = try recorded("notifications-open-slide").last
        XCTAssertEqual(arrived?[560, 20], green, "the last frame exact: mako's place, 10 units in from the top right")
        XCTAssertEqual(arrived.map(leftEdge), leftEdge(try compositor.screenshot()), "and the screen after it")

        let going = try recorded("notifications-close-slide").map(leftEdge)
        XCTAssertTrue(movesOneWay(going, up: true), "dismissed, it only moves right: \(going)")
        XCTAssertEqual(going.last, 640, "the last frame shows it gone")
    }
}
