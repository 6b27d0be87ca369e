import Foundation
import SegueImaging
import XCTest

/// GTK keeps its own title bar in Segue: a stacked window is maximized, not
/// fullscreen, so GTK 4 draws its header bar (title, the Run button that
/// gtk4-demo's own text asks for, the menu and close buttons) at the top.
final class GtkHeaderBarTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    /// The share of `shot`'s pixels in `x` × `y` that are dark, as text and icons are.
    private func darkShare(in shot: RGBAImage, x: Range<Int>, y: Range<Int>) -> Double {
        let dark = y.reduce(0) { count, row in
            count + x.filter { let p = shot[$0, row]; return max(p.r, p.g, p.b) < 90 }.count
        }
        return Double(dark) / Double(x.count * y.count)
    }

    func testGtk4DemosHeaderBarIsOnScreenWithItsTitleAndCloseButtonAtTheTop() throws {
        compositor = try CompositorUnderTest(size: "1280x720")
        let home = compositor.runtime.path
        try compositor.launch("gtk4-demo", environment: [
            "GDK_BACKEND": "wayland", "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo",
            "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/data",
        ])
        _ = try compositor.waitForWindows(1, timeout: 30)
        // The close button's cross, top right, inside the header bar.
        let close = (x: 1232..<1280, y: 0..<46)
        var shot = try compositor.screenshot()
        let deadline = Date().addingTimeInterval(15)
        while darkShare(in: shot, x: close.x, y: close.y) < 0.005 && Date() < deadline {
            usleep(100_000)
            shot = try compositor.screenshot()
        }
        XCTAssertGreaterThan(darkShare(in: shot, x: close.x, y: close.y), 0.005, "the close button, top right")
        XCTAssertGreaterThan(darkShare(in: shot, x: 580..<700, y: 8..<38), 0.05, "the title \"GTK Demo\", top centre")
        XCTAssertEqual(darkShare(in: shot, x: 1232..<1280, y: 674..<720), 0, "nothing of the header bar at the bottom right")
        let windows = try compositor.windows()
        XCTAssertEqual(windows.first?["title"], .string("GTK Demo"))
    }
}
