import SegueEngine
import XCTest

/// A local whose initializer names itself, as WebGL accepts and GLSL ES does not,
/// becomes a declaration and an assignment on its own line.
final class SelfReferencingLocalTests: XCTestCase {
    func testALocalNamedInItsOwnInitializerIsDeclaredThenAssigned() throws {
        let source = try ShaderSource.parse("""
            uniform bool flip; // = false
            vec4 transition(vec2 uv) {
              float t = flip ? t = 1.0 - progress : t = progress;
              float u = t * 2.0;
              vec2 p = vec2(uv.x, u); p.x = p.x;
              return mix(getFromColor(uv), getToColor(uv), u);
            }
            """, path: "t.glsl")
        let lines = source.body.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[2], "  float t ; t = flip ? t = 1.0 - progress : t = progress;")
        XCTAssertEqual(lines[3], "  float u = t * 2.0;", "others stay")
        XCTAssertEqual(lines[4], "  vec2 p = vec2(uv.x, u); p.x = p.x;")
    }

    /// Burn-My-Windows' fire: `vec2 effectMask = effectMask(...);` calls the
    /// function, which the local hides only once declared.
    func testALocalNamedAfterTheFunctionItsInitializerCallsStaysAsWritten() throws {
        let source = try ShaderSource.parse("""
            vec2 mask(float t) { return vec2(t); }
            void main() {
              vec2 mask = mask(0.5);
              setOutputColor(vec4(mask, 0.0, 1.0));
            }
            """, path: "t.frag")
        XCTAssertEqual(source.body.split(separator: "\n")[2], "  vec2 mask = mask(0.5);")
    }
}
