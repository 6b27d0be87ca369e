import SegueEngine
@testable import SegueShell
import SegueWayland
import XCTest

/// Where a stacked window goes and what each placement configures, as plain
/// arithmetic: no display, no GL.
final class WindowPlacementTests: XCTestCase {
    func testAWindowThatFitsIsCentred() {
        let origin = WindowPlacement.stackedOrigin(of: PixelRect(x: 0, y: 0, width: 640, height: 360), width: 1280, height: 720, scale: 1)
        XCTAssertTrue(origin == (320, 180), "\(origin)")
    }

    func testItsGeometryNotItsShadowIsWhatIsCentred() {
        // A 20-unit shadow all round: the surface starts 20 units before the window.
        let origin = WindowPlacement.stackedOrigin(of: PixelRect(x: 20, y: 20, width: 600, height: 300), width: 1280, height: 720, scale: 1)
        XCTAssertTrue(origin == (340 - 20, 210 - 20), "\(origin)")
    }

    func testAWindowTooBigKeepsItsTopLeftOnTheOutputsOnThatAxisAlone() {
        let wide = WindowPlacement.stackedOrigin(of: PixelRect(x: 10, y: 0, width: 2000, height: 300), width: 1280, height: 720, scale: 1)
        XCTAssertTrue(wide == (-10, 210), "left edge on the output's, still centred top to bottom: \(wide)")
    }

    func testAtScale2SurfaceUnitsAreTwoPixels() {
        let origin = WindowPlacement.stackedOrigin(of: PixelRect(x: 5, y: 5, width: 320, height: 180), width: 1280, height: 720, scale: 2)
        XCTAssertTrue(origin == (320 - 10, 180 - 10), "\(origin)")
    }

    func testStackedWindowsAreMaximizedAndTiledUnlessTheyAskForFullscreen() {
        let stacked = WindowPlacement.stacked.configuration(wantsFullscreen: false, wantsMaximized: false, shown: true, width: 800, height: 600)
        XCTAssertEqual(stacked, ToplevelConfiguration(width: 800, height: 600, activated: true, fullscreen: false, maximized: true,
                                                      tiled: true, offersMaximize: false))
        let fullscreen = WindowPlacement.stacked.configuration(wantsFullscreen: true, wantsMaximized: true, shown: false, width: 800, height: 600)
        XCTAssertTrue(fullscreen.fullscreen && !fullscreen.maximized && !fullscreen.tiled && !fullscreen.activated)
    }

    func testFreeWindowsPickTheirOwnSizeUnlessTheyAskToFillTheOutput() {
        let own = WindowPlacement.free.configuration(wantsFullscreen: false, wantsMaximized: false, shown: true, width: 800, height: 600)
        XCTAssertTrue(own.width == 0 && own.height == 0 && own.offersMaximize && !own.maximized)
        let maximized = WindowPlacement.free.configuration(wantsFullscreen: false, wantsMaximized: true, shown: true, width: 800, height: 600)
        XCTAssertTrue(maximized.width == 800 && maximized.maximized && !maximized.tiled)
    }

    func testFreePlacementPlaysEverythingButARaiseAndOnlyFreeKeepsPositions() {
        XCTAssertTrue(TransitionEvent.allCases.allSatisfy(WindowPlacement.stacked.plays) && WindowPlacement.stacked.showsOneWindow)
        XCTAssertFalse(WindowPlacement.stacked.keepsPositions)
        XCTAssertTrue(WindowPlacement.free.keepsPositions)
        XCTAssertEqual(TransitionEvent.allCases.filter(WindowPlacement.free.plays), [.open, .close, .workspace, .minimize, .restore])
        XCTAssertFalse(WindowPlacement.free.showsOneWindow)
    }
}
