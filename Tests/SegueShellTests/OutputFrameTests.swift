import CWaylandServer
import SegueEngine
@testable import SeguePolicy
import SegueRender
@testable import SegueShell
import SegueWayland
import XCTest

/// The output's choices of what to draw, each frame: whether one is drawn at
/// all, what it shows and which rectangles of the buffer it draws, from what
/// changed and how old the buffer is. Drawn by a stand-in painter on a
/// backend turned by hand: no GL context.
final class OutputFrameTests: XCTestCase {
    private final class Screens: OutputDelegate {
        var shown: ScreenSource?
        private(set) var presented: [Instant] = []
        func shownScreen() -> ScreenSource? { shown }
        func switcherView() -> SwitcherView? { nil }
        func placedWindows(onWorkspace number: Int?) -> [(window: Window, x: Int, y: Int)] { [] }
        func placedOrigin(of window: Window) -> (x: Int, y: Int) { (0, 0) }
        func framePresented(at time: Instant, sequence: UInt64, visible: [Window]) { presented.append(time) }
    }

    private var loop: OpaquePointer!
    private var painter: PainterStandIn!
    private var backend: BackendStandIn!
    private var screens: Screens!
    private var navigation: Navigation<Window, ScreenSource>!
    private var output: Output!

    override func setUpWithError() throws {
        loop = wl_event_loop_create()
        painter = PainterStandIn()
        backend = BackendStandIn(width: 320, height: 180)
        screens = Screens()
        navigation = Navigation<Window, ScreenSource>()
        output = try Output(backend: backend, painter: painter, textures: SurfaceTextures(), navigation: navigation,
                            layerSurfaces: LayerSurfaces(output: PixelRect(x: 0, y: 0, width: 320, height: 180)),
                            loop: WaylandEventLoop(loop), background: (0.1, 0.2, 0.3))
        output.connect(screens)
    }

    override func tearDown() {
        output = nil
        wl_event_loop_destroy(loop)
    }

    private func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    /// Shows `picture` and draws it once, whole.
    private func showing(_ picture: Texture) {
        screens.shown = .texture(picture)
        backend.frame(age: 0)
    }

    func testTheFirstFrameDrawsTheBackgroundWhole() throws {
        let before = painter.renders.count
        XCTAssertEqual(backend.frame(age: 0), .everywhere)
        let render = try XCTUnwrap(painter.renders.last)
        XCTAssertEqual(painter.renders.count, before + 1)
        XCTAssertEqual(render.within, .everywhere)
        XCTAssertTrue(render.layers?.first?.texture === output.backgroundTexture, "the bare background")
        XCTAssertEqual(output.framesDrawn, 1)
    }

    func testNothingChangedDrawsNoFrame() {
        backend.frame(age: 0)
        let before = painter.renders.count
        XCTAssertNil(backend.frame(), "a frame the same as the last one is not drawn")
        XCTAssertEqual(painter.renders.count, before)
        XCTAssertTrue(output.isCurrent)
        XCTAssertEqual(output.framesDrawn, 1)
    }

    func testDamageRedrawsOnlyItsRectanglesOfTheLastFramesBuffer() throws {
        let picture = painter.picture(width: 320, height: 180)
        showing(picture)
        output.damage(OutputDamage([rect(0, 0, 8, 8), rect(300, 160, 20, 20)]))
        XCTAssertFalse(output.isCurrent)
        XCTAssertEqual(backend.framesAsked, 1, "a frame is asked for")
        let changed = backend.frame(age: 1)
        let render = try XCTUnwrap(painter.renders.last)
        XCTAssertTrue(render.layers?.first?.texture === picture)
        XCTAssertEqual(render.within.rects, [rect(0, 0, 8, 8), rect(300, 160, 20, 20)])
        XCTAssertEqual(changed?.rects, [rect(0, 0, 8, 8), rect(300, 160, 20, 20)], "the backend hears both corners")
        XCTAssertEqual(output.lastDamage.rects, [rect(0, 0, 8, 8), rect(300, 160, 20, 20)])
    }

    func testABufferTwoFramesOldAlsoGetsWhatTheFrameBetweenChanged() throws {
        showing(painter.picture(width: 320, height: 180))
        output.damage(OutputDamage([rect(0, 0, 8, 8)]))
        backend.frame(age: 1)
        output.damage(OutputDamage([rect(300, 0, 20, 8)]))
        backend.frame(age: 2)
        XCTAssertEqual(Set(try XCTUnwrap(painter.renders.last?.within.rects)), [rect(0, 0, 8, 8), rect(300, 0, 20, 8)])
        XCTAssertEqual(output.lastDamage.rects, [rect(300, 0, 20, 8)], "what the frame changed is only its own")
    }

    func testABufferOfUnknownAgeIsDrawnWhole() throws {
        showing(painter.picture(width: 320, height: 180))
        output.damage(OutputDamage([rect(10, 10, 4, 4)]))
        backend.frame(age: 0)
        XCTAssertEqual(try XCTUnwrap(painter.renders.last).within, .everywhere)
    }

    func testAnotherScreenShownIsDrawnWhole() throws {
        showing(painter.picture(width: 320, height: 180))
        let other = painter.picture(width: 320, height: 180)
        screens.shown = .texture(other)
        output.damage(OutputDamage([rect(10, 10, 4, 4)]))
        backend.frame(age: 1)
        let render = try XCTUnwrap(painter.renders.last)
        XCTAssertTrue(render.layers?.first?.texture === other)
        XCTAssertEqual(render.within.rects(within: rect(0, 0, 320, 180)), [rect(0, 0, 320, 180)], "the buffer holds the other screen")
    }

    func testDamageOffTheOutputDrawsNothingButRunsTheClock() {
        showing(painter.picture(width: 320, height: 180))
        output.damage(OutputDamage([rect(400, 300, 10, 10)]))
        XCTAssertTrue(output.isCurrent, "nothing shown changed")
        XCTAssertEqual(backend.framesAsked, 1, "frame callbacks still need the clock")
        let before = painter.renders.count
        XCTAssertNil(backend.frame())
        XCTAssertEqual(painter.renders.count, before)
    }

    func testDamageHalfOnTheOutputIsClippedToIt() throws {
        showing(painter.picture(width: 320, height: 180))
        output.damage(OutputDamage([rect(310, 170, 40, 40)]))
        backend.frame()
        XCTAssertEqual(try XCTUnwrap(painter.renders.last).within.rects, [rect(310, 170, 10, 10)])
    }

    func testAResizeDrawsTheNextFrameWhole() throws {
        showing(painter.picture(width: 320, height: 180))
        output.resized()
        backend.frame(age: 1)
        XCTAssertEqual(try XCTUnwrap(painter.renders.last).within, .everywhere, "no buffer's age counts after a resize")
    }

    private func crossfade(duration: Double) throws -> EffectSettings {
        var registry = EffectRegistry()
        var settings = EffectSettings(try registry.register(name: "fade", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }"))
        settings.duration = duration
        settings.curve = .linear
        return settings
    }

    /// Plays `settings` from `from` to `to`, starting now.
    private func play(_ settings: EffectSettings, from: Texture, to: Texture, completed: @escaping () -> Void = {}) {
        // A switch between two pictures, decided as the policy would decide one between windows.
        let token = PlayToken(navigation.record(.transition(.switch), clock: .waiting).id)
        navigation.play(token, from: .texture(from), to: .texture(to),
                        settings: settings, direction: .forward, at: backend.now, snapshot: { .background }) { _, _ in completed() }
        output.willPlay(from: .texture(from), to: .texture(to), over: nil, settings: settings, direction: .forward)
    }

    /// Presentations so far, numbered as the backend would.
    private var sequence: UInt64 = 0

    /// Draws the frame due now into a buffer of `age`, and presents it at the time it was drawn for.
    @discardableResult
    private func frameAndPresent(age: Int = 1) -> OutputDamage? {
        let drawnAt = backend.now
        let changed = backend.frame(age: age)
        sequence += 1
        output.presented(at: drawnAt, sequence: sequence).deliver()
        return changed
    }

    func testATransitionDrawsItsFramesBetweenTheTwoScreensUntilItEnds() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        var completions = 0
        play(try crossfade(duration: 4 / 60), from: from, to: to) { completions += 1 }
        XCTAssertTrue(navigation.isAnimating)
        var progress: [Double] = []
        while navigation.isAnimating, progress.count < 10 {
            XCTAssertEqual(frameAndPresent(), .everywhere, "a transition's frame changes it all")
            let frame = try XCTUnwrap(painter.renders.last?.transition)
            XCTAssertTrue(frame.from === from && frame.to === to)
            progress.append(frame.progress)
        }
        XCTAssertEqual(progress.first, 0)
        XCTAssertEqual(progress.last, 1)
        XCTAssertEqual(progress, progress.sorted(), "it only moves forward")
        XCTAssertEqual(completions, 1)
        XCTAssertEqual(painter.submitted, painter.renders.count - 1, "each frame but the plain background's first is handed over")
    }

    /// Idle frames before it say nothing of what a transition's first frame
    /// costs: the backend hears what the last transition's frames took.
    func testATransitionAboutToStartTellsTheBackendWhatTheLastOnesFramesTook() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        play(try crossfade(duration: 2 / 60), from: from, to: to)
        XCTAssertEqual(backend.expectedRender, 0, "none before it, and the stand-in's effects were never timed")
        while navigation.isAnimating { frameAndPresent() }
        output.transitionEnded(rendered: 0.009, interrupted: false)
        play(try crossfade(duration: 2 / 60), from: to, to: from)
        XCTAssertEqual(backend.expectedRender, 0.009)
    }

    /// A transition interrupting another is readied before that one ends: the
    /// backend hears what the interrupted one's frames took so far.
    func testATransitionInterruptingAnotherTellsTheBackendWhatThatOnesFramesTookSoFar() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        play(try crossfade(duration: 20 / 60), from: from, to: to)
        for _ in 0..<4 { frameAndPresent() }
        let running = try XCTUnwrap(navigation.transition?.statistics.medianRenderTime, "its frames were timed")
        XCTAssertGreaterThan(running, 0)
        // As the compositor readies the next: before the policy hands it over, the running one not ended yet.
        output.willPlay(from: .texture(to), to: .texture(from), over: nil, settings: try crossfade(duration: 2 / 60), direction: .forward)
        XCTAssertEqual(backend.expectedRender, running)
    }

    /// One transition interrupted by the next ends before the next runs: what
    /// the next readied stays; the last to end lets it go.
    func testATransitionInterruptedLeavesWhatItsSuccessorReadied() {
        output.transitionEnded(rendered: nil, interrupted: true)
        XCTAssertEqual(painter.reducedTargetsReleased, 0)
        output.transitionEnded(rendered: nil, interrupted: false)
        XCTAssertEqual(painter.reducedTargetsReleased, 1)
    }

    func testAFrameAskedForAfterATransitionEndsShowsTheScreenWhole() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        play(try crossfade(duration: 1 / 60), from: from, to: to)
        while navigation.isAnimating { frameAndPresent() }
        screens.shown = .texture(to)
        output.transitionEnded(rendered: nil, interrupted: false)
        XCTAssertEqual(painter.reducedTargetsReleased, 1, "frames drawn smaller are done with")
        backend.frame(age: 1)
        let render = try XCTUnwrap(painter.renders.last)
        XCTAssertTrue(render.layers?.first?.texture === to)
        XCTAssertEqual(render.within, .everywhere)
    }

    func testAnEffectThatFailsToDrawShowsTheDestination() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        painter.failing = ["fade"]
        play(try crossfade(duration: 0.5), from: from, to: to)
        backend.frame()
        let render = try XCTUnwrap(painter.renders.last)
        XCTAssertTrue(render.layers?.first?.texture === to, "the window switched to, not a broken frame")
    }

    func testPresentationRunsTheClockWhileATransitionRunsAndStopsAfter() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        play(try crossfade(duration: 2 / 60), from: from, to: to)
        var asked: [Int] = []
        while navigation.isAnimating {
            frameAndPresent()
            asked.append(backend.framesAsked)
        }
        XCTAssertEqual(asked.dropLast().filter { $0 == 0 }, [], "each presentation asks for the next frame")
        XCTAssertEqual(asked.last, 0, "the last asks for none")
        XCTAssertEqual(screens.presented.count, asked.count, "the compositor hears of every presentation")
    }

    func testATransitionCompletesOnlyOnceItsLastFramesPresentationIsAccountedFor() throws {
        let from = painter.picture(width: 320, height: 180), to = painter.picture(width: 320, height: 180)
        showing(from)
        var heardBefore: Int?
        play(try crossfade(duration: 2 / 60), from: from, to: to) { [unowned self] in
            heardBefore = screens.presented.count
            XCTAssertFalse(navigation.isAnimating, "the frame that ended it is accounted for")
        }
        var completions = FrameCompletions()
        while heardBefore == nil, completions.isEmpty {
            let drawnAt = backend.now
            backend.frame()
            sequence += 1
            completions = output.presented(at: drawnAt, sequence: sequence)
        }
        XCTAssertNil(heardBefore, "nothing completes from inside the presentation")
        let presentations = screens.presented.count
        completions.deliver()
        XCTAssertEqual(heardBefore, presentations, "completed after the shell heard of its last frame")
    }

    func testAScreenshotDrawsTheLastFrameAgainIntoATargetOfItsOwn() throws {
        let picture = painter.picture(width: 320, height: 180)
        showing(picture)
        let before = painter.renders.count
        let image = try output.screenImage()
        XCTAssertEqual(image.width, 320)
        XCTAssertEqual(image.height, 180)
        let render = try XCTUnwrap(painter.renders.last)
        XCTAssertEqual(painter.renders.count, before + 1)
        XCTAssertTrue(render.layers?.first?.texture === picture)
        XCTAssertTrue(painter.targetsRead.last === render.target, "the copy read is the one drawn")
        XCTAssertEqual(output.framesDrawn, 1, "no frame of the output's own")
    }

    func testPreparingAnEffectCompilesItBeforeItsClockStarts() throws {
        try output.prepare(crossfade(duration: 0.2).effect)
        XCTAssertEqual(painter.prepared, ["fade"])
    }
}
