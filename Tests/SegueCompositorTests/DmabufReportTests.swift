import CWaylandServer
import SegueIPC
import SegueRender
@testable import SegueShell
import XCTest

/// `segue msg outputs` says what draws the output and which dmabufs its EGL
/// imports, with libdrm's names; a renderer that imports none (llvmpipe)
/// offers clients no linux-dmabuf.
final class DmabufReportTests: XCTestCase {
    func testLibdrmNamesFormatsAndModifiers() {
        XCTAssertEqual(DrmNames.format(0x3432_5258), "XR24")
        XCTAssertEqual(DrmNames.format(0x3231_564e), "NV12")
        XCTAssertEqual(DrmNames.modifier(0), "LINEAR")
        XCTAssertEqual(DrmNames.modifier(0x00ff_ffff_ffff_ffff), "INVALID")
    }

    func testOutputsReportTheRendererItsNodeAndTheDmabufsItImports() throws {
        let server = try InProcessCompositor(placement: .stacked)
        defer { server.stop() }
        var reply: IPCReply?
        server.compositor.control.answer(.outputs) { reply = $0 }
        guard case .array(let outputs)? = try XCTUnwrap(reply).payload["outputs"], case .object(let output)? = outputs.first else {
            return XCTFail("\(String(describing: reply))")
        }
        let support = server.compositor.renderer.dmabufSupport
        XCTAssertEqual(output["renderer"], .string(server.compositor.renderer.context.renderer))
        XCTAssertEqual(output["drm_node"], support.renderNode.map(JSONValue.string) ?? .null)
        guard case .array(let formats)? = output["dmabuf_formats"] else { return XCTFail("\(output)") }
        XCTAssertEqual(formats.count, support.formats.count)
        let client = try server.connect()
        if !support.canImport {
            XCTAssertNil(client.globals["zwp_linux_dmabuf_v1"], "nothing offered that cannot be imported")
        }
    }
}
