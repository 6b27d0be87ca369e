import CWaylandClient
import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// With free placement a window minimized pours into the bottom centre over
/// its desktop, which stays as it is around it; a restore pours it back
/// where it was placed; any window of the desktop plays, not only the top
/// one. Both windows carry a marker at their top left, so a flip or an offset fails.
final class FreeMinimizeTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private let wallpaper = RGBA(0, 0, 160), red = RGBA(220, 0, 0), green = RGBA(0, 180, 0)
    private let white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)

    /// 96×54 over a blue wallpaper: red (32×18, white marker) at (4, 12), green (32×18, black marker) at (56, 30) over it.
    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .free, width: 96, height: 54, stepped: true, config: """
            [transitions.minimize]
            effect = "lamp"
            duration = "200ms"
            easing = "linear"
            """)
        client = try server.connect()
        try client.showWallpaper(wallpaper, width: 96, height: 54)
        _ = try server.placedWindow(client, marked(width: 32, height: 18, fill: red, marker: white, side: 6), x: 4, y: 12)
        _ = try server.placedWindow(client, marked(width: 32, height: 18, fill: green, marker: black, side: 6), x: 56, y: 30)
        _ = server.framesUntilIdle()
    }

    override func tearDown() { server?.stop() }

    /// The pixels of `image` that are `color`, and the lowest row holding one.
    private func count(_ color: RGBA, in image: RGBAImage) -> (pixels: Int, top: Int) {
        var pixels = 0, top = image.height
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] == color {
                pixels += 1
                top = min(top, y)
            }
        }
        return (pixels, top)
    }

    private func assertRedAsPlaced(_ image: RGBAImage, _ what: String, line: UInt = #line) {
        XCTAssertEqual(image[5, 13], white, "\(what): red's marker at its top left", line: line)
        XCTAssertEqual(image[30, 25], red, "\(what): red", line: line)
        XCTAssertEqual(image[2, 2], wallpaper, "\(what): the wallpaper", line: line)
    }

    func testTheTopWindowPoursIntoTheBottomCentreOverItsDesktop() throws {
        var played: TransitionCompletion?
        try server.compositor.perform(.minimize(nil), onComplete: { completion, _ in played = completion })
        let frames = server.framesUntilIdle()
        XCTAssertEqual(played?.effect, "lamp")
        XCTAssertEqual(played?.statistics.frames, 12, "200 ms at 60 Hz")
        for (index, frame) in frames.enumerated() { assertRedAsPlaced(frame, "frame \(index)") }
        let greens = frames.map { count(green, in: $0) }
        XCTAssertGreaterThan(greens.first?.pixels ?? 0, 300, "at first green is nearly all there")
        XCTAssertEqual(zip(greens, greens.dropFirst()).filter { $1.pixels > $0.pixels + 4 }.count, 0, "it only pours away: \(greens.map(\.pixels))")
        let late = greens[frames.count * 3 / 4]
        XCTAssertGreaterThan(late.top, 36, "late on, what is left of it is down toward the bottom centre: \(greens.map(\.top))")
        XCTAssertEqual(greens.last?.pixels, 0, "the last frame exact: no green")
        XCTAssertEqual(frames.last?[70, 40], wallpaper, "the wallpaper where green was")
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .minimize)
    }

    func testAWindowUnderAnotherPlaysToo() throws {
        // Red lies under green, the top one: it pours away all the same, green staying as it is over it.
        XCTAssertEqual(server.answer(.minimize(window: 1))?.payload["window"], .number(1))
        let frames = server.framesUntilIdle()
        XCTAssertGreaterThanOrEqual(frames.count, 11)
        XCTAssertGreaterThan(count(red, in: frames[0]).pixels, 300)
        for frame in frames { XCTAssertEqual(frame[57, 31], black, "green's marker stays"); XCTAssertEqual(frame[80, 40], green) }
        XCTAssertEqual(frames.last.map { count(red, in: $0).pixels }, 0)
        XCTAssertEqual(frames.last?[5, 13], wallpaper)
    }

    func testARestorePoursItBackWhereItWasPlaced() throws {
        _ = server.answer(.minimize())
        _ = server.framesUntilIdle()
        var played: TransitionCompletion?
        try server.compositor.perform(.restore(nil), onComplete: { completion, _ in played = completion })
        let frames = server.framesUntilIdle()
        XCTAssertEqual(played?.statistics.frames, 12)
        XCTAssertEqual(server.compositor.control.reports.history.last?.event, .restore)
        let greens = frames.map { count(green, in: $0).pixels }
        XCTAssertEqual(zip(greens, greens.dropFirst()).filter { $1 + 4 < $0 }.count, 0, "it only comes back: \(greens)")
        XCTAssertEqual(frames.last?[57, 31], black, "the last frame exact: green's marker where it was placed")
        XCTAssertEqual(frames.last?[80, 40], green)
        for frame in frames { assertRedAsPlaced(frame, "restoring") }
    }

    func testASecondMinimizeWhileOnePlaysPoursFromWhereItIsTheFirstGone() throws {
        var outcomes: [TransitionState] = []
        try server.compositor.perform(.minimize(nil), onComplete: { completion, _ in outcomes.append(completion.outcome) })
        for _ in 0..<3 { XCTAssertTrue(server.backend.step()) }
        XCTAssertGreaterThan(count(green, in: server.presented).pixels, 0, "green is pouring away")
        try server.compositor.perform(.minimize(.window(id: 1)), onComplete: { completion, _ in outcomes.append(completion.outcome) })
        let frames = server.framesUntilIdle()
        XCTAssertEqual(outcomes, [.interrupted, .finished])
        XCTAssertEqual(frames.map { count(green, in: $0).pixels }.max(), 0, "green is gone at once")
        XCTAssertGreaterThan(count(red, in: frames[0]).pixels, 300, "red pours from where it is, whole at first")
        XCTAssertEqual(frames.first?[5, 13], white, "its marker still at its top left")
        XCTAssertEqual(frames.last.map { count(red, in: $0).pixels }, 0)
        XCTAssertEqual(frames.last?[30, 25], wallpaper)
    }
}
