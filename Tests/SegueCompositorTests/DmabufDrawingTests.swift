import CEGL
import CWaylandClient
import Foundation
import SegueImaging
import SegueRender
@testable import SegueShell
import SegueWayland
import XCTest

/// Dmabuf buffers drawn where they are: imported once as textures of their
/// own memory, no pixel copied, on every path a wl_shm buffer takes, each
/// checked with a picture whose marker shows a flip, a swap or an offset.
///
/// llvmpipe imports no dmabufs, so here memfds stand in for them: the
/// renderer's import is replaced by one that uploads the memfd's pixels and
/// wraps them in an EGLImage as an import does, and everything around it
/// (the buffer's life on the surface, when it goes back, y_invert, the
/// drawing paths) is the compositor's own. `DmabufImportTests` runs the same
/// with real dmabufs the compositor's GL exports, imported by its EGL.
class DmabufDrawingTests: XCTestCase {
    fileprivate var server: InProcessCompositor!
    fileprivate let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), green = RGBA(0, 255, 0)
    /// Real dmabufs, imported by the renderer's EGL; else memfds and the stand-in import.
    var realDmabufs: Bool { false }
    /// The stand-in imports its buffers as external images (as GL samples YUV layouts).
    var externalImages: Bool { false }
    private var files: [Int32] = []
    private var exported: [ExportedPicture] = []
    private static let xrgb8888: UInt32 = 0x3432_5258, argb8888: UInt32 = 0x3432_5241
    private static let implicit: UInt64 = 0x00ff_ffff_ffff_ffff

    override func tearDown() {
        server?.stop()
        for fd in files { close(fd) }
    }

    /// A compositor drawing dmabufs, with a client bound to its linux-dmabuf;
    /// with real dmabufs, skipped where the renderer cannot import or export them.
    fileprivate func start(stepped: Bool = false, config: String? = nil) throws -> (client: RawClient, dmabuf: RawDmabuf) {
        let offer = realDmabufs ? nil : DmabufOffer(formats: [.init(fourcc: Self.xrgb8888, modifiers: [Self.implicit]),
                                                            .init(fourcc: Self.argb8888, modifiers: [Self.implicit])], mainDevice: nil)
        server = try InProcessCompositor(placement: .stacked, width: 320, height: 180, stepped: stepped, config: config, dmabufOffer: offer)
        let renderer = server.compositor.renderer
        if realDmabufs {
            let extensions = String(cString: eglQueryString(renderer.context.display, EGLint(EGL_EXTENSIONS)))
            let lacking = !renderer.dmabufSupport.canImport ? "imports no dmabufs"
                : !extensions.contains("EGL_MESA_image_dma_buf_export") ? "exports no dmabufs to make test buffers with" : nil
            if let lacking {
                if ProcessInfo.processInfo.environment["SEGUE_REQUIRE_DMABUF"] == "1" {
                    throw CompositorTestError("SEGUE_REQUIRE_DMABUF=1, but this renderer (\(renderer.context.renderer)) \(lacking)")
                }
                throw XCTSkip("this renderer (\(renderer.context.renderer)) \(lacking)")
            }
        } else {
            server.compositor.textures.canImport = { _ in true }
            let external = externalImages
            if external, !renderer.drawsExternalImages {
                throw XCTSkip("this GL (\(renderer.context.renderer)) draws no external images")
            }
            server.compositor.textures.importDmabuf = { [unowned renderer] in
                Self.standInImport($0, external: external, renderer: renderer)
            }
        }
        let client = try server.connect()
        return (client, try XCTUnwrap(RawDmabuf(client: client, version: 3), "linux-dmabuf is not offered"))
    }

    /// What the stand-in import makes of a memfd "dmabuf": its pixels
    /// uploaded, and the texture's storage taken as an EGLImage, as an
    /// imported texture's is.
    private static func standInImport(_ buffer: DmabufBuffer, external: Bool, renderer: Renderer) -> ImportedDmabuf? {
        let attributes = buffer.attributes, plane = attributes.planes[0]
        let length = Int(plane.offset) + Int(plane.stride) * attributes.height
        guard let map = mmap(nil, length, PROT_READ, MAP_SHARED, plane.fd, 0), map != MAP_FAILED,
              let source = try? Texture(width: attributes.width, height: attributes.height) else { return nil }
        defer { munmap(map, length) }
        source.upload(UnsafeRawBufferPointer(start: map + Int(plane.offset), count: Int(plane.stride) * attributes.height),
                      stride: Int(plane.stride), format: .argb8888)
        let image = segue_egl_texture_image(renderer.context.display, renderer.context.context, source.id)
        guard let image, image != segue_egl_no_image() else { return nil }
        return try? ImportedDmabuf(image: image, width: attributes.width, height: attributes.height, opaque: buffer.opaque,
                                   external: external, renderer: renderer)
    }

    /// `image` as a dmabuf wl_buffer of `client`'s (XRGB8888), its rows
    /// flagged as stored bottom first with `rowsBottomFirst`.
    fileprivate func buffer(_ image: RGBAImage, through dmabuf: RawDmabuf, rowsBottomFirst: Bool = false) throws -> TrackedBuffer {
        if realDmabufs {
            let picture = try XCTUnwrap(ExportedPicture(image, renderer: server.compositor.renderer), "the renderer's EGL did not export a texture")
            exported.append(picture)
            return TrackedBuffer(picture.buffer(through: dmabuf, rowsBottomFirst: rowsBottomFirst))
        }
        let fd = segue_client_memfd_create("segue-test-dmabuf")
        files.append(fd)
        var bytes = [UInt8](repeating: 255, count: image.width * image.height * 4)
        for i in 0..<(image.width * image.height) {
            (bytes[i * 4], bytes[i * 4 + 1], bytes[i * 4 + 2]) = (image.pixels[i * 4 + 2], image.pixels[i * 4 + 1], image.pixels[i * 4])
        }
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CompositorTestError("cannot write the test buffer")
        }
        let params = dmabuf.params()
        zwp_linux_buffer_params_v1_add(params, fd, 0, 0, UInt32(image.width * 4), UInt32(Self.implicit >> 32), UInt32(Self.implicit & 0xffff_ffff))
        let made = try XCTUnwrap(zwp_linux_buffer_params_v1_create_immed(params, Int32(image.width), Int32(image.height), Self.xrgb8888,
                                                                         rowsBottomFirst ? 1 : 0))
        zwp_linux_buffer_params_v1_destroy(params)
        return TrackedBuffer(made)
    }

    fileprivate func show(_ buffer: TrackedBuffer, on toplevel: RawToplevel, of client: RawClient, width: Int32, height: Int32) {
        client.attach(buffer.proxy, to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
    }

    func testAWindowOfTheOutputsSizeIsShownFromItsDmabufAsItIs() throws {
        let (client, dmabuf) = try start()
        let toplevel = try client.makeConfiguredToplevel()
        let drawn = try buffer(marked(width: 320, height: 180, fill: blue, marker: red), through: dmabuf)
        show(drawn, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && server.compositor.output.isCurrent })
        let screen = try server.screen()
        XCTAssertEqual(screen[3, 3], red, "the marker at the top left")
        XCTAssertEqual(screen[316, 3], blue)
        XCTAssertEqual(screen[3, 176], blue)
        XCTAssertEqual(try server.compositor.output.screenImage(), screen, "a screenshot is the frame presented")
    }

    func testASmallerWindowIsComposedFromItsDmabufWhereItIsPlaced() throws {
        let (client, dmabuf) = try start()
        let toplevel = try client.makeConfiguredToplevel()
        let drawn = try buffer(marked(width: 200, height: 100, fill: blue, marker: red), through: dmabuf)
        show(drawn, on: toplevel, of: client, width: 200, height: 100)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && server.compositor.output.isCurrent })
        let screen = try server.screen()
        // Centred: its top left at (60, 40).
        XCTAssertEqual(screen[63, 43], red, "the marker at the window's top left")
        XCTAssertNotEqual(screen[57, 37], red, "nothing of it left of or above its place")
        XCTAssertEqual(screen[255, 135], blue, "its bottom right")
        XCTAssertNotEqual(screen[262, 142], blue, "nothing of it past its place")
    }

    func testADmabufWhoseRowsAreStoredBottomFirstIsShownUpright() throws {
        let (client, dmabuf) = try start()
        let toplevel = try client.makeConfiguredToplevel()
        let upright = marked(width: 320, height: 180, fill: blue, marker: red)
        let drawn = try buffer(upright.flippedVertically(), through: dmabuf, rowsBottomFirst: true)
        show(drawn, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && server.compositor.output.isCurrent })
        let screen = try server.screen()
        XCTAssertEqual(screen[3, 3], red, "y_invert honoured: the marker at the top left")
        XCTAssertEqual(screen[3, 176], blue)
    }

    func testADmabufSubsurfaceIsComposedOverItsParentWhereItIsPlaced() throws {
        let (client, dmabuf) = try start()
        let toplevel = try client.makeConfiguredToplevel()
        let child = client.makeSubsurface(of: toplevel.surface, x: 100, y: 50)
        let drawn = try buffer(marked(width: 40, height: 20, fill: red, marker: green, side: 4), through: dmabuf)
        wl_surface_attach(child.surface, drawn.proxy, 0, 0)
        wl_surface_damage_buffer(child.surface, 0, 0, 40, 20)
        wl_surface_commit(child.surface)
        try client.show(RGBAImage(width: 320, height: 180, fill: blue), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && server.compositor.output.isCurrent })
        let screen = try server.screen()
        XCTAssertEqual(screen[101, 51], green, "the subsurface's marker at its top left")
        XCTAssertEqual(screen[135, 66], red)
        XCTAssertEqual(screen[98, 48], blue, "the parent around it")
        XCTAssertEqual(screen[142, 72], blue)
    }

    /// A crossfade from a dmabuf window to a wl_shm one and back passes
    /// through both: each side of a transition may be a dmabuf.
    func testATransitionFromAndToADmabufWindowShowsBoth() throws {
        let (client, dmabuf) = try start(stepped: true, config: """
            [transitions.open]
            effect = "crossfade"
            duration = "100ms"
            easing = "linear"
            [transitions.close]
            effect = "crossfade"
            duration = "100ms"
            easing = "linear"
            """)
        // Sampled where the dmabuf's marker is: a flipped or shifted picture shows blue there, not red.
        let first = try client.makeConfiguredToplevel()
        show(try buffer(marked(width: 320, height: 180, fill: blue, marker: red), through: dmabuf), on: first, of: client,
             width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.stepUntilIdle(sampling: 3, 3).last, red)
        let second = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 320, height: 180, fill: green), on: second.surface)
        XCTAssertTrue(client.roundtrip())
        let opening = server.stepUntilIdle(sampling: 3, 3)
        XCTAssertEqual(opening.last, green)
        XCTAssertTrue(opening.contains { $0.r > 60 && $0.g > 60 }, "a frame mixing the dmabuf's red marker and the shm window's green: \(opening)")
        xdg_toplevel_destroy(second.toplevel)
        XCTAssertTrue(client.roundtrip())
        let closing = server.stepUntilIdle(sampling: 3, 3)
        XCTAssertEqual(closing.last, red, "the dmabuf window shown again, its marker at the top left")
        XCTAssertTrue(closing.contains { $0.r > 60 && $0.g > 60 }, "\(closing)")
    }

    /// A dmabuf is read where it is for as long as it is shown: it goes back
    /// only once another replaced it and a frame drawn since was presented
    /// (one drawn before may still be reading it).
    func testADmabufGoesBackOnlyOnceReplacedAndAFrameWithoutItWasPresented() throws {
        let (client, dmabuf) = try start(stepped: true)
        let toplevel = try client.makeConfiguredToplevel()
        let first = try buffer(RGBAImage(width: 320, height: 180, fill: blue), through: dmabuf)
        show(first, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.stepUntilIdle(sampling: 160, 90).last, blue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(first.released, "shown, so still read")
        let second = try buffer(RGBAImage(width: 320, height: 180, fill: green), through: dmabuf)
        show(second, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(first.released, "replaced, but no frame drawn since was presented")
        XCTAssertEqual(server.stepUntilIdle(sampling: 160, 90).last, green)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(first.released, "replaced, and a frame drawn since presented")
        XCTAssertFalse(second.released, "shown, so still read")
    }

    /// A buffer shown again before the frame without it was presented stays
    /// the compositor's; one replaced before it was ever read goes back; one
    /// replaced by a wl_shm buffer goes back once a frame without it was presented.
    func testABufferShownAgainStaysAndOneReplacedByWlShmGoesBackAfterTheNextFrame() throws {
        let (client, dmabuf) = try start(stepped: true)
        let toplevel = try client.makeConfiguredToplevel()
        let first = try buffer(RGBAImage(width: 320, height: 180, fill: blue), through: dmabuf)
        let second = try buffer(RGBAImage(width: 320, height: 180, fill: green), through: dmabuf)
        show(first, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.stepUntilIdle(sampling: 160, 90).last, blue)
        show(second, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        show(first, on: toplevel, of: client, width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.stepUntilIdle(sampling: 160, 90).last, blue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(second.released, "shown no more")
        XCTAssertFalse(first.released, "shown again, so still read")
        try client.show(RGBAImage(width: 320, height: 180, fill: red), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(first.released, "replaced, but no frame without it presented yet")
        XCTAssertEqual(server.stepUntilIdle(sampling: 160, 90).last, red)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(first.released, "replaced by a wl_shm buffer, and a frame without it presented")
    }

    /// A dmabuf window that closes plays its close transition from what it showed.
    func testAClosingDmabufWindowIsDrawnInItsCloseTransition() throws {
        let (client, dmabuf) = try start(stepped: true, config: """
            [transitions.close]
            effect = "crossfade"
            duration = "100ms"
            easing = "linear"
            """)
        let first = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 320, height: 180, fill: green), on: first.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 160, 90)
        let second = try client.makeConfiguredToplevel()
        show(try buffer(marked(width: 320, height: 180, fill: blue, marker: red), through: dmabuf), on: second, of: client,
             width: 320, height: 180)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.stepUntilIdle(sampling: 3, 3).last, red)
        // Unmapped: a commit with no buffer; the buffer goes back with the next frame.
        wl_surface_attach(second.surface, nil, 0, 0)
        wl_surface_commit(second.surface)
        XCTAssertTrue(client.roundtrip())
        // Where its marker was: a flipped or shifted copy shows blue there, not red.
        let closing = server.stepUntilIdle(sampling: 3, 3)
        XCTAssertEqual(closing.last, green)
        XCTAssertTrue(closing.dropLast().contains { $0.r > 60 && $0.g > 60 }, "the closing window's marker among the frames: \(closing)")
    }
}

/// The same with real dmabufs: pictures the compositor's GL exports
/// (EGL_MESA_image_dma_buf_export), as a GPU client hands them over, imported
/// by its EGL. Skipped where the renderer cannot (llvmpipe), saying so, except
/// under SEGUE_REQUIRE_DMABUF=1 (a GPU), where that fails.
final class DmabufImportTests: DmabufDrawingTests {
    override var realDmabufs: Bool { true }

    override func testAWindowOfTheOutputsSizeIsShownFromItsDmabufAsItIs() throws {
        try super.testAWindowOfTheOutputsSizeIsShownFromItsDmabufAsItIs()
    }

    override func testASmallerWindowIsComposedFromItsDmabufWhereItIsPlaced() throws {
        try super.testASmallerWindowIsComposedFromItsDmabufWhereItIsPlaced()
    }

    override func testADmabufWhoseRowsAreStoredBottomFirstIsShownUpright() throws {
        try super.testADmabufWhoseRowsAreStoredBottomFirstIsShownUpright()
    }

    override func testADmabufSubsurfaceIsComposedOverItsParentWhereItIsPlaced() throws {
        try super.testADmabufSubsurfaceIsComposedOverItsParentWhereItIsPlaced()
    }

    override func testATransitionFromAndToADmabufWindowShowsBoth() throws {
        try super.testATransitionFromAndToADmabufWindowShowsBoth()
    }

    override func testADmabufGoesBackOnlyOnceReplacedAndAFrameWithoutItWasPresented() throws {
        try super.testADmabufGoesBackOnlyOnceReplacedAndAFrameWithoutItWasPresented()
    }

    override func testABufferShownAgainStaysAndOneReplacedByWlShmGoesBackAfterTheNextFrame() throws {
        try super.testABufferShownAgainStaysAndOneReplacedByWlShmGoesBackAfterTheNextFrame()
    }

    override func testAClosingDmabufWindowIsDrawnInItsCloseTransition() throws {
        try super.testAClosingDmabufWindowIsDrawnInItsCloseTransition()
    }
}

/// The same through the stand-in, imported as external images: each buffer
/// drawn into a texture of the compositor's by GL_OES_EGL_image_external, as
/// the layouts GL samples only so (YUV, most often) are.
final class DmabufExternalImageTests: DmabufDrawingTests {
    override var externalImages: Bool { true }

    override func testAWindowOfTheOutputsSizeIsShownFromItsDmabufAsItIs() throws {
        try super.testAWindowOfTheOutputsSizeIsShownFromItsDmabufAsItIs()
    }

    override func testASmallerWindowIsComposedFromItsDmabufWhereItIsPlaced() throws {
        try super.testASmallerWindowIsComposedFromItsDmabufWhereItIsPlaced()
    }

    override func testADmabufWhoseRowsAreStoredBottomFirstIsShownUpright() throws {
        try super.testADmabufWhoseRowsAreStoredBottomFirstIsShownUpright()
    }

    override func testADmabufSubsurfaceIsComposedOverItsParentWhereItIsPlaced() throws {
        try super.testADmabufSubsurfaceIsComposedOverItsParentWhereItIsPlaced()
    }

    override func testATransitionFromAndToADmabufWindowShowsBoth() throws {
        try super.testATransitionFromAndToADmabufWindowShowsBoth()
    }

    override func testADmabufGoesBackOnlyOnceReplacedAndAFrameWithoutItWasPresented() throws {
        try super.testADmabufGoesBackOnlyOnceReplacedAndAFrameWithoutItWasPresented()
    }

    override func testABufferShownAgainStaysAndOneReplacedByWlShmGoesBackAfterTheNextFrame() throws {
        try super.testABufferShownAgainStaysAndOneReplacedByWlShmGoesBackAfterTheNextFrame()
    }

    override func testAClosingDmabufWindowIsDrawnInItsCloseTransition() throws {
        try super.testAClosingDmabufWindowIsDrawnInItsCloseTransition()
    }
}

/// A picture exported from the compositor's own GL context as a dmabuf: a
/// texture holding it, rows top first, and its planes' files.
private final class ExportedPicture {
    private let texture: Texture
    private let exported: ExportedDmabuf

    init?(_ image: RGBAImage, renderer: Renderer) {
        guard let texture = try? Texture(image: image), let exported = renderer.export(texture) else { return nil }
        self.texture = texture
        self.exported = exported
    }

    /// A wl_buffer of the picture made through `dmabuf` (create_immed), its
    /// rows flagged as stored bottom first with `rowsBottomFirst`.
    func buffer(through dmabuf: RawDmabuf, rowsBottomFirst: Bool) -> OpaquePointer {
        let buffer = exported.description
        let params = dmabuf.params()
        // libwayland sends copies of the files: these stay the picture's.
        for (index, plane) in buffer.planes.enumerated() {
            zwp_linux_buffer_params_v1_add(params, plane.fd, UInt32(index), plane.offset, plane.stride,
                                           UInt32(buffer.modifier >> 32), UInt32(buffer.modifier & 0xffff_ffff))
        }
        let made = zwp_linux_buffer_params_v1_create_immed(params, Int32(buffer.width), Int32(buffer.height), buffer.fourcc,
                                                           rowsBottomFirst ? 1 : 0)!
        zwp_linux_buffer_params_v1_destroy(params)
        return made
    }
}
