import CWaylandClient
import SegueClientSupport
@testable import SegueShell
import XCTest

/// wp_fractional_scale_v1: a surface's preferred scale is the output's in
/// 120ths, told again when a reload changes it; a second one for a surface
/// is the error the protocol names.
final class FractionalScaleTests: XCTestCase {
    func testASurfaceHearsTheOutputsScaleIn120thsAndItsChanges() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, config: "[output]\nscale = 1\n")
        defer { server.stop() }
        let client = try server.connect()
        let manager = try XCTUnwrap(client.bind(global: "wp_fractional_scale_manager_v1",
                                                segue_client_wp_fractional_scale_manager_v1_interface(), version: 1))
        let toplevel = client.makeToplevel()
        let preferred = FractionalScaleTestsPreferred()
        let scale = try XCTUnwrap(wp_fractional_scale_manager_v1_get_fractional_scale(manager, toplevel.surface))
        wp_fractional_scale_v1_add_listener(scale, preferredScaleListener, listenerData(preferred))
        client.listenedTo.append(preferred)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(preferred.scales, [120])
        try server.rewriteConfig("[output]\nscale = 2\n")
        try server.compositor.perform(.reload)
        XCTAssertTrue(client.dispatch { preferred.scales.last == 240 }, "\(preferred.scales)")
    }

    func testASecondForOneSurfaceIsFractionalScaleExists() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
        defer { server.stop() }
        let client = try server.connect()
        let manager = try XCTUnwrap(client.bind(global: "wp_fractional_scale_manager_v1",
                                                segue_client_wp_fractional_scale_manager_v1_interface(), version: 1))
        let toplevel = client.makeToplevel()
        _ = wp_fractional_scale_manager_v1_get_fractional_scale(manager, toplevel.surface)
        _ = wp_fractional_scale_manager_v1_get_fractional_scale(manager, toplevel.surface)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "wp_fractional_scale_manager_v1", code: 0))
        let other = try server.connect()
        XCTAssertTrue(other.roundtrip(), "Segue serves on")
    }
}

private nonisolated(unsafe) let preferredScaleListener = fixedListener(wp_fractional_scale_v1_listener(
    preferred_scale: { data, _, scale in (listenerObject(data) as FractionalScaleTestsPreferred).scales.append(scale) }
))

/// The preferred scales a wp_fractional_scale_v1 heard, in order.
private final class FractionalScaleTestsPreferred {
    var scales: [UInt32] = []
}
