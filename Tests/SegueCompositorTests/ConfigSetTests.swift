import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// `segue msg set`: one value applied as if the config file said it, checked
/// the same way, reported by `msg config`, and gone when the file is read again.
final class ConfigSetTests: XCTestCase {
    private var server: InProcessCompositor!
    /// The windows' client: they live as long as it is connected.
    private var client: RawClient!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [transitions.switch]
            effect = "crossfade"
            """)
        client = try server.connect()
        try server.openWindows([RGBA(0, 0, 200), RGBA(0, 180, 0)], of: client)
    }

    override func tearDown() { server?.stop() }


    private func switchPlays() throws -> TransitionCompletion {
        var played: TransitionCompletion?
        try server.compositor.perform(.show(.prev), onComplete: { completion, _ in played = completion })
        _ = server.stepUntilIdle(sampling: 0, 0)
        return try XCTUnwrap(played)
    }

    func testASetValueAppliesOverTheFileUntilItIsReadAgain() throws {
        XCTAssertEqual(server.answer(.set(key: "transitions.switch.effect", value: "doom-melt"))?.ok, true)
        XCTAssertEqual(server.answer(.set(key: "transitions.switch.duration", value: "100ms"))?.ok, true)
        let played = try switchPlays()
        XCTAssertEqual(played.effect, "doom-melt")
        XCTAssertEqual(played.duration, 0.1)
        let config = try XCTUnwrap(server.answer(.config)?.payload)
        XCTAssertEqual(config["set"], .array([.object(["key": "transitions.switch.effect", "value": "doom-melt"]),
                                               .object(["key": "transitions.switch.duration", "value": "100ms"])]))
        // Read again, the file is all there is.
        XCTAssertEqual(server.answer(.reload)?.ok, true)
        XCTAssertEqual(try switchPlays().effect, "crossfade")
        XCTAssertEqual(server.answer(.config)?.payload["set"], .array([]))
    }

    func testAValueTheFileCouldNotSayIsRefusedAndNothingChanges() throws {
        let reply = try XCTUnwrap(server.answer(.set(key: "transitions.switch.effect", value: "doom-mlt")))
        XCTAssertEqual(reply.ok, false)
        XCTAssertEqual(reply.error, "transitions.switch.effect = doom-mlt was not applied; the config in force stays")
        guard case .array(let problems)? = reply.payload["problems"], case .string(let problem)? = problems.first else {
            return XCTFail("\(reply)")
        }
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problem.hasPrefix("set: unknown effect 'doom-mlt'; did you mean 'doom-melt'?"), problem)
        let nested = try XCTUnwrap(server.answer(.set(key: "transitions.switch.effect.name", value: "slide")))
        XCTAssertEqual(nested.payload["problems"],
                       .array(["set: cannot set transitions.switch.effect.name: it is a string, not a table"]))
        XCTAssertEqual(try switchPlays().effect, "crossfade")
    }

    func testValuesAreTOMLAndABareWordIsAString() throws {
        XCTAssertEqual(server.answer(.set(key: "transitions.switch.effect", value: "slide"))?.ok, true)
        XCTAssertEqual(server.answer(.set(key: "transitions.switch.background", value: "[0.2, 0, 0]"))?.ok, true)
        XCTAssertEqual(server.compositor.config.transitions[.switch]?.parameters["background"], ParameterValue(.vec3, [0.2, 0, 0]))
        XCTAssertEqual(server.answer(.set(key: "accessibility.reduce-motion", value: "true"))?.ok, true)
        XCTAssertTrue(server.compositor.config.reduceMotion)
    }
}
