import Foundation
import SegueEngine
import SegueImaging
@testable import SegueShell
import SegueWayland
import XCTest

/// A real toolkit's menu fading in: GTK 3's context menu, opened with a
/// right click on gtk3-widget-factory's entry, pops in over the window, each
/// frame showing more of it than the one before, the last as it stays.
final class GtkMenuMotionTests: WidgetFactoryCase {
    /// How far `frame` is from `base` within `rect`: the mean of each pixel's largest channel difference.
    private func difference(_ frame: RGBAImage, from base: RGBAImage, in rect: PixelRect) -> Double {
        var total = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let (a, b) = (frame[x, y], base[x, y])
                total += max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        return Double(total) / Double(rect.width * rect.height)
    }

    func testGtksContextMenuFadesInOverItsWindow() throws {
        server = try InProcessCompositor(placement: .free, width: 1600, height: 900, config: """
            [transitions.open]
            effect = "none"
            [layers]
            # Long enough for a debug build's readbacks of whole frames to catch several.
            popup-duration = "600ms"
            """)
        XCTAssertTrue(try startWidgetFactory(), "gtk3-widget-factory shows its window")
        _ = server.serve(timeout: .seconds(1)) { false }
        let before = try server.screen()

        // A right click on the entry: GTK opens its context menu as a popup at the pointer.
        server.inject(.pointerMotion(time: 1, x: 60, y: 73))
        _ = server.serve(timeout: .milliseconds(200)) { false }
        server.inject(.pointerButton(time: 2, button: 0x111, pressed: true))
        server.inject(.pointerButton(time: 3, button: 0x111, pressed: false))
        let output = server.compositor.output
        var frames: [RGBAImage] = [], presented = output.framesPresented, began = false
        XCTAssertTrue(server.serve(timeout: .seconds(20)) {
            let moving = output.layerSurfaces.animations.running.contains { $0.surface is XdgPopup && $0.coming }
            began = began || moving
            if began, output.framesPresented > presented { frames.append(server.presented) }
            presented = output.framesPresented
            return began && !moving
        }, "GTK's menu came on screen and its motion ended")
        let window = try XCTUnwrap(server.compositor.allWindows.first)
        let menu = try XCTUnwrap(window.toplevel.shellSurface?.popupTree.first { $0.mapped }, "the menu is open")
        let origin = try XCTUnwrap(window.origin(of: menu)), corner = server.compositor.windows.pixelOrigin(of: window)
        let surface = menu.xdgSurface.surface
        let rect = try XCTUnwrap(PixelRect(x: corner.x + origin.x, y: corner.y + origin.y, width: surface.width, height: surface.height)
            .clipped(to: PixelRect(x: 0, y: 0, width: 1600, height: 900)))
        let after = try server.screen()

        let shown = frames.map { difference($0, from: before, in: rect) }
        XCTAssertGreaterThanOrEqual(frames.count, 3, "frames of the motion: \(shown)")
        XCTAssertEqual(zip(shown, shown.dropFirst()).filter { $1 < $0 - 0.5 }.count, 0, "each frame shows more of the menu: \(shown)")
        XCTAssertLessThan(shown.first ?? .infinity, difference(after, from: before, in: rect) * 0.75, "the first is faint")
        // GTK may highlight the item under the pointer as the motion ends: the menu all the same.
        XCTAssertLessThan(frames.last.map { difference($0, from: after, in: rect) } ?? .infinity,
                          difference(after, from: before, in: rect) * 0.05, "the last frame is the menu as it stays")
    }
}
