import SegueEngine
import XCTest

/// A resize's rectangle moves every edge from the old rectangle to the new
/// one (past it and back with a spring), its old picture fading out, and it
/// is named by the state that changed.
final class WindowResizeTests: XCTestCase {
    private let from = PixelRect(x: 20, y: 20, width: 32, height: 18), to = PixelRect(x: 0, y: 0, width: 96, height: 54)

    func testTheRectangleMovesEachEdgeFromTheOldToTheNew() {
        let resize = WindowResize(kind: .maximize, from: from)
        XCTAssertEqual(resize.rect(to: to, progress: 0), from)
        XCTAssertEqual(resize.rect(to: to, progress: 1), to)
        XCTAssertEqual(resize.rect(to: to, progress: 0.5), PixelRect(x: 10, y: 10, width: 64, height: 36))
        XCTAssertEqual(resize.rect(to: to, progress: 1.1).x, -2, "a spring's overshoot carries it past")
    }

    func testTheOldPictureFadesOutAndStaysGonePastTheEnd() {
        XCTAssertEqual(WindowResize.oldOpacity(at: 0), 1)
        XCTAssertEqual(WindowResize.oldOpacity(at: 0.25), 0.75)
        XCTAssertEqual(WindowResize.oldOpacity(at: 1.2), 0)
    }

    func testTheKindIsTheStateThatChangedFullscreenFirst() {
        typealias Kind = WindowResize.Kind
        XCTAssertEqual(Kind(before: (false, false), after: (false, true)), .maximize)
        XCTAssertEqual(Kind(before: (false, true), after: (false, false)), .unmaximize)
        XCTAssertEqual(Kind(before: (false, true), after: (true, false)), .fullscreen)
        XCTAssertEqual(Kind(before: (true, false), after: (false, false)), .leaveFullscreen)
        XCTAssertEqual(Kind(before: (false, false), after: (false, false)), .resize)
    }
}
