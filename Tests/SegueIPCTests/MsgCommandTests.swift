import Foundation
import SegueIPC
import XCTest

/// `segue msg` against a live control socket, as a person would run it.
final class MsgCommandTests: XCTestCase {
    private var served: ServedLoop!

    override func setUpWithError() throws { served = try ServedLoop() }
    override func tearDown() { served = nil }

    func testWithJsonItPrintsTheReplyLineAsItCame() throws {
        let result = try served.serving { try runSegue(["msg", "switch", "2", "--json", "--effect", "slide", "--wait", "--socket", $0]) }
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"ok":true,"switched":2}"# + "\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(served.handler.received, [.switchWindow(target: .window(id: 2), effect: "slide", wait: true)])
    }

    func testForAPersonItPrintsTextAndAReplyOfUnknownShapeKeyByKey() throws {
        let result = try served.serving { try runSegue(["msg", "switch", "2", "--socket", $0]) }
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "switched: 2\n")
    }

    func testARefusalIsOneLineOnStderrAndFails() throws {
        let result = try served.serving { try runSegue(["msg", "screenshot", "shot.png", "--socket", $0]) }
        let path = URL(fileURLWithPath: "shot.png").path
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Error: cannot write \(path)\n")
        XCTAssertEqual(served.handler.received, [.screenshot(path: path)])
    }

    func testWithJsonARefusalIsTheReplyOnStdoutAndFails() throws {
        let result = try served.serving { try runSegue(["msg", "screenshot", "shot.png", "--json", "--socket", $0]) }
        let path = URL(fileURLWithPath: "shot.png").path
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, IPCReply.failure("cannot write \(path)").encoded() + "\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testNoCompositorIsOneLineOnStderr() throws {
        let missing = served.folder + "/missing.sock"
        let result = try runSegue(["msg", "windows", "--socket", missing])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Error: no Segue compositor listening at \(missing)\n")
    }
}

private struct SegueResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the `segue` built beside the test executable.
private func runSegue(_ arguments: [String]) throws -> SegueResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("segue")
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return SegueResult(status: process.terminationStatus,
                       stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
}
