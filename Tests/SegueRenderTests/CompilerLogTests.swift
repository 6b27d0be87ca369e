@testable import SegueRender
import XCTest

/// Compiler info logs as each driver writes them, recorded from the drivers or
/// their documentation, mapped back to the line a person wrote: an effect's
/// file starts at line 3 of the assembled source here, after two lines of glue.
final class CompilerLogTests: XCTestCase {
    private var assembly: ShaderAssembly {
        var assembly = ShaderAssembly()
        assembly.append("#version 300 es\nprecision highp float;")
        assembly.append("uniform float amount;\n\nvec4 transition(vec2 uv) {\n  return foo;\n}", path: "bad.glsl")
        assembly.append("void main() { }")
        return assembly
    }

    func testMesaMessagesKeepTheirColumn() {
        let log = "0:6(10): error: `foo' undeclared\n0:6(3): error: operands to return must match\n"
        XCTAssertEqual(assembly.mapLog(log, fallbackPath: "bad.glsl"),
                       ["bad.glsl:4:10: error: `foo' undeclared", "bad.glsl:4:3: error: operands to return must match"])
    }

    func testNvidiaMessagesPointAtTheLineInTheFile() {
        let log = "0(6) : error C1503: undefined variable \"foo\"\n0(3) : warning C7050: \"amount\" might be used before being initialized\n"
        XCTAssertEqual(assembly.mapLog(log, fallbackPath: "bad.glsl"),
                       ["bad.glsl:4: error C1503: undefined variable \"foo\"",
                        "bad.glsl:1: warning C7050: \"amount\" might be used before being initialized"])
    }

    func testAngleAndAdrenoMessagesKeepTheirSeverity() {
        let log = "ERROR: 0:6: 'foo' : undeclared identifier\nWARNING: 0:3: 'amount' : unused\nERROR: 2 compilation errors.  No code generated.\n"
        XCTAssertEqual(assembly.mapLog(log, fallbackPath: "bad.glsl"),
                       ["bad.glsl:4: error: 'foo' : undeclared identifier", "bad.glsl:1: warning: 'amount' : unused",
                        "bad.glsl: ERROR: 2 compilation errors.  No code generated."])
    }

    func testMaliMessagesWithoutSeverityPrefix() {
        XCTAssertEqual(assembly.mapLog("0:6: L0002: Undeclared variable 'foo'", fallbackPath: "bad.glsl"),
                       ["bad.glsl:4: L0002: Undeclared variable 'foo'"])
    }

    func testAMessageInGlueBeforeTheFileIsNamedAsGlue() {
        XCTAssertEqual(assembly.mapLog("0:2(1): error: something of Segue's", fallbackPath: "bad.glsl"),
                       ["<segue glue>:2:1: error: something of Segue's"])
    }

    /// A block the file leaves open is found in the glue after it: that is the file's last line's doing.
    func testAMessageInGlueAfterTheFilePointsAtTheFilesLastLine() {
        XCTAssertEqual(assembly.mapLog("0:8(25): error: syntax error, unexpected '{', expecting ';'", fallbackPath: "bad.glsl"),
                       ["bad.glsl:5: error: syntax error, unexpected '{', expecting ';' (found after the end of the file: is a closing brace missing?)"])
    }

    /// NVIDIA, as it wrote it: the open block in the glue, then the epilogue's
    /// call it swallowed, which is that block's echo and is left out.
    func testWhatFollowsABlockLeftOpenIsLeftOut() {
        var assembly = ShaderAssembly()
        assembly.append("#version 300 es\nprecision highp float;")
        assembly.append("uniform float a;\nvec4 transition(vec2 uv) {\n  return getToColor(uv) * a;", path: "open.glsl")
        assembly.append("void segueInitGlobals() { }")
        assembly.append("void main() { segueInitGlobals(); }", path: "epilogue-100.glsl")
        let log = "0(6) : error C0000: syntax error, unexpected '{', expecting ',' or ';' at token \"{\"\n"
            + "0(7) : error C1503: undefined variable \"segueInitGlobals\"\n"
        XCTAssertEqual(assembly.mapLog(log, fallbackPath: "open.glsl"),
                       ["open.glsl:3: error C0000: syntax error, unexpected '{', expecting ',' or ';' at token \"{\" "
                        + "(found after the end of the file: is a closing brace missing?)"])
    }

    func testARepeatedMessageIsGivenOnce() {
        XCTAssertEqual(assembly.mapLog("0:6(10): error: `foo' undeclared\n0:6(10): error: `foo' undeclared\n", fallbackPath: "bad.glsl"),
                       ["bad.glsl:4:10: error: `foo' undeclared"])
    }

    func testAnUnknownFormatIsPassedOnUnchangedUnderTheFile() {
        let log = "Shader compilation failed at line six\n(23) strange: text"
        XCTAssertEqual(assembly.mapLog(log, fallbackPath: "bad.glsl"),
                       ["bad.glsl: Shader compilation failed at line six", "bad.glsl: (23) strange: text"])
    }

    func testALinePastTheSourceKeepsTheMessageWithoutAPlace() {
        XCTAssertEqual(assembly.mapLog("0(99) : error C0000: syntax error, unexpected end of file", fallbackPath: "bad.glsl"),
                       ["bad.glsl: error C0000: syntax error, unexpected end of file"])
    }
}
