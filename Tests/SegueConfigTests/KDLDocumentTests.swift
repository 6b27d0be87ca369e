import SegueConfig
import XCTest

/// KDL 1.0.0 as its spec writes it: nodes with arguments, properties and
/// children; comments of three kinds; escaped and raw strings; numbers in
/// four bases; type annotations; and where a file is not KDL, the line and
/// column of what is wrong.
final class KDLDocumentTests: XCTestCase {
    private func parse(_ text: String) throws -> [KDLNode] { try KDLDocument.parse(text) }

    private func error(_ text: String) -> KDLError? {
        do { _ = try KDLDocument.parse(text); XCTFail("parsed: \(text)"); return nil } catch { return error }
    }

    func testANodeWithArgumentsPropertiesAndChildren() throws {
        let nodes = try parse("""
            title "Hello, World"
            bookmarks 12 15 188 1234
            author "Alex Monad" email="alex@example.com" active=true
            contents {
                section "First section" {
                    paragraph "This is the first paragraph"
                }
            }
            """)
        XCTAssertEqual(nodes.map(\.name), ["title", "bookmarks", "author", "contents"])
        XCTAssertEqual(nodes[0].arguments, [KDLValue(.string("Hello, World"))])
        XCTAssertEqual(nodes[1].arguments.map(\.content), [.integer(12), .integer(15), .integer(188), .integer(1234)])
        XCTAssertEqual(nodes[2].property("email")?.string, "alex@example.com")
        XCTAssertEqual(nodes[2].property("active"), KDLValue(.bool(true)))
        XCTAssertEqual(nodes[3].children.first?.children.first?.arguments.first?.string, "This is the first paragraph")
        XCTAssertEqual([nodes[3].line, nodes[3].column], [4, 1])
        XCTAssertEqual([nodes[3].children[0].line, nodes[3].children[0].column], [5, 5])
    }

    func testSemicolonsBracesAndAKeyGivenTwiceKeepingItsLast() throws {
        let nodes = try parse("node1; node2 a=1 a=2; node3 {child; other}")
        XCTAssertEqual(nodes.map(\.name), ["node1", "node2", "node3"])
        XCTAssertEqual(nodes[1].property("a"), KDLValue(.integer(2)))
        XCTAssertEqual(nodes[2].children.map(\.name), ["child", "other"])
    }

    func testCommentsOfEveryKindAndSlashdash() throws {
        let nodes = try parse("""
            // a line comment
            /* a block /* nested */ comment */ first 1 /* inline */ 2
            /-dropped "node" {
                child
            }
            second /-1 2 /-key=3 kept=4 /-{
                gone
            }
            third \\
                "continued" // and a comment
            fourth \\ // a comment after the backslash
                5
            """)
        XCTAssertEqual(nodes.map(\.name), ["first", "second", "third", "fourth"])
        XCTAssertEqual(nodes[0].arguments.map(\.content), [.integer(1), .integer(2)])
        XCTAssertEqual(nodes[1].arguments.map(\.content), [.integer(2)])
        XCTAssertEqual(nodes[1].properties.map(\.key), ["kept"])
        XCTAssertEqual(nodes[1].children, [])
        XCTAssertEqual(nodes[2].arguments.first?.string, "continued")
        XCTAssertEqual(nodes[3].arguments.map(\.content), [.integer(5)])
    }

    func testEscapedAndRawStrings() throws {
        let nodes = try parse(#"""
            escaped "tab\there \"quoted\" \\ \/ \u{1F600} \u{e9}"
            raw r"C:\path\no\escapes"
            hashed r#"has "quotes" inside"#
            "quoted name" r##"ends with "# still"##
            multi "line one
            line two"
            """#)
        XCTAssertEqual(nodes[0].arguments.first?.string, "tab\there \"quoted\" \\ / 😀 é")
        XCTAssertEqual(nodes[1].arguments.first?.string, #"C:\path\no\escapes"#)
        XCTAssertEqual(nodes[2].arguments.first?.string, #"has "quotes" inside"#)
        XCTAssertEqual(nodes[3].name, "quoted name")
        XCTAssertEqual(nodes[3].arguments.first?.string, ##"ends with "# still"##)
        XCTAssertEqual(nodes[4].arguments.first?.string, "line one\nline two")
        XCTAssertEqual(nodes[4].line, 5)
    }

    func testNumbersInEveryBaseWithUnderscoresSignsAndExponents() throws {
        let values = try parse("n 0x1F 0o17 0b1010 1_000 -2 +3 1.5 -0.25 1e3 2.5E-2 0xdead_beef null false").first?.arguments.map(\.content)
        XCTAssertEqual(values, [.integer(31), .integer(15), .integer(10), .integer(1000), .integer(-2), .integer(3), .decimal(1.5),
                                .decimal(-0.25), .decimal(1000), .decimal(0.025), .integer(0xdeadbeef), .null, .bool(false)])
    }

    func testTypeAnnotationsOnNodesAndValues() throws {
        let node = try XCTUnwrap(parse("(published)book (u8)255 date=(iso8601)\"2021-01-01\"").first)
        XCTAssertEqual(node.type, "published")
        XCTAssertEqual(node.arguments, [KDLValue(.integer(255), type: "u8")])
        XCTAssertEqual(node.property("date"), KDLValue(.string("2021-01-01"), type: "iso8601"))
    }

    func testBareIdentifiersTakeWhatTheSpecAllows() throws {
        let nodes = try parse("foo-bar_baz.qux 1\n-minus\n+\nwindow-open { duration-ms 250; }\n")
        XCTAssertEqual(nodes.map(\.name), ["foo-bar_baz.qux", "-minus", "+", "window-open"])
        XCTAssertEqual(nodes[3].children.first?.arguments.first?.number, 250)
    }

    func testANiriAnimationsBlockWithItsShaderInARawString() throws {
        let nodes = try parse("""
            animations {
                window-open {
                    duration-ms 250
                    curve "ease-out-expo"
                    custom-shader r"
                        vec4 open_color(vec3 coords_geo, vec3 size_geo) {
                            return texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
                        }
                    "
                }
                window-close {
                    spring damping-ratio=0.8 stiffness=1000 epsilon=0.0001
                }
            }
            """)
        let open = try XCTUnwrap(nodes.first?.children.first)
        XCTAssertEqual(open.children.map(\.name), ["duration-ms", "curve", "custom-shader"])
        XCTAssertTrue(open.children[2].arguments.first?.string?.contains("vec4 open_color(vec3 coords_geo") == true)
        let spring = try XCTUnwrap(nodes.first?.children.last?.children.first)
        XCTAssertEqual(spring.property("damping-ratio")?.number, 0.8)
        XCTAssertEqual(spring.property("stiffness")?.number, 1000)
        XCTAssertEqual(spring.property("epsilon")?.number, 0.0001)
    }

    func testWhereAFileIsNotKDLItSaysWhere() {
        XCTAssertEqual(error("node \"open"), KDLError(line: 1, column: 6, message: "a string is not closed: '\"' is missing"))
        XCTAssertEqual(error("node {\n  child\n"), KDLError(line: 3, column: 1, message: "a children block is not closed: '}' is missing"))
        XCTAssertEqual(error("a\n}"), KDLError(line: 2, column: 1, message: "'}' closes no children block"))
        XCTAssertEqual(error("node key = 1"), KDLError(line: 1, column: 6, message: "a property is key=value, with no space around '='"))
        XCTAssertEqual(error("node bare"), KDLError(line: 1, column: 6, message: "'bare' is not a value: a string is quoted (\"bare\")"))
        XCTAssertEqual(error("node 12abc"), KDLError(line: 1, column: 6, message: "'12abc' is not a number"))
        XCTAssertEqual(error("node \"a\"\"b\""), KDLError(line: 1, column: 9, message: "expected a space before the next argument or property"))
        XCTAssertEqual(error("node \"\\q\""), KDLError(line: 1, column: 9, message: "'\\q' is no escape: KDL has \\n \\r \\t \\\\ \\/ \\\" \\b \\f and \\u{…}"))
        XCTAssertEqual(error("/* open"), KDLError(line: 1, column: 1, message: "a comment is not closed: '*/' is missing"))
        XCTAssertEqual(error("null 1"), KDLError(line: 1, column: 1, message: "'null' is a keyword: quote it to use it as a name"))
        XCTAssertEqual(error("node {} 1"), KDLError(line: 1, column: 9, message: "nothing but a newline, ';' or '}' may follow a children block"))
        XCTAssertEqual(error("n r#\"never closed\""), KDLError(line: 1, column: 3, message: "a raw string is not closed: '\"#' is missing"))
    }
}
