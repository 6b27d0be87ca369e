import CWaylandClient
import Foundation
import SegueClientSupport
@testable import SegueShell
import XCTest

/// zxdg_output_v1: the output in surface units, with its name and
/// description, as bars and screenshot tools read it; told again, before
/// wl_output's done, when the scale changes it.
final class XdgOutputTests: XCTestCase {
    func testWaylandInfoReadsTheOutputsNameAndSizeInSurfaceUnits() throws {
        let compositor = try CompositorUnderTest(arguments: ["--scale", "2"])
        defer { compositor.stop() }
        let info = try compositor.run("wayland-info")
        let lines = info.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains { $0.hasPrefix("interface: 'zxdg_output_manager_v1'") && $0.contains("version:  3") }, info)
        XCTAssertTrue(lines.contains("name: 'HEADLESS-1'"), info)
        XCTAssertTrue(lines.contains("logical_x: 0, logical_y: 0"), info)
        XCTAssertTrue(lines.contains("logical_width: 320, logical_height: 180"), "640x360 pixels at scale 2: \(info)")
    }

    /// A client of `server` with a zxdg_output_v1 for its wl_output, and what that says.
    private func described(by server: InProcessCompositor) throws -> (RawClient, XdgOutputDescription) {
        let client = try server.connect()
        let manager = try XCTUnwrap(client.bind(global: "zxdg_output_manager_v1", segue_client_zxdg_output_manager_v1_interface(),
                                                version: 3))
        let description = XdgOutputDescription(output: client.outputState)
        let xdgOutput = try XCTUnwrap(zxdg_output_manager_v1_get_xdg_output(manager, client.output))
        zxdg_output_v1_add_listener(xdgOutput, xdgOutputListener, listenerData(description))
        client.listenedTo.append(description)
        return (client, description)
    }

    func testARescaledOutputIsDescribedAgainBeforeWlOutputsDone() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, config: "[output]\nscale = 1\n")
        defer { server.stop() }
        let (client, description) = try described(by: server)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(description.position?.x, 0)
        XCTAssertEqual(description.position?.y, 0)
        XCTAssertEqual(description.size?.width, 640)
        XCTAssertEqual(description.size?.height, 360)
        XCTAssertEqual(description.name, server.compositor.backend.outputName)
        XCTAssertEqual(description.details, server.compositor.backend.outputDescription)

        try server.rewriteConfig("[output]\nscale = 2\n")
        try server.compositor.perform(.reload)
        XCTAssertTrue(client.dispatch { description.size?.width == 320 })
        XCTAssertEqual(description.size?.height, 180)
        XCTAssertEqual(description.scaleWhenSized, 1, "the new size came before the wl_output done that ended it")
        XCTAssertEqual(client.outputState.scale, 2)
    }

    func testAnXdgOutputOutlivesItsWlOutputQuietly() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, config: "[output]\nscale = 1\n")
        defer { server.stop() }
        let (client, _) = try described(by: server)
        client.rebindOutput()
        try server.rewriteConfig("[output]\nscale = 2\n")
        try server.compositor.perform(.reload)
        XCTAssertTrue(client.dispatch { client.outputState.scale == 2 }, "the new wl_output hears the scale")
        XCTAssertTrue(client.roundtrip(), "nothing was sent on the released wl_output")
    }
}

private nonisolated(unsafe) let xdgOutputListener = fixedListener(zxdg_output_v1_listener(
    logical_position: { data, _, x, y in (listenerObject(data) as XdgOutputDescription).position = (x, y) },
    logical_size: { data, _, width, height in (listenerObject(data) as XdgOutputDescription).size = (width, height) },
    done: { _, _ in },
    name: { data, _, name in (listenerObject(data) as XdgOutputDescription).name = name.map { String(cString: $0) } },
    description: { data, _, text in (listenerObject(data) as XdgOutputDescription).details = text.map { String(cString: $0) } }
))

/// What a client's zxdg_output_v1 said, and the wl_output scale as of the last done when its size came.
private final class XdgOutputDescription {
    let output: RawOutputState
    var position: (x: Int32, y: Int32)?
    var size: (width: Int32, height: Int32)? {
        didSet { scaleWhenSized = output.scale }
    }
    var scaleWhenSized: Int32?
    var name: String?
    var details: String?

    init(output: RawOutputState) { self.output = output }
}
