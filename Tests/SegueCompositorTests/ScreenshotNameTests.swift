import Foundation
import SegueIPC
@testable import SegueShell
import XCTest

/// A screenshot is a PNG, and only a name that says so is taken.
final class ScreenshotNameTests: XCTestCase {
    func testANameThatIsNotPNGIsRefusedAndNothingIsWritten() throws {
        let server = try InProcessCompositor(placement: .stacked)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-shot-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var reply: IPCReply?
        server.compositor.control.answer(.screenshot(path: folder.appendingPathComponent("shot.jpg").path)) { reply = $0 }
        XCTAssertEqual(reply?.ok, false)
        XCTAssertTrue(reply?.error?.contains("name it .png, not shot.jpg") == true, "\(String(describing: reply))")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        server.compositor.control.answer(.screenshot(path: folder.appendingPathComponent("shot.PNG").path)) { reply = $0 }
        XCTAssertEqual(reply?.ok, true, "\(String(describing: reply))")
    }
}
