import Foundation
import XCTest

/// Client programs are part of what the compositor tests need, as EGL is: CI
/// and a developer's machine have them (scripts/deps.sh --test), so a missing
/// one fails. Under SEGUE_REQUIRE_CLIENTS=0, on a machine that cannot have them
/// (a GPU machine without Debian's clients), the tests that need one skip, saying why.
private var clientsMaySkip: Bool { ProcessInfo.processInfo.environment["SEGUE_REQUIRE_CLIENTS"] == "0" }

/// The path of `program`, a client the test runs.
func installedProgram(_ program: String) throws -> String {
    if let path = CompositorUnderTest.which(program) { return path }
    let problem = "\(program) is not installed (scripts/deps.sh --test installs it)"
    if clientsMaySkip { throw XCTSkip(problem) }
    throw CompositorTestError(problem + "; SEGUE_REQUIRE_CLIENTS=0 lets the tests that need it skip")
}

/// A nested Segue that did not start because its EGL cannot draw on the
/// parent's display (NVIDIA's client EGL needs linux-dmabuf 4 or wl_drm from
/// the parent) skips under SEGUE_REQUIRE_CLIENTS=0; elsewhere its failure stands.
func skipIfNestedEGLCannotReachTheParent(_ log: String) throws {
    guard clientsMaySkip, log.contains("EGL cannot draw on the parent") else { return }
    throw XCTSkip("the nested Segue's EGL cannot reach the parent compositor on this machine: \(log)")
}
