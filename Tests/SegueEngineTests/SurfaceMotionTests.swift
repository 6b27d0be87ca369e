import SegueEngine
import XCTest

/// The motions layer surfaces come and go with: where each puts a surface
/// partway, and that every one ends exactly where the surface is.
final class SurfaceMotionTests: XCTestCase {
    private let output = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
    private let rect = PixelRect(x: 1500, y: 20, width: 400, height: 100)

    func testEveryMotionEndsExactlyOnTheSurface() {
        for motion in SurfaceMotion.allCases {
            XCTAssertEqual(motion.look(of: rect, shown: 1, edge: .right, on: output), SurfaceLook(rect: rect, opacity: 1), "\(motion)")
        }
    }

    func testAPopinFadesInGrowingAboutItsCentre() {
        let start = SurfaceMotion.popin.look(of: rect, shown: 0, edge: nil, on: output)
        XCTAssertEqual(start.opacity, 0)
        XCTAssertEqual(start.rect, PixelRect(x: 1530, y: 27, width: 340, height: 85), "0.85 of its size, about its centre")
        let half = SurfaceMotion.popin.look(of: rect, shown: 0.5, edge: nil, on: output)
        XCTAssertEqual(half.opacity, 0.5)
        XCTAssertEqual(half.rect.width, 370)
    }

    func testASlideStartsJustPastTheEdgeItKeepsToAndMovesWhole() {
        let start = SurfaceMotion.slide.look(of: rect, shown: 0, edge: .right, on: output)
        XCTAssertEqual(start.rect, PixelRect(x: 1920, y: 20, width: 400, height: 100), "just past the right edge")
        XCTAssertEqual(start.opacity, 1)
        XCTAssertEqual(SurfaceMotion.slide.look(of: rect, shown: 0.5, edge: .right, on: output).rect.x, 1710)
        XCTAssertEqual(SurfaceMotion.slide.look(of: rect, shown: 0, edge: .top, on: output).rect.y, -100, "just past the top")
        let bottom = PixelRect(x: 0, y: 1040, width: 1920, height: 40)
        XCTAssertEqual(SurfaceMotion.slide.look(of: bottom, shown: 0, edge: .bottom, on: output).rect.y, 1080)
        XCTAssertEqual(SurfaceMotion.slide.look(of: rect, shown: 0, edge: .left, on: output).rect.x, -400)
        XCTAssertEqual(SurfaceMotion.slide.look(of: rect, shown: 0.3, edge: nil, on: output),
                       SurfaceMotion.popin.look(of: rect, shown: 0.3, edge: nil, on: output), "centred, it pops in")
    }

    func testTheSlideEdgeIsTheSideASurfaceKeepsTo() {
        XCTAssertEqual(SurfaceMotion.slideEdge(anchoredTo: [.top, .right]), .right, "mako's corner: in from the right")
        XCTAssertEqual(SurfaceMotion.slideEdge(anchoredTo: [.bottom, .left, .right]), .bottom, "across the bottom: up")
        XCTAssertEqual(SurfaceMotion.slideEdge(anchoredTo: [.top]), .top)
        XCTAssertNil(SurfaceMotion.slideEdge(anchoredTo: []))
        XCTAssertNil(SurfaceMotion.slideEdge(anchoredTo: [.top, .bottom, .left, .right]))
    }

    func testFadeAndNoneKeepItsPlace() {
        XCTAssertEqual(SurfaceMotion.fade.look(of: rect, shown: 0.25, edge: .right, on: output), SurfaceLook(rect: rect, opacity: 0.25))
        XCTAssertEqual(SurfaceMotion.none.look(of: rect, shown: 0, edge: .right, on: output).opacity, 0)
    }
}
