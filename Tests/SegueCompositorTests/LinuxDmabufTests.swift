import CWaylandClient
import Glibc
import SegueRender
@testable import SegueShell
@testable import SegueWayland
import XCTest

/// zwp_linux_dmabuf_v1: offered of Segue's own accord only where the renderer
/// imports dmabufs, version 3 or 4 as the render node is known, and every
/// params error posted with its code before anything is imported. The tests
/// give an offer of their own; memfds stand in for dmabufs: the checks read
/// only their sizes, and this renderer imports none.
final class LinuxDmabufTests: XCTestCase {
    private var server: InProcessCompositor!
    private var files: [Int32] = []
    private static let xrgb8888: UInt32 = 0x3432_5258, argb8888: UInt32 = 0x3432_5241
    private static let implicit: UInt64 = 0x00ff_ffff_ffff_ffff, linear: UInt64 = 0
    private let offer = DmabufOffer(formats: [.init(fourcc: xrgb8888, modifiers: [implicit, linear]), .init(fourcc: argb8888, modifiers: [implicit])],
                                    mainDevice: nil)

    override func tearDown() {
        server?.stop()
        for fd in files { close(fd) }
    }

    /// A memfd of `size` bytes, as a client's dmabuf would be handed over.
    private func file(size: Int) -> Int32 {
        let fd = segue_client_memfd_create("segue-test-dmabuf")
        ftruncate(fd, off_t(size))
        files.append(fd)
        return fd
    }

    private func start(mainDevice: UInt64? = nil) throws {
        server = try InProcessCompositor(dmabufOffer: DmabufOffer(formats: offer.formats, mainDevice: mainDevice))
    }

    private func add(_ params: OpaquePointer, plane: UInt32 = 0, offset: UInt32 = 0, stride: UInt32 = 256,
                     modifier: UInt64 = implicit, size: Int = 256 * 64) {
        zwp_linux_buffer_params_v1_add(params, file(size: size), plane, offset, stride, UInt32(modifier >> 32), UInt32(modifier & 0xffff_ffff))
    }

    /// Runs `requests` on a new client's params and returns the error that ended its connection.
    private func error(_ requests: (OpaquePointer) -> Void, file: StaticString = #filePath, line: UInt = #line) throws -> UInt32? {
        let client = try server.connect()
        let dmabuf = try XCTUnwrap(RawDmabuf(client: client, version: 3), file: file, line: line)
        requests(dmabuf.params())
        _ = client.roundtrip()
        let error = client.protocolError
        XCTAssertEqual(error?.interface, "zwp_linux_buffer_params_v1", file: file, line: line)
        return error?.code
    }

    func testOfItsOwnAccordTheGlobalIsOfferedOnlyWhereTheRendererImports() throws {
        server = try InProcessCompositor()
        let offered = try server.connect().globals["zwp_linux_dmabuf_v1"] != nil
        XCTAssertEqual(offered, server.compositor.renderer.dmabufSupport.canImport)
        if server.compositor.renderer.context.renderer.hasPrefix("llvmpipe") {
            XCTAssertFalse(offered, "llvmpipe imports no dmabufs: no global")
        }
    }

    func testAnEmptyOfferIsNoOffer() throws {
        server = try InProcessCompositor(dmabufOffer: DmabufOffer(formats: [.init(fourcc: Self.xrgb8888, modifiers: [])], mainDevice: 1))
        XCTAssertNil(try server.connect().globals["zwp_linux_dmabuf_v1"])
    }

    func testWithoutARenderNodeVersion3ListsEveryFormatAndModifier() throws {
        try start()
        let client = try server.connect()
        XCTAssertEqual(client.globals["zwp_linux_dmabuf_v1"], 3)
        let dmabuf = try XCTUnwrap(RawDmabuf(client: client, version: 3))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(dmabuf.modifiers.map(\.format), [Self.xrgb8888, Self.xrgb8888, Self.argb8888])
        XCTAssertEqual(dmabuf.modifiers.map(\.modifier), [Self.implicit, Self.linear, Self.implicit])
    }

    func testWithARenderNodeVersion4SharesASealedFormatTableAndTheDeviceInOneTranche() throws {
        let device: UInt64 = 226 << 8 | 128   // makedev(226, 128): renderD128
        try start(mainDevice: device)
        let client = try server.connect()
        XCTAssertEqual(client.globals["zwp_linux_dmabuf_v1"], 4)
        let dmabuf = try XCTUnwrap(RawDmabuf(client: client, version: 4))
        dmabuf.askForFeedback()
        XCTAssertTrue(client.dispatch { dmabuf.feedback != nil })
        let feedback = try XCTUnwrap(dmabuf.feedback)
        XCTAssertTrue(feedback.tableSealed, "a client cannot change the table others read")
        XCTAssertEqual(feedback.table.map(\.format), [Self.xrgb8888, Self.xrgb8888, Self.argb8888])
        XCTAssertEqual(feedback.table.map(\.modifier), [Self.implicit, Self.linear, Self.implicit])
        XCTAssertEqual(feedback.mainDevice, device)
        XCTAssertEqual(feedback.trancheDevice, device)
        XCTAssertEqual(feedback.trancheIndices, [0, 1, 2])
        XCTAssertEqual(feedback.tranchesDone, 1)
        XCTAssertTrue(dmabuf.modifiers.isEmpty, "version 4 lists formats only in the table")
    }

    func testEachParamsMistakeIsPostedWithItsCode() throws {
        try start()
        typealias Error = ZwpLinuxBufferParamsV1Error
        XCTAssertEqual(try error { self.add($0, plane: 4) }, Error.planeIdx.rawValue)
        XCTAssertEqual(try error { self.add($0); self.add($0) }, Error.planeSet.rawValue)
        XCTAssertEqual(try error { zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0) }, Error.incomplete.rawValue,
                       "no planes")
        XCTAssertEqual(try error { self.add($0); self.add($0, plane: 2); zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0) },
                       Error.incomplete.rawValue, "planes 0 and 2")
        XCTAssertEqual(try error { self.add($0); zwp_linux_buffer_params_v1_create($0, 64, 64, 0x3231_564e, 0) },
                       Error.invalidFormat.rawValue, "NV12 was not offered")
        XCTAssertEqual(try error { self.add($0, modifier: Self.linear); zwp_linux_buffer_params_v1_create($0, 64, 64, Self.argb8888, 0) },
                       Error.invalidFormat.rawValue, "ARGB8888 was offered without a linear modifier")
        XCTAssertEqual(try error { self.add($0); self.add($0, plane: 1, modifier: Self.linear)
                                   zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0) },
                       Error.invalidFormat.rawValue, "planes with different modifiers")
        XCTAssertEqual(try error { self.add($0); zwp_linux_buffer_params_v1_create($0, 0, 64, Self.xrgb8888, 0) },
                       Error.invalidDimensions.rawValue)
        XCTAssertEqual(try error { self.add($0); zwp_linux_buffer_params_v1_create($0, 64, -1, Self.xrgb8888, 0) },
                       Error.invalidDimensions.rawValue)
        XCTAssertEqual(try error { self.add($0); zwp_linux_buffer_params_v1_create($0, 64, 65, Self.xrgb8888, 0) },
                       Error.outOfBounds.rawValue, "65 rows of 256 bytes in a file of 64")
        XCTAssertEqual(try error { self.add($0, offset: 256 * 64); zwp_linux_buffer_params_v1_create($0, 1, 1, Self.xrgb8888, 0) },
                       Error.outOfBounds.rawValue, "an offset at the file's end")
        XCTAssertEqual(try error { self.add($0, offset: 0xffff_ff00, stride: 0x1000); zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0) },
                       Error.outOfBounds.rawValue, "offset + stride × height past 32 bits")
        XCTAssertEqual(try error { self.add($0); zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0)
                                   zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0) },
                       Error.alreadyUsed.rawValue, "a second create")
        XCTAssertEqual(try error { self.add($0); zwp_linux_buffer_params_v1_create($0, 64, 64, Self.xrgb8888, 0); self.add($0, plane: 1) },
                       Error.alreadyUsed.rawValue, "an add after create")
        // The compositor went on through all of it.
        XCTAssertNotNil(try server.connect().globals["zwp_linux_dmabuf_v1"])
    }

    func testBuffersThisRendererCannotImportFailOrAreInvalidAndTheirFilesAreClosed() throws {
        try start()
        let client = try server.connect()
        let dmabuf = try XCTUnwrap(RawDmabuf(client: client, version: 3))
        let fd = file(size: 256 * 64)
        let open = openFiles()
        let params = dmabuf.params()
        zwp_linux_buffer_params_v1_add(params, fd, 0, 0, 256, UInt32(Self.implicit >> 32), UInt32(Self.implicit & 0xffff_ffff))
        zwp_linux_buffer_params_v1_create(params, 64, 64, Self.xrgb8888, 0)
        XCTAssertTrue(client.dispatch { dmabuf.outcome(of: params) != nil })
        XCTAssertEqual(dmabuf.outcome(of: params), .failed, "well formed, but llvmpipe imports no dmabufs")
        zwp_linux_buffer_params_v1_destroy(params)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(openFiles(), open, "the compositor closed the file it was handed")

        let immediate = dmabuf.params()
        add(immediate)
        _ = zwp_linux_buffer_params_v1_create_immed(immediate, 64, 64, Self.xrgb8888, 0)
        _ = client.roundtrip()
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwp_linux_buffer_params_v1",
                                                                  code: ZwpLinuxBufferParamsV1Error.invalidWlBuffer.rawValue))
    }

    /// Only y_invert of the flags is drawn: an interlaced buffer (either field
    /// first) is refused whole, where the same buffer progressive is made.
    func testInterlacedBuffersAreRefusedWhereProgressiveOnesAreMade() throws {
        try start()
        // Whatever the renderer: the flags alone decide here.
        server.compositor.textures.canImport = { _ in true }
        let client = try server.connect()
        let dmabuf = try XCTUnwrap(RawDmabuf(client: client, version: 3))
        func outcome(flags: UInt32) -> RawDmabuf.Outcome? {
            let params = dmabuf.params()
            add(params)
            zwp_linux_buffer_params_v1_create(params, 64, 64, Self.xrgb8888, flags)
            _ = client.dispatch { dmabuf.outcome(of: params) != nil }
            return dmabuf.outcome(of: params)
        }
        XCTAssertEqual(outcome(flags: 0), .created)
        XCTAssertEqual(outcome(flags: 1), .created, "y_invert")
        XCTAssertEqual(outcome(flags: 2), .failed, "interlaced")
        XCTAssertEqual(outcome(flags: 2 | 4), .failed, "interlaced, bottom field first")
        XCTAssertNil(client.protocolError)
    }

    /// Descriptors open in this process, where the compositor runs too.
    private func openFiles() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}
