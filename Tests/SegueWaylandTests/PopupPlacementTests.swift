import SegueEngine
import SegueWayland
import XCTest

/// xdg_positioner's arithmetic: anchor, gravity and offset, then the
/// adjustments a popup allows when it would leave its bounds.
final class PopupPlacementTests: XCTestCase {
    /// A 60×40 popup against a 400×500 anchor rectangle at the origin.
    private func placement(anchor: UInt32 = 0, gravity: UInt32 = 0, adjustment: UInt32 = 0,
                           offset: (Int, Int) = (0, 0)) -> PopupPlacement {
        var placement = PopupPlacement()
        placement.width = 60
        placement.height = 40
        placement.anchorRect = PixelRect(x: 0, y: 0, width: 400, height: 500)
        placement.anchor = anchor
        placement.gravity = gravity
        placement.constraintAdjustment = adjustment
        (placement.offsetX, placement.offsetY) = offset
        return placement
    }

    func testNoAnchorOrGravityCentresThePopupOnTheAnchorRectangle() {
        XCTAssertEqual(placement().rectangle(), PixelRect(x: 170, y: 230, width: 60, height: 40))
    }

    func testTheAnchorPicksTheEdgeOrCornerAndTheGravityTheSideThePopupGoesTo() {
        // anchor right: centred on the right edge.
        XCTAssertEqual(placement(anchor: 4).rectangle(), PixelRect(x: 370, y: 230, width: 60, height: 40))
        // anchor bottom left, gravity top right: its bottom left corner on that corner.
        XCTAssertEqual(placement(anchor: 6, gravity: 7).rectangle(), PixelRect(x: 0, y: 460, width: 60, height: 40))
        // gravity top left about the centre.
        XCTAssertEqual(placement(gravity: 5).rectangle(), PixelRect(x: 140, y: 210, width: 60, height: 40))
    }

    func testTheOffsetMovesThePopupAfterItIsAnchored() {
        XCTAssertEqual(placement(anchor: 5, gravity: 8, offset: (7, -3)).rectangle(), PixelRect(x: 7, y: -3, width: 60, height: 40))
    }

    func testAPopupInsideItsBoundsIsNotAdjusted() {
        let bounds = PixelRect(x: -100, y: -100, width: 1000, height: 1000)
        XCTAssertEqual(placement(anchor: 8, gravity: 8, adjustment: 63).rectangle(within: bounds), PixelRect(x: 400, y: 500, width: 60, height: 40))
    }

    func testWithoutAdjustmentsAPopupMayLeaveItsBounds() {
        let bounds = PixelRect(x: 0, y: 0, width: 420, height: 520)
        XCTAssertEqual(placement(anchor: 8, gravity: 8).rectangle(within: bounds), PixelRect(x: 400, y: 500, width: 60, height: 40))
    }

    func testFlipMirrorsAnchorGravityAndOffsetWhereTheMirrorFits() {
        let bounds = PixelRect(x: -100, y: 0, width: 520, height: 1000)
        // Right of the right edge, offset 5, it would span 405-465, past 420; flipped it ends
        // at the left edge, 5 further left: -65 to -5.
        XCTAssertEqual(placement(anchor: 4, gravity: 4, adjustment: 4, offset: (5, 0)).rectangle(within: bounds),
                       PixelRect(x: -65, y: 230, width: 60, height: 40))
        // Where the mirror image does not fit either, the popup stays put.
        XCTAssertEqual(placement(anchor: 4, gravity: 4, adjustment: 4, offset: (5, 0)).rectangle(within: PixelRect(x: 0, y: 0, width: 420, height: 1000)),
                       PixelRect(x: 405, y: 230, width: 60, height: 40))
    }

    func testSlideMovesThePopupBackInsideAndResizeCutsWhatStillSticksOut() {
        let bounds = PixelRect(x: 0, y: 0, width: 420, height: 520)
        XCTAssertEqual(placement(anchor: 8, gravity: 8, adjustment: 1).rectangle(within: bounds), PixelRect(x: 360, y: 500, width: 60, height: 40))
        XCTAssertEqual(placement(anchor: 8, gravity: 8, adjustment: 32).rectangle(within: bounds), PixelRect(x: 400, y: 500, width: 60, height: 20))
    }
}
