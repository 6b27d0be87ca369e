import CWaylandServer
import SegueEngine
@testable import SeguePolicy
import SegueRender
@testable import SegueShell
import SegueWayland
import XCTest

/// Screen capture's readbacks: one per presented frame, whoever asks; only
/// the rows a frame changed once the picture is whole; a capture of the
/// frame on screen filled at once with no frame drawn for it; and no reads
/// once captures stop asking. A stand-in painter, no GL.
final class ScreenCaptureTests: XCTestCase {
    private final class Screens: OutputDelegate {
        var shown: ScreenSource?
        func shownScreen() -> ScreenSource? { shown }
        func switcherView() -> SwitcherView? { nil }
        func placedWindows(onWorkspace number: Int?) -> [(window: Window, x: Int, y: Int)] { [] }
        func placedOrigin(of window: Window) -> (x: Int, y: Int) { (0, 0) }
        func framePresented(at time: Instant, sequence: UInt64, visible: [Window]) {}
    }

    /// A capture's frame, its session's changes kept by itself.
    private final class Copy: OutputCopyRequest, OutputChangeWatcher {
        let region: PixelRect?
        let waitsForDamage: Bool
        var changed = OutputDamage.everywhere
        let includesCursor = false
        let fillsAlpha = false
        let isWritable = true
        private(set) var filled: [UInt64] = []
        private(set) var isWritten = false
        var isWaiting: Bool { !isWritten }

        init(region: PixelRect = PixelRect(x: 0, y: 0, width: 320, height: 180), withDamage: Bool = false) {
            self.region = region
            waitsForDamage = withDamage
        }

        func write(_ write: (UnsafeMutableRawPointer, Int) -> Void) {
            guard let region else { return }
            var bytes = [UInt8](repeating: 0, count: region.width * region.height * 4)
            bytes.withUnsafeMutableBytes { write($0.baseAddress!, region.width * 4) }
            isWritten = true
            changed = .none
        }

        func ready(presented: UInt64) -> Bool {
            XCTAssertTrue(isWritten, "told only once written")
            filled.append(presented)
            return true
        }

        func fail() { XCTFail("no copy should fail here") }

        func outputChanged(_ damage: OutputDamage) { changed.add(damage) }
    }

    private var loop: OpaquePointer!
    private var painter: PainterStandIn!
    private var backend: BackendStandIn!
    private var screens: Screens!
    private var output: Output!
    private var capture: ScreenCapture!
    private var sequence: UInt64 = 0

    override func setUpWithError() throws {
        loop = wl_event_loop_create()
        painter = PainterStandIn()
        backend = BackendStandIn(width: 320, height: 180)
        screens = Screens()
        output = try Output(backend: backend, painter: painter, textures: SurfaceTextures(), navigation: Navigation<Window, ScreenSource>(),
                            layerSurfaces: LayerSurfaces(output: PixelRect(x: 0, y: 0, width: 320, height: 180)),
                            loop: WaylandEventLoop(loop), background: (0.1, 0.2, 0.3))
        output.connect(screens)
        capture = ScreenCapture(output: output)
        output.sendFrames(to: capture)
        screens.shown = .texture(painter.picture(width: 320, height: 180))
        present()
    }

    override func tearDown() {
        capture = nil
        output = nil
        wl_event_loop_destroy(loop)
    }

    /// Draws the frame the output wants, if it wants one, and presents it.
    @discardableResult
    private func present() -> Instant {
        let drawnAt = backend.now
        backend.frame()
        sequence += 1
        output.presented(at: drawnAt, sequence: sequence).deliver()
        return drawnAt
    }

    private var reads: [[Range<Int>]] { painter.readbacks.flatMap { $0.reads.map(\.rows) } }

    private func ask(_ copy: Copy) {
        capture.changeWatchers.append(copy)
        capture.copyRequested(copy)
    }

    func testTwoCapturesOfOneFrameShareOneReadback() {
        output.damage()
        let whole = Copy(), region = Copy(region: PixelRect(x: 10, y: 20, width: 100, height: 50))
        ask(whole)
        ask(region)
        XCTAssertTrue(whole.isWaiting, "a frame is coming: both wait for it")
        let presented = present()
        XCTAssertEqual(reads, [[0..<180]], "one read of the whole frame")
        XCTAssertEqual(whole.filled, [UInt64(presented.nanoseconds)])
        XCTAssertEqual(region.filled, [UInt64(presented.nanoseconds)])
    }

    func testOnceWholeAFrameReadsOnlyTheRowsItChanged() {
        output.damage()
        ask(Copy())
        present()
        let next = Copy(withDamage: true)
        next.changed = .none
        ask(next)
        output.damage(OutputDamage([PixelRect(x: 0, y: 10, width: 8, height: 5), PixelRect(x: 300, y: 170, width: 20, height: 10)]))
        present()
        XCTAssertEqual(reads, [[0..<180], [10..<15, 170..<180]])
        XCTAssertEqual(next.filled.count, 1)
        XCTAssertEqual(next.changed, .none, "filled: its changes start again")
    }

    func testACopyWithDamageOfAFrameItHasNotSeenIsFilledAtOnceWithNoFrameDrawn() {
        output.damage()
        ask(Copy())
        let presented = present()
        let renders = painter.renders.count, drawn = output.framesDrawn
        let recorder = Copy(withDamage: true)
        ask(recorder)
        XCTAssertEqual(recorder.filled, [UInt64(presented.nanoseconds)], "the frame on screen, at its presentation")
        XCTAssertEqual(painter.renders.count, renders, "nothing drawn for it")
        XCTAssertEqual(output.framesDrawn, drawn)
        XCTAssertEqual(reads.count, 1, "nor read again")
    }

    func testAPlainCopyOfAStillScreenTakesTheNextRefreshFromTheMirror() {
        output.damage()
        ask(Copy())
        present()
        let renders = painter.renders.count, drawn = output.framesDrawn
        let copy = Copy()
        ask(copy)
        XCTAssertEqual(copy.filled, [], "a plain copy takes the next refresh")
        XCTAssertEqual(backend.framesAsked, 1, "the clock ticks for it")
        let refresh = present()
        XCTAssertEqual(copy.filled, [UInt64(refresh.nanoseconds)])
        XCTAssertEqual(painter.renders.count, renders, "nothing drawn for it")
        XCTAssertEqual(output.framesDrawn, drawn)
        XCTAssertEqual(reads.count, 1, "the screen did not change: not read again")
    }

    func testACopyWithDamageWaitsForAFrameThatChangedSomething() {
        output.damage()
        ask(Copy())
        present()
        let waiting = Copy(withDamage: true)
        waiting.changed = .none
        ask(waiting)
        output.requestFrame()
        present()
        XCTAssertTrue(waiting.isWaiting, "a tick of the clock shows nothing new")
        output.damage(OutputDamage([PixelRect(x: 4, y: 4, width: 4, height: 4)]))
        let presented = present()
        XCTAssertEqual(waiting.filled, [UInt64(presented.nanoseconds)])
    }

    func testAFirstCaptureOfAStillScreenDrawsItAgainAndReadsItWhole() {
        let drawn = output.framesDrawn, renders = painter.renders.count
        let copy = Copy()
        ask(copy)
        present()
        XCTAssertEqual(copy.filled.count, 1, "filled at the next refresh")
        XCTAssertEqual(painter.renders.count, renders + 1, "from the last frame drawn again")
        XCTAssertEqual(output.framesDrawn, drawn, "not a frame of the output's own")
        XCTAssertEqual(reads, [[0..<180]])
    }

    func testNoFrameIsReadOnceCapturesStopAsking() {
        output.damage()
        ask(Copy())
        present()
        backend.now = backend.now + ScreenCapture.following
        output.damage()
        present()
        output.damage()
        present()
        XCTAssertEqual(reads.count, 1, "frames after the last ask and a while go unread")
        let late = Copy()
        ask(late)
        present()
        XCTAssertEqual(late.filled.count, 1)
        XCTAssertEqual(reads.last, [0..<180], "a picture that missed frames is read whole")
    }

    func testAFrameIsReadOnceDrawnAndItsCapturesToldWhenItIsPresented() {
        output.damage()
        let copy = Copy()
        ask(copy)
        let drawnAt = backend.now
        backend.frame()
        XCTAssertEqual(reads, [[0..<180]], "read as soon as the GPU has drawn it, not at the refresh")
        XCTAssertTrue(copy.isWritten)
        XCTAssertEqual(copy.filled, [], "told nothing before the frame is on screen")
        output.presented(at: drawnAt, sequence: 2).deliver()
        XCTAssertEqual(copy.filled, [UInt64(drawnAt.nanoseconds)])
    }
}
