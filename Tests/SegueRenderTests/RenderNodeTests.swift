import Foundation
import SegueRender
import XCTest

/// Where the renderer's driver names only its device's primary node, the
/// render node clients draw on is the one libdrm lists for that device.
final class RenderNodeTests: XCTestCase {
    func testAPrimaryNodeLibdrmListsNoDeviceForHasNoRenderNode() {
        XCTAssertNil(DmabufSupport.renderNode(ofPrimary: "/dev/dri/card-none"))
    }
}
