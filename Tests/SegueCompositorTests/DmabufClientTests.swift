import Foundation
import SegueImaging
import SegueIPC
import SegueRender
@testable import SegueShell
import SegueWayland
import XCTest

/// `segue-sample-client --dmabuf` draws with GLES into textures it shares
/// through zwp_linux_dmabuf_v1, its picture as its wl_shm one is (marker at
/// the top-left); where the compositor or its own EGL cannot take part, it
/// says why in one line and exits 1. With llvmpipe (no import, no export) only
/// the refusals run; SEGUE_REQUIRE_DMABUF=1 (a GPU) insists on the pictures.
final class DmabufClientTests: XCTestCase {
    private let blue = RGBA(0x25, 0x63, 0xeb)
    private let arguments = ["--label", "ONE", "--color", "2563eb", "--dmabuf"]
    private var dmabufRequired: Bool { ProcessInfo.processInfo.environment["SEGUE_REQUIRE_DMABUF"] == "1" }

    private func waitForExit(_ process: Process, timeout: TimeInterval = 10) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
    }

    /// `segue run` offers linux-dmabuf only where it draws dmabuf buffers.
    func testTheClientShowsItsPictureOrSaysTheCompositorTakesNoDmabufs() throws {
        let segue = try CompositorUnderTest()
        defer { _ = segue.stop() }
        let offered = try RawClient(socket: segue.runtime.appendingPathComponent(segue.socket).path).globals["zwp_linux_dmabuf_v1"] != nil
        let errors = Pipe()
        let client = try segue.launch("segue-sample-client", arguments, errors: errors.fileHandleForWriting)
        if offered {
            _ = try segue.waitForWindows(1)
            SampleClientPicture.assertShown(blue, in: try segue.screenshot(), "a dmabuf window")
            return
        }
        XCTAssertFalse(dmabufRequired, "SEGUE_REQUIRE_DMABUF=1, but segue run offers no zwp_linux_dmabuf_v1")
        waitForExit(client)
        try errors.fileHandleForWriting.close()
        XCTAssertEqual(client.terminationStatus, 1)
        XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "segue-sample-client: the compositor offers no zwp_linux_dmabuf_v1 (version 2 or later): it takes no dmabuf buffers\n")
    }

    /// A compositor offering the global whatever its renderer (what it
    /// imports, or, where that is nothing, ABGR8888 linear and implicit): the
    /// client's own EGL must export its textures, or it says what it lacks.
    func testTheClientShowsItsPictureOrNamesWhatItsEGLLacks() throws {
        let imported = try Renderer().dmabufSupport.formats.map { format in
            DmabufOffer.Format(fourcc: format.fourcc, modifiers: DmabufSupport.withImplicit(format.modifiers).map(\.value))
        }
        let abgr8888: UInt32 = 0x3432_4241
        let formats = imported.isEmpty ? [.init(fourcc: abgr8888, modifiers: [0, DmabufSupport.implicitModifier])] : imported
        let server = try InProcessCompositor(placement: .stacked, width: 640, height: 360,
                                             dmabufOffer: DmabufOffer(formats: formats, mainDevice: nil))
        defer { server.stop() }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-dmabuf-client-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let errors = Pipe()
        let client = try server.launch("segue-sample-client", arguments, runtime: runtime, errors: errors.fileHandleForWriting)
        defer { if client.isRunning { client.terminate() } }
        XCTAssertTrue(server.serve(timeout: .seconds(10)) { !client.isRunning || server.windowCount == 1 })
        if server.windowCount == 1 {
            SampleClientPicture.assertShown(blue, in: try server.screen(), "a dmabuf window")
            return
        }
        XCTAssertFalse(dmabufRequired, "SEGUE_REQUIRE_DMABUF=1, but the client could not share a dmabuf")
        try errors.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(client.terminationStatus, 1)
        XCTAssertEqual(said.split(separator: "\n").count, 1, said)
        if imported.isEmpty {
            // llvmpipe: no export either.
            XCTAssertTrue(said.hasPrefix("segue-sample-client: this EGL ("), said)
            XCTAssertTrue(said.contains("EGL_MESA_image_dma_buf_export"), said)
        }
    }
}
