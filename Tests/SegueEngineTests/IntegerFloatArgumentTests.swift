import SegueEngine
import XCTest

/// An integer literal passed where a function the file defines takes a
/// float, as desktop GLSL converts and GLSL ES does not, is written as a
/// float in its place; everything else stays as written.
final class IntegerFloatArgumentTests: XCTestCase {
    private func lines(_ text: String) throws -> [Substring] {
        try ShaderSource.parse(text, path: "t.frag").body.split(separator: "\n", omittingEmptySubsequences: false)
    }

    func testAnIntegerLiteralAtAFloatParameterOfTheFilesFunctionBecomesAFloat() throws {
        let body = try lines("""
            float fade(float t, float power) { return pow(t, power); }
            float pick(int i, float x) { return x; }
            void main() {
              float a = fade(0.5, 4) + fade(-2, +8) * pick(3, 7);
              float b = fade(fade(0.5, 2), 1);
              setOutputColor(vec4(a, b, 0.0, 1.0));
            }
            """)
        XCTAssertEqual(body[0], "float fade(float t, float power) { return pow(t, power); }", "its definition stays")
        XCTAssertEqual(body[3], "  float a = fade(0.5, 4.0) + fade(-2.0, +8.0) * pick(3, 7.0);", "an int parameter keeps its int")
        XCTAssertEqual(body[4], "  float b = fade(fade(0.5, 2.0), 1.0);", "nested calls too")
    }

    func testLiteralsThatAreNotPlainDecimalIntegersOrParametersThatMayNotBeFloatsStay() throws {
        let body = try lines("""
            float near(float a, float b) { return abs(a - b); }
            float near(int a, float b) { return float(a) - b; }
            float f(float x) { return x; }
            struct S { float x; };
            void main() {
              float a = near(1, 2) + f(0x10) + f(010) + f(2u) + f(1 + 1) + f(2.5) + pow(2.0, 2.0);
              setOutputColor(vec4(a));
            }
            """)
        // Overloads disagreeing at the first parameter leave it; both take a float second.
        XCTAssertEqual(body[5], "  float a = near(1, 2.0) + f(0x10) + f(010) + f(2u) + f(1 + 1) + f(2.5) + pow(2.0, 2.0);")
    }
}
