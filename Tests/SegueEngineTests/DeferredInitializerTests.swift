import SegueEngine
import XCTest

/// File-scope initializers that GLSL ES refuses are found and blanked; the rest stay.
final class DeferredInitializerTests: XCTestCase {
    private func parse(_ text: String) throws -> ShaderSource {
        try ShaderSource.parse(text + "\nvec4 transition(vec2 uv) { float local = progress; return getFromColor(uv) * local; }\n",
                               path: "t.glsl")
    }

    func testInitializersNamingUniformsOrOtherGlobalsAreDeferredInOrder() throws {
        let source = try parse("""
            uniform vec2 offset; // = vec2(0.1)
            float ratio2 = ratio * 2.0;
            const float c = 2.0;
            float d = c * 3.0 + sin(1.0);
            float e = d + 1.0, f = 4.0;
            vec2 center = vec2(0.5) +
                offset;
            """)
        XCTAssertEqual(source.deferredInitializers, [
            DeferredInitializer(name: "ratio2", expression: "ratio * 2.0", line: 2),
            DeferredInitializer(name: "e", expression: "d + 1.0", line: 5),
            DeferredInitializer(name: "center", expression: "vec2(0.5) +\n    offset", line: 6),
        ])
        // Blanked in place: every line and column of the rest stays where it was.
        let lines = source.body.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], "float ratio2              ;")
        XCTAssertEqual(lines[3], "float d = c * 3.0 + sin(1.0);")
        XCTAssertEqual(lines[4], "float e          , f = 4.0;")
        XCTAssertEqual(lines[5].trimmingCharacters(in: .whitespaces), "vec2 center")
        XCTAssertEqual(lines[6].trimmingCharacters(in: .whitespaces), ";")
    }

    func testConstantsMacrosStructsAndLocalsStayAsTheyAre() throws {
        let source = try parse("""
            #define SCALE 2.0
            struct P { float x; };
            P p = P(SCALE);
            const vec3 k = vec3(1.0, 0.0, 0.0);
            float w = dot(k, vec3(SCALE));
            float helper(float x) { float y = x * progress; return y; }
            float h = helper(1.0);
            """)
        XCTAssertEqual(source.deferredInitializers.map(\.name), ["h"], "a function of the file is not constant")
    }
}
