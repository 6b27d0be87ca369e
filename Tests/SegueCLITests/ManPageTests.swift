import Foundation
import XCTest

/// Every man page source in docs/ is one scdoc turns into a page, so
/// scripts/install never meets a page that does not build (a line opening
/// with a bracket, read as a table, stopped it once).
final class ManPageTests: XCTestCase {
    private static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    func testEveryManPageBuildsWithScdoc() throws {
        let scdoc = try XCTUnwrap(["/usr/bin/scdoc", "/usr/local/bin/scdoc"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "needs scdoc: sudo apt-get install -y scdoc (scripts/deps.sh installs it)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.docs.path).filter { $0.hasSuffix(".scd") }.sorted()
        XCTAssertGreaterThanOrEqual(pages.count, 3, "segue(1), segue-msg(1), segue.toml(5)")
        for page in pages {
            let process = Process(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: scdoc)
            process.standardInput = try FileHandle(forReadingFrom: Self.docs.appendingPathComponent(page))
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(page): \(message)")
        }
    }
}
