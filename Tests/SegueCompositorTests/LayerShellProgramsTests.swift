import Foundation
import SegueImaging
import XCTest

/// The desktop's own programs on Segue's layer shell, as Debian ships them:
/// swaybg fills the background, waybar shows its bar and foot gets the
/// height left, fuzzel opens over a window and gets the keyboard (and gives
/// it back), and mako shows what notify-send sends.
final class LayerShellProgramsTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!
    private let magenta = RGBA(255, 0, 255)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-layers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Waits until the screen passes `check`; the last screenshot.
    @discardableResult
    private func waitForScreen(timeout: TimeInterval = 20, _ check: (RGBAImage) -> Bool) throws -> RGBAImage {
        var screen = try compositor.screenshot()
        let deadline = Date().addingTimeInterval(timeout)
        while !check(screen) && Date() < deadline {
            usleep(100_000)
            screen = try compositor.screenshot()
        }
        return screen
    }

    private func close(_ a: RGBA, _ b: RGBA) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2
    }

    func testSwaybgFillsTheBackground() throws {
        compositor = try CompositorUnderTest()
        try compositor.launch("swaybg", ["-c", "#336699"])
        let wallpaper = RGBA(0x33, 0x66, 0x99)
        let screen = try waitForScreen { close($0[2, 2], wallpaper) }
        XCTAssertEqual(screen[2, 2], wallpaper, "top left")
        XCTAssertEqual(screen[637, 357], wallpaper, "bottom right")
        // A window keeping its own size shows over it, centred, the wallpaper around.
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let toplevel = try client.makeConfiguredToplevel()
        var image = RGBAImage(width: 200, height: 100, fill: RGBA(0, 160, 0))
        image.fill(RGBA(255, 255, 255), x: 0, y: 0, width: 10, height: 10)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let withWindow = try waitForScreen { $0[222, 132] == RGBA(255, 255, 255) }
        XCTAssertEqual(withWindow[222, 132], RGBA(255, 255, 255), "the window's marker, centred")
        XCTAssertEqual(withWindow[300, 180], RGBA(0, 160, 0))
        XCTAssertEqual(withWindow[100, 50], wallpaper, "the wallpaper around it")
    }

    func testWaybarShowsItsBarAndFootGetsTheHeightLeft() throws {
        let config = folder.appendingPathComponent("config.json"), style = folder.appendingPathComponent("style.css")
        try #"{"layer": "top", "position": "top", "height": 30, "modules-left": [], "modules-center": [], "modules-right": []}"#
            .write(to: config, atomically: true, encoding: .utf8)
        try "* { border: none; border-radius: 0; min-height: 0; } window#waybar { background: #ff00ff; }"
            .write(to: style, atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest()
        try compositor.launch("waybar", ["-c", config.path, "-s", style.path])
        let bar = try waitForScreen { $0[320, 15] == magenta }
        XCTAssertEqual(bar[320, 15], magenta, "waybar's bar")
        XCTAssertEqual(bar[2, 29], magenta, "30 pixels high")
        try compositor.launch("foot", ["-o", "colors.background=102030", "sh"])
        let windows = try compositor.waitForWindows(1, timeout: 30)
        guard case .number(let height)? = windows.first?["height"] else { return XCTFail("foot's window has no height") }
        XCTAssertLessThanOrEqual(height, 330, "foot was configured to the height the bar leaves")
        let screen = try waitForScreen { $0[320, 350] == RGBA(0x10, 0x20, 0x30) }
        XCTAssertEqual(screen[320, 15], magenta, "the bar stays over foot")
        XCTAssertNotEqual(screen[320, 31], magenta, "foot starts under the bar")
        XCTAssertEqual(screen[320, 350], RGBA(0x10, 0x20, 0x30), "foot reaches the bottom")
    }

    func testFuzzelOpensOverAWindowAndGetsTheKeyboard() throws {
        let wtype = try installedProgram("wtype")
        compositor = try CompositorUnderTest(arguments: ["--trust", wtype])
        try compositor.launch("foot", ["--working-directory", folder.path, "sh"])
        _ = try compositor.waitForWindows(1, timeout: 30)
        let chosen = folder.appendingPathComponent("chosen")
        try compositor.launch("/bin/sh", ["-c", "printf 'alpha\\nbeta\\n' | \(try installedProgram("fuzzel")) --dmenu -b ff0000ff > '\(chosen.path)'"])
        let open = try waitForScreen { $0[320, 180].r > 200 && $0[320, 180].g < 40 }
        XCTAssertTrue(open[320, 180].r > 200 && open[320, 180].g < 40, "fuzzel's red, over foot: \(open[320, 180])")
        _ = try compositor.run("wtype", ["beta\n"])
        XCTAssertTrue(waitFor { (try? String(contentsOf: chosen, encoding: .utf8)) == "beta\n" }, "fuzzel had the keys and chose beta")
        // Gone, it gives the keyboard back to foot.
        _ = try compositor.run("wtype", ["touch back-in-foot\n"])
        XCTAssertTrue(waitFor { FileManager.default.fileExists(atPath: self.folder.appendingPathComponent("back-in-foot").path) },
                      "foot has the keyboard again")
    }

    func testMakoShowsANotifySendNotification() throws {
        compositor = try CompositorUnderTest()
        let mako = try MakoSession(on: compositor, folder: folder, then: "sleep 1; \(try installedProgram("notify-send")) Hello Segue")
        defer { mako.end() }
        // mako's default: top right, 10 units in.
        let screen = try waitForScreen { $0[560, 20] == RGBA(0, 255, 0) }
        XCTAssertEqual(screen[560, 20], RGBA(0, 255, 0), "mako's notification, top right")
        XCTAssertNotEqual(screen[5, 5], RGBA(0, 255, 0), "only there")
    }

    private func waitFor(_ condition: () -> Bool, timeout: TimeInterval = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
        return true
    }
}
