import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// foot, opening and closing in `segue run --placement free` with a shader
/// of one window of the user's, in each format that has one, seen in the
/// frames `--record` writes: the part of the window shown only grows as it
/// opens and only shrinks as it closes, the last open frame is the window
/// whole, and the output away from the window and its margin never changes.
/// The niri open shader wipes it in from the left (and, played backwards,
/// out); the Burn-My-Windows one (its main) folds it away toward its left
/// as it goes, and in from there as it comes, easing as it goes.
final class OneWindowShaderProgramsTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!
    private let background = RGBA(0, 0, 0), footBackground = RGBA(0x20, 0x30, 0x40)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-one-window-programs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        compositor?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var frames: URL { folder.appendingPathComponent("frames") }

    /// Segue with `text` in `shader` (its effect named after it) opening windows over 400 ms.
    private func start(shader file: String, _ text: String, easing: String? = nil) throws {
        try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let name = String(file.prefix { $0 != "." })
        try """
            [output]
            background = "#000000"
            [effects.\(name)]
            shader = "\(file)"
            [transitions.open]
            effect = "\(name)"
            duration = "400ms"
            \(easing.map { "easing = \"\($0)\"" } ?? "")
            """.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest(arguments: ["--placement", "free", "--record", frames.path,
                                                         "--config", folder.appendingPathComponent("config.toml").path])
    }

    func testFootWipesInAndOutWithTheNiriShader() throws {
        try start(shader: "wipe.glsl", """
            vec4 open_color(vec3 coords_geo, vec3 size_geo) {
                vec4 color = texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
                return coords_geo.x <= niri_clamped_progress ? color : vec4(0.0);
            }
            """, easing: "linear")
        try compositor.launch("foot", ["--app-id", "segue-foot", "-o", "colors.background=203040", "-W", "40x10", "sh", "-c", "sleep 60"])
        let window = try compositor.waitForWindows(1, timeout: 30)[0]
        let opening = try compositor.recordedTransition("001-wipe", in: frames)
        XCTAssertGreaterThanOrEqual(opening.count, 3, "it played")
        guard case .number(let width)? = window["width"], case .number(let height)? = window["height"] else { return XCTFail("\(window)") }
        let row = Int(height) / 2
        let shown = opening.map { columns(of: footBackground, in: $0, row: row) }
        XCTAssertEqual(zip(shown, shown.dropFirst()).filter { $1 < $0 }.count, 0, "the window only comes in: \(shown)")
        XCTAssertLessThan(shown.first ?? 0, shown.last ?? 0, "it wiped in: \(shown)")
        XCTAssertGreaterThan(shown.last ?? 0, Int(width) * 3 / 4, "all of it at the end but foot's text: \(shown)")
        // Away from the window and its margin, every frame shows the background.
        let far = (x: min(639, Int(width) + 200), y: min(359, Int(height) + 100))
        for frame in opening { XCTAssertEqual(frame[far.x, far.y], background, "(\(far.x), \(far.y))") }

        XCTAssertEqual(try compositor.send(.close(target: nil, wait: true)).ok, true)
        let closing = try compositor.recordedTransition("002-wipe", in: frames)
        let left = closing.map { columns(of: footBackground, in: $0, row: row) }
        XCTAssertEqual(zip(left, left.dropFirst()).filter { $1 > $0 }.count, 0, "the window only goes: \(left)")
        XCTAssertGreaterThan(left.first ?? 0, left.last ?? 0, "it wiped out: \(left)")
        for frame in closing { XCTAssertEqual(frame[far.x, far.y], background) }
    }

    func testFootFoldsInAndOutWithTheBurnMyWindowsShader() throws {
        try start(shader: "fold.frag", """
            // Shows the columns left of what has gone, going faster as it goes.
            void main() {
                float gone = easeInCubic(uProgress);
                if (uForOpening) gone = 1.0 - gone;
                vec4 color = getInputColor(iTexCoord.st);
                color.a *= step(iTexCoord.x, 1.0 - gone);
                setOutputColor(color);
            }
            """)
        try compositor.launch("foot", ["--app-id", "segue-foot", "-o", "colors.background=203040", "-W", "40x10", "sh", "-c", "sleep 60"])
        let window = try compositor.waitForWindows(1, timeout: 30)[0]
        let opening = try compositor.recordedTransition("001-fold", in: frames)
        XCTAssertGreaterThanOrEqual(opening.count, 3, "it played")
        guard case .number(let width)? = window["width"], case .number(let height)? = window["height"] else { return XCTFail("\(window)") }
        let (w, h) = (Int(width), Int(height))
        let row = h / 2
        let shown = opening.map { columns(of: footBackground, in: $0, row: row) }
        XCTAssertEqual(shown.first, 0, "none of it first: \(shown)")
        XCTAssertEqual(zip(shown, shown.dropFirst()).filter { $1 < $0 }.count, 0, "the window only comes in: \(shown)")
        XCTAssertTrue(shown.dropFirst().dropLast().contains { $0 > 0 && $0 < w / 2 }, "part of it between: \(shown)")
        _ = try compositor.waitUntilSettled()
        let settled = try compositor.screenshot()
        let last = try XCTUnwrap(opening.last)
        let differing = (0..<h).flatMap { y in (0..<w).filter { last[$0, y] != settled[$0, y] } }
        XCTAssertEqual(differing.count, 0, "the last frame is the window exactly as it is then shown")
        // Away from the window and its margin, every frame shows the background.
        let far = (x: min(639, w + 200), y: min(359, h + 100))
        for frame in opening { XCTAssertEqual(frame[far.x, far.y], background, "(\(far.x), \(far.y))") }

        XCTAssertEqual(try compositor.send(.close(target: nil, wait: true)).ok, true)
        let closing = try compositor.recordedTransition("002-fold", in: frames)
        let left = closing.map { columns(of: footBackground, in: $0, row: row) }
        XCTAssertEqual(left.first, shown.last, "all of it first: \(left)")
        XCTAssertEqual(zip(left, left.dropFirst()).filter { $1 > $0 }.count, 0, "the window only goes: \(left)")
        XCTAssertEqual(left.last, 0, "none of it last: \(left)")
        for frame in closing { XCTAssertEqual(frame[far.x, far.y], background) }
    }
}
