import SegueEngine
import SegueImaging
@testable import SegueShell
@testable import SegueWayland
import XCTest

/// With reduce-motion every transition is the short crossfade, whatever asked
/// for it: not only the config's choices, but an effect `segue msg switch
/// --effect` names and a segue-transition-v1 request's own duration.
final class ReduceMotionTests: XCTestCase {
    private var server: InProcessCompositor!
    /// The windows' client: they live as long as it is connected.
    private var client: RawClient!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [accessibility]
            reduce-motion = true
            """)
        client = try server.connect()
        try server.openWindows([RGBA(0, 0, 200), RGBA(0, 180, 0)], of: client)
    }

    override func tearDown() { server?.stop() }

    private func switchPlays(_ request: TransitionRequest) throws -> TransitionCompletion {
        var played: TransitionCompletion?
        try server.compositor.perform(.show(.prev, request), onComplete: { completion, _ in played = completion })
        _ = server.stepUntilIdle(sampling: 0, 0)
        return try XCTUnwrap(played)
    }

    func testARequestedEffectBecomesTheShortCrossfade() throws {
        let played = try switchPlays(TransitionRequest(effect: "doom-melt"))
        XCTAssertEqual(played.effect, "crossfade")
        XCTAssertEqual(played.duration, 0.15)
        XCTAssertEqual(played.statistics.frames, 9, "150 ms at 60 Hz")
    }

    func testARequestsOwnDurationDoesNotLengthenIt() throws {
        let played = try switchPlays(TransitionRequest(effect: "slide", duration: 2))
        XCTAssertEqual(played.effect, "crossfade")
        XCTAssertEqual(played.duration, 0.15)
    }
}
