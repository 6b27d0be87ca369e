import Foundation
import SegueEngine
import XCTest

/// Shader files read from disk: the text parsed with its path, and a file
/// that cannot be a shader (missing, binary, too large) an error naming it.
final class ShaderSourceLoadingTests: XCTestCase {
    private static let transition = "\nvec4 transition(vec2 uv) { return getFromColor(uv); }\n"

    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).glsl")
        try Data(bytes).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    private func loadError(_ path: String) -> ShaderSourceError? {
        do {
            _ = try ShaderSource.load(path: path)
            XCTFail("loaded \(path)")
            return nil
        } catch {
            return error
        }
    }

    func testLoadReadsAFile() throws {
        let path = try temporaryFile(Array("uniform int n; // = 2\n\(Self.transition)".utf8))
        let source = try ShaderSource.load(path: path)
        XCTAssertEqual(source.path, path)
        XCTAssertEqual(source.parameters.map(\.defaultValue), [.int(2)])
    }

    func testLoadOfAMissingFileNamesTheFileAndTheReason() {
        XCTAssertEqual(loadError("/nonexistent/x.glsl")?.description,
                       "/nonexistent/x.glsl:1:1: cannot open: No such file or directory")
    }

    func testLoadOfABinaryFileIsAnError() throws {
        for bytes: [UInt8] in [[0x76, 0x65, 0x63, 0x00, 0x34], [0x76, 0xFF, 0xFE, 0x34]] {
            let path = try temporaryFile(bytes)
            XCTAssertEqual(loadError(path)?.description, "\(path):1:1: not a text file")
        }
    }

    func testLoadOfATooLargeFileIsAnError() throws {
        let path = try temporaryFile(Array(repeating: UInt8(ascii: " "), count: ShaderSource.maximumFileSize + 1))
        XCTAssertEqual(loadError(path)?.message, "larger than 256 KiB; not an effect shader")
        let fits = try temporaryFile(Array(repeating: UInt8(ascii: " "), count: ShaderSource.maximumFileSize - 100)
                                     + Array(Self.transition.utf8))
        XCTAssertNoThrow(try ShaderSource.load(path: fits))
    }
}
