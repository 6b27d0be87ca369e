import Foundation
import SegueIPC
@testable import SegueShell
import XCTest

/// A nested Segue's output goes when the parent closes its window: every
/// capture still waiting for a frame hears that none will come (screencopy's
/// failed; ext-image-copy-capture's session stopped), before Segue stops.
final class NestedCaptureTests: NestedSegueCase {
    func testCapturesWaitingWhenTheNestedWindowClosesHearNoFrameWillCome() throws {
        let client = CompositorUnderTest.buildFolder.appendingPathComponent("segue-capture-client").path
        // Started by the nested Segue, so privileged; their lines come out on its stdout.
        for arguments in [["--damage"], ["--protocol", "ext"]] {
            let reply = try parent.ask(nestedControl, .spawn(argv: [client] + arguments))
            XCTAssertTrue(reply.ok, "\(reply)")
        }
        // Each takes the still background once, then waits for it to change.
        XCTAssertTrue(parent.dispatch { nestedOutput.lines.filter { $0.hasPrefix("frame 1 ") }.count == 2 }, "\(nestedOutput.lines)")
        try parent.compositor.perform(.close())
        XCTAssertTrue(parent.dispatch { !nested.isRunning }, "the nested Segue stops with its window")
        XCTAssertTrue(parent.dispatch { nestedOutput.lines.contains { $0.hasPrefix("failed 2 wlr") } }, "screencopy: \(nestedOutput.lines)")
        XCTAssertTrue(parent.dispatch { nestedOutput.lines.contains { $0.contains("\"stopped\":true") } }, "ext: \(nestedOutput.lines)")
    }
}
