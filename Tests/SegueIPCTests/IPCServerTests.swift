import CWaylandServer
import Foundation
@testable import SegueShell
import SegueIPC
import XCTest

/// The control socket end to end: a real wl_event_loop dispatched on the
/// test's thread, blocking clients on their own.
final class IPCServerTests: XCTestCase {
    private var served: ServedLoop!

    override func setUpWithError() throws { served = try ServedLoop() }
    override func tearDown() { served = nil }

    private static let notJSON = IPCReply.failure(#"request is not JSON; send one JSON object per line, e.g. {"command":"windows"}"#)

    func testAnswersARequest() throws {
        let reply = try served.serving { try IPCClient(path: $0).send(.windows) }
        XCTAssertEqual(reply, .success(["windows": [["id": 1, "title": "terminal"], ["id": 2, "title": "editor"]]]))
        XCTAssertEqual(served.handler.received, [.windows])
    }

    func testAMalformedLineGetsAnErrorAndTheConnectionStaysUsable() throws {
        let replies = try served.serving { path in
            let client = try IPCClient(path: path)
            try client.write(Array("{\"command\":\n".utf8))
            let first = try client.readReply()
            try client.write(Array("{\"command\":\"relaod\"}\n".utf8))
            return [first, try client.readReply(), try client.send(.config)]
        }
        XCTAssertEqual(replies, [Self.notJSON, .failure("unknown command \"relaod\"; did you mean \"reload\"?"), .success()])
        XCTAssertEqual(served.handler.received, [.config])
    }

    func testPipelinedRequestsAreAnsweredInOrderAfterADelayedOne() throws {
        let requests: [IPCRequest] = [
            .switchWindow(target: .window(id: 2), effect: "slide", wait: true),
            .windows,
            .switchWindow(target: .next, effect: nil, wait: false),
        ]
        let replies = try served.serving { path in
            let client = try IPCClient(path: path)
            try client.write(Array(requests.map { $0.encoded() + "\n" }.joined().utf8))
            return try (0..<3).map { _ in try client.readReply() }
        }
        XCTAssertEqual(replies.map { $0.payload["switched"] }, [2, nil, "next"])
        XCTAssertNotNil(replies[1].payload["windows"])
        XCTAssertEqual(served.handler.received, requests)
    }

    func testAWaitingSwitchRepliesWhenTheHandlerAnswersLater() throws {
        let reply = try served.serving { path in
            try IPCClient(path: path).send(.switchWindow(target: .prev, effect: nil, wait: true))
        }
        XCTAssertEqual(reply, .success(["switched": "prev"]))
        XCTAssertEqual(served.handler.pendingCount, 0)
    }

    func testAReplyLargerThanTheSocketBufferArrivesWholeBeforeTheNext() throws {
        let replies = try served.serving { path in
            let client = try IPCClient(path: path)
            try client.write(Array((IPCRequest.effects.encoded() + "\n" + IPCRequest.config.encoded() + "\n").utf8))
            return [try client.readReply(), try client.readReply()]
        }
        XCTAssertEqual(replies, [.success(["blob": .string(FakeDelegate.effectsBlob)]), .success()])
    }

    func testASecondReplyToOneRequestIsDropped() throws {
        let replies = try served.serving { path in
            let client = try IPCClient(path: path)
            return [try client.send(.reload), try client.send(.config)]
        }
        XCTAssertEqual(replies, [.success(["reloaded": true]), .success()])
    }

    func testGarbageBytesGetErrorRepliesWithoutHarm() throws {
        let replies = try served.serving { path in
            let client = try IPCClient(path: path)
            try client.write([0xff, 0xfe, 0x00, 0x7b, 0x0a, 0x00, 0x00, 0x0a, 0x0a])
            return [try client.readReply(), try client.readReply(), try client.readReply(), try client.send(.config)]
        }
        XCTAssertEqual(replies, [
            .failure("request is not valid UTF-8"), Self.notJSON,
            .failure(#"request is empty; send one JSON object per line, e.g. {"command":"windows"}"#), .success(),
        ])
    }

    func testAnOverlongLineGetsAnErrorAndTheConnectionCloses() throws {
        let outcome: [String] = try served.serving { path in
            let client = try IPCClient(path: path)
            try client.write([UInt8](repeating: UInt8(ascii: "a"), count: 70_000))
            let reply = try client.readReply()
            do throws(IPCError) {
                _ = try client.readReply()
                return [reply.encoded(), "still open"]
            } catch {
                return [reply.encoded(), error.message]
            }
        }
        XCTAssertEqual(outcome, [IPCReply.failure("request line is longer than 65536 bytes; closing the connection").encoded(),
                                 "the compositor at \(served.path) closed the connection without replying"])
        served.dispatch(until: { served.server.connectionCount == 0 })
    }

    func testAClientHangingUpBeforeItsReplyIsForgottenAndTheLateReplyIsHarmless() throws {
        var client: IPCClient? = try IPCClient(path: served.path)
        try client?.write(Array((IPCRequest.switchWindow(target: .next, effect: nil, wait: true).encoded() + "\n").utf8))
        served.dispatch(until: { served.handler.received.count == 1 })
        client = nil
        served.dispatch(until: { served.server.connectionCount == 0 && served.handler.pendingCount == 0 })
        XCTAssertNil(client)
    }

    func testSocketIsPrivateToItsOwner() throws {
        var status = stat()
        XCTAssertEqual(stat(served.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
    }

    func testASecondServerOnALiveSocketIsRefused() throws {
        XCTAssertThrowsError(try IPCServer(loop: served.loop, path: served.path, delegate: served.handler)) { error in
            XCTAssertEqual("\(error)", "another Segue compositor is already listening at \(served.path)")
        }
        XCTAssertEqual(try served.serving { try IPCClient(path: $0).send(.config) }, .success())
    }

    func testAStaleSocketIsReplacedButAnotherFileIsNot() throws {
        let stale = served.folder + "/stale.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertEqual(try IPCSocket.withAddress(of: stale) { bind(fd, $0, $1) }, 0)
        close(fd)
        let replacement = try IPCServer(loop: served.loop, path: stale, delegate: served.handler)
        XCTAssertNotNil(try IPCClient(path: stale))
        replacement.close()

        let file = served.folder + "/file.sock"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("keep".utf8)))
        XCTAssertThrowsError(try IPCServer(loop: served.loop, path: file, delegate: served.handler)) { error in
            XCTAssertEqual("\(error)", "\(file) exists and is not a socket; remove it or use another WAYLAND_DISPLAY")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: file), Data("keep".utf8))
    }

    func testClosingRemovesTheSocketFileAndHangsUpOnClients() throws {
        let client = try IPCClient(path: served.path)
        served.dispatch(until: { served.server.connectionCount == 1 })
        served.server.close()
        XCTAssertEqual(access(served.path, F_OK), -1)
        XCTAssertThrowsError(try client.readReply()) { error in
            XCTAssertEqual((error as? IPCError)?.message,
                           "the compositor at \(served.path) closed the connection without replying")
        }
        XCTAssertThrowsError(try IPCClient(path: served.path))
    }
}
