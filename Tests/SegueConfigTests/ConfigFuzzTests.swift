import Foundation
import SegueConfig
import SegueTestSupport
import XCTest

/// No input crashes the loader: each returns a config or diagnostics.
final class ConfigFuzzTests: XCTestCase {
    private var random = SeededGenerator(seed: 42)

    private func survives(_ text: String) {
        switch ConfigFixture.parse(text) {
        case .success: break
        case .failure(let errors):
            XCTAssertFalse(errors.diagnostics.isEmpty)
            for d in errors.diagnostics {
                XCTAssertGreaterThanOrEqual(d.line, 1)
                XCTAssertGreaterThanOrEqual(d.column ?? 1, 1)
            }
        }
    }

    func testRandomBytes() {
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            survives(String(decoding: bytes, as: UTF8.self))
        }
    }

    func testTOMLishNoise() {
        let pieces = ["[", "]", "[[", "]]", "{", "}", "=", ".", ",", "\"", "'", "\"\"\"", "\n", "#", " ", "rules", "effects",
                      "transitions", "switch", "spring", "effect", "shader", "choices", "1", "-1e999", "0x7f", "true",
                      "\"random\"", "\"none\"", "app-id", "\"*[\"", "1979-05-27", "\\u0000", "é"]
        for _ in 0..<500 {
            let t = (0..<Int.random(in: 1...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            survives(t)
        }
    }

    func testEveryTruncationOfTheExample() throws {
        let example = try String(contentsOf: ConfigFixture.repository.appendingPathComponent("examples/config.toml"),
                                 encoding: .utf8)
        let scalars = Array(example.unicodeScalars)
        for end in stride(from: 0, through: scalars.count, by: 7) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[..<end])
            survives(text)
        }
    }

    func testDeepNestingIsRefusedNotFollowed() {
        for text in [
            String(repeating: "a.", count: 200_000) + "a = 1",
            "[" + String(repeating: "a.", count: 200_000) + "a]",
            "x = " + String(repeating: "[", count: 100_000),
            "x = " + String(repeating: "{ a = ", count: 100_000),
            String(repeating: "[transitions.switch.spring]\n", count: 1),
            "[effects." + String(repeating: "b.", count: 900) + "c]\nshader = 1",
        ] {
            survives(text)
        }
    }
}
