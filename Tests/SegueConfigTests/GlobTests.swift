import SegueConfig
import XCTest

final class GlobTests: XCTestCase {
    private func glob(_ pattern: String) throws -> Glob { try Glob(pattern) }

    func testPlainTextMatchesExactlyAndCaseSensitively() throws {
        XCTAssertTrue(try glob("org.gnome.Nautilus").matches("org.gnome.Nautilus"))
        XCTAssertFalse(try glob("org.gnome.Nautilus").matches("org.gnome.nautilus"))
        XCTAssertFalse(try glob("foot").matches("footclient"))
        XCTAssertTrue(try glob("").matches(""))
    }

    func testStarQuestionMarkAndSets() throws {
        XCTAssertTrue(try glob("org.gnome.*").matches("org.gnome.Terminal"))
        XCTAssertTrue(try glob("*").matches(""))
        XCTAssertTrue(try glob("*.pdf — *").matches("paper.pdf — Evince"))
        XCTAssertTrue(try glob("fo?t").matches("foot"))
        XCTAssertFalse(try glob("fo?t").matches("fot"))
        XCTAssertTrue(try glob("[fg]oot").matches("goot"))
        XCTAssertTrue(try glob("v[0-9]").matches("v7"))
        XCTAssertFalse(try glob("v[!0-9]").matches("v7"))
        XCTAssertTrue(try glob("v[^0-9]").matches("vx"))
        XCTAssertTrue(try glob("[]]").matches("]"))
        XCTAssertTrue(try glob(#"a\*b"#).matches("a*b"))
        XCTAssertFalse(try glob(#"a\*b"#).matches("axb"))
    }

    func testManyStarsDoNotBacktrackExponentially() throws {
        let pattern = try glob(String(repeating: "a*", count: 40) + "b")
        let start = Date()
        XCTAssertFalse(pattern.matches(String(repeating: "a", count: 4000)))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testMalformedPatternsAreRefusedWithTheReason() {
        XCTAssertThrowsError(try glob("abc[")) { XCTAssertTrue("\($0)".contains("'[' without its ']'"), "\($0)") }
        XCTAssertThrowsError(try glob("[z-a]")) { XCTAssertTrue("\($0)".contains("backwards range 'z-a'"), "\($0)") }
        XCTAssertThrowsError(try glob(#"abc\"#)) { XCTAssertTrue("\($0)".contains("lone '\\'"), "\($0)") }
    }
}
