import Foundation
import XCTest

/// The main job end to end: `segue demo` with no display and no setup, run
/// by name from PATH in a folder of its own, as an installed segue is.
final class DemoCommandTests: XCTestCase {
    func testDemoRunByNameFromPathPlaysEveryEffectAndWritesAContactSheetForEach() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("demo").path
        let result = try SegueCommand.run(["demo", "--out", out, "--size", "320x180"], byNameIn: folder)
        if result.status != 0 && result.stderr.contains("EGL") && ProcessInfo.processInfo.environment["SEGUE_REQUIRE_EGL"] != "1" {
            throw XCTSkip("EGL/GLES 3 unavailable on this machine: \(result.stderr)")
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        for effect in ["circle-reveal", "crossfade", "doom-melt", "lamp", "rotate", "slide", "zoom-from-rect"] {
            XCTAssertTrue(files.contains("\(effect).png"), "\(effect) has a contact sheet: \(files)")
        }
        XCTAssertTrue(files.contains("gesture-slide.png"), "the switch dragged by hand has a contact sheet: \(files)")
        XCTAssertTrue(files.contains("switcher-zoom-from-rect.png"), "the switcher's switch has one, its overlay first: \(files)")
        XCTAssertTrue(files.contains("switcher-overlay.png"), "\(files)")
        XCTAssertTrue(files.contains("restore-lamp.png"), "the restore has one beside the minimize's lamp.png: \(files)")
        for sheet in ["workspace-doom-melt", "launcher-open", "launcher-close", "notifications-open", "notifications-close"] {
            XCTAssertTrue(files.contains("\(sheet).png"), "\(sheet) has a contact sheet: \(files)")
        }
        // Seven pushes, four switches, a minimize and its restore, one dragged by hand (let go past halfway),
        // a pop, one from the switcher and two workspace switches, every one finished; and the
        // launcher's and the notification's opening and closing.
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| effect") && !$0.hasPrefix("| ---") }
        XCTAssertEqual(rows.count, 22, result.stdout)
        XCTAssertTrue(rows.allSatisfy { $0.contains("| finished |") }, result.stdout)
        XCTAssertEqual(rows.filter { $0.contains("| open |") }.count, 7)
        XCTAssertEqual(rows.filter { $0.contains("| doom-melt | workspace |") }.count, 1)
        XCTAssertEqual(rows.filter { $0.contains("| popin | launcher open |") || $0.contains("| popin | launcher close |") }.count, 2)
        XCTAssertEqual(rows.filter { $0.contains("| slide | notifications open |") || $0.contains("| slide | notifications close |") }.count, 2)
        XCTAssertEqual(rows.filter { $0.contains("| switch |") }.count, 4)
        XCTAssertEqual(rows.filter { $0.contains("| switch by hand |") }.count, 1)
        XCTAssertEqual(rows.filter { $0.contains("| close |") }.count, 1)
        XCTAssertEqual(rows.filter { $0.contains("| lamp | minimize |") }.count, 1)
        XCTAssertEqual(rows.filter { $0.contains("| lamp | restore |") }.count, 1)
        XCTAssertEqual(rows.filter { $0.contains("| zoom-from-rect | switch from the switcher |") }.count, 1)
    }
}
