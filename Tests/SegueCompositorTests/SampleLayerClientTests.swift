import Foundation
import SegueImaging
import XCTest

/// segue-sample-client as the desktop's layer surfaces (the demo's): a
/// taskbar along the bottom with a button for each window, a launcher in the
/// middle, a notification in the top right corner, each with its marker at
/// its top left; and the window they leave room for under them.
final class SampleLayerClientTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private let white = RGBA(255, 255, 255), grey = RGBA(0x44, 0x44, 0x44), blue = RGBA(0x25, 0x63, 0xeb)

    override func tearDown() { compositor?.stop() }

    private var sampleClient: String { CompositorUnderTest.buildFolder.appendingPathComponent("segue-sample-client").path }

    private func shownLayers(_ kinds: [String]) throws -> RGBAImage {
        compositor = try CompositorUnderTest(arguments: ["--trust", sampleClient])
        try compositor.launch("segue-sample-client", ["--label", "BAR", "--color", "444444", "--layer", "bar"])
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb", "--app-id", "one"])
        _ = try compositor.waitForWindows(1)
        for kind in kinds { try compositor.launch("segue-sample-client", ["--label", kind.uppercased(), "--color", "db2777", "--layer", kind]) }
        usleep(300_000)
        XCTAssertTrue(try compositor.waitUntilSettled())
        return try compositor.screenshot()
    }

    func testTheTaskbarKeepsTheBottomStripWithAButtonForTheWindow() throws {
        let screen = try shownLayers([])
        XCTAssertEqual(screen[1, 337], white, "the bar's marker, at its top left")
        XCTAssertEqual(screen[20, 348], white, "the window's button")
        XCTAssertEqual(screen[60, 348], grey, "no second button")
        XCTAssertEqual(screen[320, 330], blue, "the window ends above the bar")
        XCTAssertEqual(screen[2, 2], white, "the window's marker, top left")
        XCTAssertEqual(screen[320, 340], grey)
        let windows = try compositor.windows()
        XCTAssertEqual(windows.count, 1, "the bar is no window: \(windows)")
    }

    func testTheLauncherIsCentredAndTheNotificationInTheTopRightCorner() throws {
        let screen = try shownLayers(["launcher", "notification"])
        XCTAssertEqual(screen[201, 137], white, "the launcher's marker: 240×64 in the middle of what the bar leaves")
        XCTAssertEqual(screen[199, 137], blue)
        XCTAssertEqual(screen[438, 198], RGBA(0xdb, 0x27, 0x77), "its far corner")
        XCTAssertEqual(screen[441, 198], blue)
        XCTAssertEqual(screen[438, 201], blue)
        XCTAssertEqual(screen[473, 9], white, "the notification's marker: 160×48, 8 in from the corner")
        XCTAssertEqual(screen[630, 54], RGBA(0xdb, 0x27, 0x77))
        XCTAssertEqual(screen[634, 54], blue)
    }
}
