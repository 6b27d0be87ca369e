import Foundation
import SegueIPC
import XCTest

/// `segue run` compiles and times the effects its config can play before
/// any transition asks for one (`msg effects` says which are ready), and
/// readies those a reload names anew; effects the config never plays wait
/// until asked for.
final class EffectReadyingTests: XCTestCase {
    private func readyEffects(_ compositor: CompositorUnderTest) throws -> Set<String> {
        let reply = try compositor.send(.effects)
        guard case .array(let effects)? = reply.payload["effects"] else { throw CompositorTestError("no effects in the reply") }
        return Set(effects.compactMap { effect -> String? in
            guard case .object(let fields) = effect, fields["ready"] == .bool(true), case .string(let name)? = fields["name"] else { return nil }
            return name
        })
    }

    func testTheConfiguredEffectsAreReadyBeforeAnyTransitionAndAReloadReadiesItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-ready-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.toml")
        try """
            [transitions.switch]
            effect = "doom-melt"
            [transitions.open]
            effect = "random"
            choices = ["circle-reveal", "crossfade"]
            [[rules]]
            app-id = "foot"
            effect = "rotate"
            """.write(to: file, atomically: true, encoding: .utf8)
        let compositor = try CompositorUnderTest(arguments: ["--config", file.path])
        defer { compositor.stop() }
        // Each event's choice (close plays the open's; workspace, minimize and restore keep
        // their defaults), the random's picks, the rule's; not zoom-from-rect, which none plays.
        let inUse: Set = ["doom-melt", "circle-reveal", "crossfade", "rotate", "slide", "lamp"]
        XCTAssertTrue(try compositor.waitUntil(timeout: 30) { try readyEffects(compositor).isSuperset(of: inUse) },
                      "ready: \((try? readyEffects(compositor))?.sorted() ?? [])")
        XCTAssertFalse(try readyEffects(compositor).contains("zoom-from-rect"), "an effect no transition plays waits to be asked for")
        XCTAssertEqual(try compositor.transitions().count, 0, "no transition asked for them")
        // A reload naming it readies it.
        try """
            [transitions.switch]
            effect = "zoom-from-rect"
            """.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try compositor.send(.reload).ok, true)
        XCTAssertTrue(try compositor.waitUntil(timeout: 30) { try readyEffects(compositor).contains("zoom-from-rect") })
    }
}
