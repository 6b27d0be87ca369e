import CWaylandClient
import Foundation
import SegueEngine
import SegueImaging
import XCTest

/// A client that breaks the protocol gets the error the protocol names, on the
/// object it names, and is disconnected; the compositor goes on serving others.
/// In process (InProcessCompositor), with Segue's own stacked placement.
/// Codes are the protocol XML's: wl_shm's error enum is invalid_format 0,
/// invalid_stride 1, invalid_fd 2, and libwayland posts its own wl_shm checks on
/// the wl_shm_pool the request was made on.
///
/// This holds the compositor and the checks; the tests are by protocol in its subclasses.
class ProtocolErrorCase: XCTestCase {
    var server: InProcessCompositor!

    /// The output's size, which every toplevel is configured to.
    let width: Int32 = 640, height: Int32 = 360
    let xrgb8888 = WL_SHM_FORMAT_XRGB8888.rawValue

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: Int(width), height: Int(height))
    }

    override func tearDown() {
        server?.stop()
    }

    func connect() throws -> RawClient {
        try server.connect()
    }

    /// A toplevel whose first configure is acknowledged: ready for buffers.
    func configuredToplevel(_ client: RawClient) throws -> RawToplevel {
        try client.makeConfiguredToplevel()
    }

    /// The client's last requests broke the protocol: it hears `expected`, and the
    /// compositor closes the connection.
    func assertDisconnected(_ client: RawClient, with expected: WaylandProtocolError,
                                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(client.roundtrip(), "the compositor answered as if nothing were wrong", file: file, line: line)
        XCTAssertEqual(client.protocolError, expected, file: file, line: line)
        XCTAssertTrue(client.connectionClosed(), "the compositor closed the connection", file: file, line: line)
    }

    /// A buffer is read when its pixels are taken, after the client's own
    /// requests: the error reaches the client, which then hangs up, as a
    /// libwayland client does on a fatal error (as with weston, a client
    /// that stays connected is let go at its next request).
    func assertRefusedWhenRead(_ client: RawClient, with expected: WaylandProtocolError,
                                       file: StaticString = #filePath, line: UInt = #line) {
        _ = client.dispatch(until: { false }, timeout: .seconds(5))
        XCTAssertEqual(client.protocolError, expected, "the compositor answered as if nothing were wrong", file: file, line: line)
    }

    /// The compositor survived: a well-behaved client connects and maps the only window.
    func assertStillServing(file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: Int(width), height: Int(height), fill: RGBA(0x16, 0xa3, 0x4a)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip(), file: file, line: line)
        XCTAssertTrue(server.serve { server.windowCount == 1 }, "the well-behaved client's window is the only one", file: file, line: line)
    }
}
