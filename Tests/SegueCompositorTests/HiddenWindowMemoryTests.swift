import SegueImaging
import SegueRender
@testable import SegueShell
import XCTest

/// A window that must be composed (smaller than the output, or with
/// subsurfaces) holds an output-sized screen only while it shows or takes
/// part in a transition; hidden, only its surfaces' textures stay.
final class HiddenWindowMemoryTests: XCTestCase {
    func testOnlyTheShownWindowHoldsAComposedScreenAndAHiddenOneIsComposedAgainWhenShown() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360,
                                             config: "[transitions.open]\neffect = \"none\"\n[transitions.switch]\neffect = \"crossfade\"\nduration = \"100ms\"\n")
        defer { server.stop() }
        let base = RenderTarget.live
        let colours = [RGBA(200, 0, 0), RGBA(0, 200, 0), RGBA(0, 0, 200)]
        var clients: [RawClient] = []
        for (count, colour) in colours.enumerated() {
            let client = try server.connect()
            clients.append(client)
            let toplevel = try client.makeConfiguredToplevel()
            // 320x180: centred on the background, so composed.
            try client.show(RGBAImage(width: 320, height: 180, fill: colour), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            XCTAssertTrue(server.serve { server.windowCount == count + 1 && !server.compositor.navigation.isAnimating })
            XCTAssertEqual(try server.screen()[320, 180], colour)
        }
        XCTAssertTrue(server.serve { RenderTarget.live == base + 1 }, "one composed screen, the shown window's: \(RenderTarget.live - base)")
        // Switching back composes the first window again, through a transition that needs both.
        try server.compositor.perform(.show(.next))
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[320, 180], colours[0])
        XCTAssertEqual(screen[100, 50], RGBA(20, 20, 26), "the background around it")
        XCTAssertTrue(server.serve { RenderTarget.live == base + 1 }, "again only the shown window's: \(RenderTarget.live - base)")
    }

    func testAHiddenWindowHoldsNoTextureItsClientReplaced() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360,
                                             config: "[transitions.open]\neffect = \"none\"\n")
        defer { server.stop() }
        let client = try server.connect()
        var toplevels: [RawToplevel] = []
        for _ in 0..<3 {
            // Output-sized: each window's own texture is its screen, with nothing composed.
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(200, 0, 0)), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            XCTAssertTrue(server.serve { server.windowCount == toplevels.count + 1 && !server.compositor.navigation.isAnimating })
            _ = try server.screen()
            toplevels.append(toplevel)
        }
        let before = Texture.live
        // The two hidden windows draw smaller: their old textures go, not just from the budget's count.
        for toplevel in toplevels.prefix(2) {
            try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0, 200, 0)), on: toplevel.surface)
        }
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { Texture.live == before }, "\(Texture.live - before) textures held past their replacement")
    }
}
