import Foundation
import SegueConfig
import SegueTestSupport
import XCTest

/// Every config the repository ships parses without a diagnostic: the
/// examples' files and each ```toml block of the README and of docs/*.md.
final class ShippedConfigTests: XCTestCase {
    private static let examples = ConfigFixture.repository.appendingPathComponent("examples")
    private static let readme = ConfigFixture.repository.appendingPathComponent("README.md")
    private static let docs = ConfigFixture.repository.appendingPathComponent("docs")

    private func assertParses(_ text: String, path: String, file: StaticString = #filePath, line: UInt = #line) {
        if case .failure(let errors) = ConfigFixture.parse(text, path: path) {
            XCTFail("\(path) does not parse:\n\(errors)", file: file, line: line)
        }
    }

    func testEveryExampleConfigParses() throws {
        let files = FileManager.default.enumerator(atPath: Self.examples.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".toml") } ?? []
        XCTAssertFalse(files.isEmpty, "examples/config.toml is missing")
        for file in files {
            let path = Self.examples.appendingPathComponent(file).path
            assertParses(try String(contentsOfFile: path, encoding: .utf8), path: path)
        }
    }

    /// Blocks are parsed as files beside the README, so relative shader paths start there.
    func testEveryTOMLBlockInTheReadmeParses() throws {
        try assertTOMLBlocksParse(in: Self.readme)
    }

    /// Each page's blocks are parsed as files beside that page, in docs/.
    func testEveryTOMLBlockInTheDocsParses() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.docs.path).filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertTrue(pages.contains("running.md"), "docs/*.md is missing: \(pages)")
        for page in pages { try assertTOMLBlocksParse(in: Self.docs.appendingPathComponent(page)) }
    }

    private func assertTOMLBlocksParse(in markdown: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try String(contentsOf: markdown, encoding: .utf8)
        for block in Self.tomlBlocks(in: text) {
            assertParses(block.text, path: markdown.path + " (block at line \(block.line))", file: file, line: line)
        }
    }

    func testTheExampleKeepsEveryDefaultAndItsRulesAndEffectWork() throws {
        let path = Self.examples.appendingPathComponent("config.toml").path
        let config = try ConfigLoader.load(path: path, builtins: ConfigFixture.builtins, checkShader: { _ in [] }).get()
        let defaults = SegueConfig.defaults(registry: ConfigFixture.builtins)
        XCTAssertEqual(config.transitions, defaults.transitions)
        XCTAssertEqual(config.reduceMotion, defaults.reduceMotion)
        XCTAssertEqual(config.keys, defaults.keys)
        XCTAssertEqual(config.privileged, defaults.privileged)
        XCTAssertEqual(config.output, OutputSettings(size: .init(width: 1920, height: 1080), refresh: 60,
                                                     background: .init(red: 0x14 / 255, green: 0x14 / 255, blue: 0x1a / 255)))
        XCTAssertEqual(config.effects["iris"]?.origin, .userShader)
        var random = SeededGenerator(seed: 3)
        let files = WindowInfo(appID: "org.gnome.Nautilus", title: "Home")
        XCTAssertEqual(config.resolve(event: .open, from: nil, to: files, random: &random).settings?.effect.name, "iris")
        let foot = WindowInfo(appID: "foot", title: "~")
        XCTAssertNil(config.resolve(event: .switch, from: foot, to: foot, random: &random).settings)
        let video = WindowInfo(appID: "mpv", title: "talk.mkv - mpv")
        let played = config.resolve(event: .switch, from: foot, to: video, random: &random).settings
        XCTAssertTrue(["doom-melt", "rotate"].contains(played?.effect.name ?? ""))
        XCTAssertEqual(played?.duration, 1.5)
    }

    func testTOMLBlocksAreFoundWithTheirLines() {
        let markdown = "intro\n```toml\na = 1\n```\n```sh\nls\n```\n```toml\n[b]\n```\n"
        XCTAssertEqual(Self.tomlBlocks(in: markdown).map(\.line), [3, 9])
        XCTAssertEqual(Self.tomlBlocks(in: markdown).map(\.text), ["a = 1\n", "[b]\n"])
        XCTAssertTrue(Self.tomlBlocks(in: "no blocks").isEmpty)
    }

    private static func tomlBlocks(in markdown: String) -> [(line: Int, text: String)] {
        var blocks: [(Int, String)] = []
        var current: (line: Int, text: String)?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else {
                    block.text += line + "\n"
                    current = block
                }
            } else if trimmed == "```toml" {
                current = (number + 2, "")
            }
        }
        return blocks
    }
}
