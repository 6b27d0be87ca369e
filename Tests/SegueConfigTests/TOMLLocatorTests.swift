@testable import SegueConfig
import XCTest

final class TOMLLocatorTests: XCTestCase {
    private func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    func testKeysAndValuesUnderTableHeadersAndDottedHeaders() {
        let locator = TOMLLocator(text: """
            # comment
            [transitions.switch]
            effect = "slide"   # trailing comment
              duration="350ms"
            """)
        XCTAssertEqual(locator.key(["transitions", "switch", "effect"]), at(3, 1))
        XCTAssertEqual(locator.value(["transitions", "switch", "effect"]), at(3, 10))
        XCTAssertEqual(locator.key(["transitions", "switch", "duration"]), at(4, 3))
        XCTAssertEqual(locator.value(["transitions", "switch", "duration"]), at(4, 12))
        XCTAssertEqual(locator.key(["transitions", "switch"]), at(2, 14))
        XCTAssertEqual(locator.key(["transitions"]), at(2, 2))
        XCTAssertEqual(locator.value(["transitions", "switch"]), at(2, 1))
    }

    func testArrayOfTablesNumbersEachHeaderInOrder() {
        let locator = TOMLLocator(text: """
            [[rules]]
            app-id = "a"

            [[rules]]
            app-id = "b"
            [rules.spring]
            damping = 0.5
            [[rules]]
            title = "c"
            """)
        XCTAssertEqual(locator.key(["rules", 0, "app-id"]), at(2, 1))
        XCTAssertEqual(locator.key(["rules", 1]), at(4, 3))
        XCTAssertEqual(locator.value(["rules", 1, "app-id"]), at(5, 10))
        XCTAssertEqual(locator.key(["rules", 1, "spring", "damping"]), at(7, 1))
        XCTAssertEqual(locator.key(["rules", 2, "title"]), at(9, 1))
        XCTAssertEqual(locator.key(["rules", 2]).line, 8)
    }

    func testDottedAndQuotedKeysAndInlineTables() {
        let locator = TOMLLocator(text: """
            [transitions.open]
            spring.damping = 0.5
            "app-id" = 'x.y'
            s = { damping = 0.5, 'stiffness' = 300, "d.e" = { f = 1 } }
            """)
        XCTAssertEqual(locator.key(["transitions", "open", "spring"]), at(2, 1))
        XCTAssertEqual(locator.key(["transitions", "open", "spring", "damping"]), at(2, 8))
        XCTAssertEqual(locator.value(["transitions", "open", "spring", "damping"]), at(2, 18))
        XCTAssertEqual(locator.key(["transitions", "open", "app-id"]), at(3, 1))
        XCTAssertEqual(locator.value(["transitions", "open", "s"]), at(4, 5))
        XCTAssertEqual(locator.key(["transitions", "open", "s", "damping"]), at(4, 7))
        XCTAssertEqual(locator.value(["transitions", "open", "s", "stiffness"]), at(4, 36))
        XCTAssertEqual(locator.key(["transitions", "open", "s", "d.e", "f"]), at(4, 51))
    }

    func testMultiLineArraysAndStringsKeepLaterPositionsRight() {
        let locator = TOMLLocator(text: #"""
            a = """
            [not.a.header]
            x = 1 """
            choices = [
              "slide",   # first
              'rotate', [1, 2],
            ]
            b = '''
            ''' # done
            é = 1
            "é2" = "é"
            """#)
        XCTAssertEqual(locator.key(["not"]), .start, "a header inside a string is no header")
        XCTAssertEqual(locator.value(["choices", 0]), at(5, 3))
        XCTAssertEqual(locator.value(["choices", 1]), at(6, 3))
        XCTAssertEqual(locator.value(["choices", 2, 1]), at(6, 17))
        XCTAssertEqual(locator.key(["b"]), at(8, 1))
        XCTAssertEqual(locator.value(["é2"]), at(11, 8))
    }

    func testUnknownPathsFallBackToTheTableThenToTheStart() {
        let locator = TOMLLocator(text: "\n[output]\nsize = \"1x1\"\n")
        XCTAssertEqual(locator.key(["output", "missing"]), at(2, 2))
        XCTAssertEqual(locator.value(["output", "missing", "deeper"]), at(2, 2))
        XCTAssertEqual(locator.key(["nowhere"]), at(1, 1))
    }
}
