import Foundation
import XCTest

/// The README's rule for compositor tests: where a compositor could not start
/// for want of EGL, the test skips saying why, except under
/// SEGUE_REQUIRE_EGL=1 (CI), where the failure stands.
func skipIfEGLIsMissing(_ problem: String) throws {
    guard problem.contains("EGL"), ProcessInfo.processInfo.environment["SEGUE_REQUIRE_EGL"] != "1" else { return }
    throw XCTSkip("EGL/GLES 3 unavailable on this machine: \(problem)")
}
