import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// `segue run --placement free`: every window where `segue msg place` put
/// it, each with its marker at its top left, the one opened last on top;
/// stacked, place is refused, saying why.
final class PlaceCommandTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() { compositor?.stop() }

    func testWindowsStandWhereMsgPlacePutThem() throws {
        compositor = try CompositorUnderTest(size: "1280x720", arguments: ["--placement", "free", "--background", "000000"])
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        try compositor.launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        let windows = try compositor.waitForWindows(2)
        let ids = windows.compactMap { if case .number(let id)? = $0["id"] { Int(id) } else { nil } }.sorted()
        XCTAssertEqual(ids.count, 2)
        XCTAssertEqual(try compositor.msg(["place", "--window", "\(ids[0])", "20", "30"]).stdout, "window \(ids[0]) placed at 20,30\n")
        XCTAssertTrue(try compositor.send(.place(window: ids[1], x: 300, y: 100)).ok)
        XCTAssertTrue(try compositor.waitUntilSettled())
        usleep(100_000)
        let screen = try compositor.screenshot()
        let white = RGBA(255, 255, 255), blue = RGBA(0x25, 0x63, 0xeb), orange = RGBA(0xea, 0x58, 0x0c)
        XCTAssertEqual(screen[22, 32], white, "ONE's marker at its top left, (20, 30)")
        XCTAssertEqual(screen[19, 32], RGBA(0, 0, 0), "the background left of it")
        XCTAssertEqual(screen[620, 40], blue, "ONE, 640 wide, above TWO")
        XCTAssertEqual(screen[302, 102], white, "TWO's marker at (300, 100), over ONE")
        XCTAssertEqual(screen[400, 104], orange)
        XCTAssertEqual(screen[1200, 700], RGBA(0, 0, 0), "nothing placed there")
        XCTAssertNotEqual(try compositor.send(.place(window: 99, x: 0, y: 0)).ok, true, "no window 99")
    }

    func testStackedWindowsAreNotPlaced() throws {
        compositor = try CompositorUnderTest()
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        let result = try compositor.msg(["place", "--window", "1", "20", "30"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("only free placement"), result.stderr)
    }
}
