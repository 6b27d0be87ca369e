import CWaylandClient
import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// Minimize and restore in a stacked compositor: the shown window pours into
/// the bottom centre with the lamp, the one below showing around it, and a
/// restore plays it back out; its client's own xdg_toplevel.set_minimized does
/// the same; lists and events say which windows are minimized.
final class MinimizeTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var toplevels: [RawToplevel] = []
    private let red = RGBA(220, 0, 0), green = RGBA(0, 180, 0), marker = RGBA(255, 255, 255)
    private let width = 64, height = 36

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height, stepped: true, config: """
            [output]
            background = "#000000"
            [transitions.open]
            effect = "none"
            [transitions.minimize]
            effect = "lamp"
            duration = "200ms"
            easing = "linear"
            """)
        client = try server.connect()
        // Red, then green with a marker at its top left, each filling the output; green shows.
        for (fill, mark) in [(red, red), (green, marker)] {
            let toplevel = try client.makeConfiguredToplevel()
            toplevels.append(toplevel)
            try client.show(marked(width: width, height: height, fill: fill, marker: mark, side: 8), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            _ = server.stepUntilIdle(sampling: 0, 0)
        }
    }

    override func tearDown() { server?.stop() }

    func testSuperHMinimizesTheShownWindowAndSuperShiftHRestoresIt() throws {
        let logo: UInt32 = 125, shift: UInt32 = 42, h: UInt32 = 35
        _ = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        var time: UInt32 = 0
        func press(_ keys: [UInt32]) {
            for (key, pressed) in keys.map({ ($0, true) }) + keys.reversed().map({ ($0, false) }) {
                time += 10
                server.inject(.key(time: time, key: key, pressed: pressed))
            }
        }
        press([logo, h])
        _ = server.stepUntilIdle(sampling: 0, 0)
        let green = try XCTUnwrap(server.compositor.allWindows.last)
        XCTAssertTrue(server.compositor.navigation.workspaces.isMinimized(green))
        XCTAssertEqual(server.presented[0, 0], red, "the window below shows")
        press([logo, shift, h])
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertFalse(server.compositor.navigation.workspaces.isMinimized(green))
        XCTAssertEqual(server.presented[0, 0], marker, "green is back, its marker at its top left")
    }

    /// The rows from the top at column `x` that show `colour` before any other does.
    private func rows(of colour: RGBA, atTopOf frame: RGBAImage, x: Int) -> Int {
        (0..<height).first { frame[x, $0] != colour } ?? height
    }

    /// Halfway (`share` of the frames, linear), the green window has slid
    /// down from the top, red showing above it and beside its narrow end,
    /// upright: its top row starts with its marker, ends green.
    private func assertPouringIn(_ frames: [RGBAImage], _ share: ClosedRange<Int>, file: StaticString = #filePath, line: UInt = #line) {
        for index in frames.count * share.lowerBound / 100 ... frames.count * share.upperBound / 100 {
            let frame = frames[index]
            XCTAssertGreaterThan(rows(of: red, atTopOf: frame, x: width / 2), 0, "frame \(index): red above the slid-down top", file: file, line: line)
            XCTAssertEqual(frame[1, height - 2], red, "frame \(index): red beside the narrow end", file: file, line: line)
            XCTAssertEqual(frame[width / 2, height - 2], green, "frame \(index): green pouring in at the bottom centre", file: file, line: line)
            guard let top = (0..<height).first(where: { y in (0..<width).contains { frame[$0, y] != red } }), top + 1 < height else {
                return XCTFail("frame \(index): no window", file: file, line: line)
            }
            let row = (0..<width).map { frame[$0, top + 1] }.filter { $0 != red }
            XCTAssertEqual(row.first, marker, "frame \(index): the marker at the window's top left", file: file, line: line)
            XCTAssertEqual(row.last, green, "frame \(index): green at its top right", file: file, line: line)
        }
    }

    func testMinimizingTheShownWindowPoursItIntoTheBottomCentreAndTheOneBelowShows() throws {
        var played: TransitionCompletion?
        let outcome = try server.compositor.perform(.minimize(), onComplete: { completion, _ in played = completion })
        guard case .minimized(let id, played: true) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(id, 2)
        let frames = server.framesUntilIdle()
        XCTAssertEqual(played?.effect, "lamp")
        XCTAssertEqual(played?.outcome, .finished)
        XCTAssertEqual(played?.statistics.frames ?? 0, 12, accuracy: 1, "200 ms at 60 Hz")
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .minimize)
        assertPouringIn(frames, 45...65)
        XCTAssertEqual(frames.last, RGBAImage(width: width, height: height, fill: red), "the window below alone at the end")
        guard case .array(let windows)? = server.answer(.windows)?.payload["windows"] else { return XCTFail("no windows") }
        let minimized: [JSONValue?] = windows.map { window -> JSONValue? in
            guard case .object(let fields) = window else { return nil }
            return fields["minimized"]
        }
        XCTAssertEqual(minimized, [.bool(false), .bool(true)], "the shown one, then the minimized one, listed last")
        XCTAssertEqual(server.answer(.minimize())?.payload["minimized"], .bool(true), "the red one minimizes too, nothing below it")
    }

    func testRestoringPlaysTheLampBackOutOfTheBottomCentre() throws {
        try server.compositor.perform(.minimize())
        _ = server.framesUntilIdle()
        var played: TransitionCompletion?
        let outcome = try server.compositor.perform(.restore(), onComplete: { completion, _ in played = completion })
        guard case .restored(2) = outcome else { return XCTFail("\(outcome)") }
        let frames = server.framesUntilIdle()
        XCTAssertEqual(played?.direction, .reverse)
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .restore)
        // Backwards: the same frames, the other way round.
        assertPouringIn(frames, 35...55)
        XCTAssertEqual(server.presented, marked(width: width, height: height, fill: green, marker: marker, side: 8), "green, upright, at the end")
        XCTAssertEqual(server.answer(.restore())?.error, "no window is minimized")
    }

    func testAClientsOwnMinimizeRequestMinimizesIt() throws {
        xdg_toplevel_set_minimized(toplevels[1].toplevel)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertFalse(frames.isEmpty, "the lamp played")
        XCTAssertEqual(server.presented[width / 2, height / 2], red)
        XCTAssertTrue(server.compositor.navigation.workspaces.isMinimized(server.compositor.allWindows[1]))
        // Switching to it restores it.
        XCTAssertEqual(server.answer(.switchWindow(target: .window(id: 2), effect: nil, wait: false))?.payload["switched"], .bool(true))
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[0, 0], marker)
        XCTAssertFalse(server.compositor.navigation.workspaces.isMinimized(server.compositor.allWindows[1]))
    }
}
