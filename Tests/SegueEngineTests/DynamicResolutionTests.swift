import SegueEngine
import XCTest

/// The size transition frames are drawn at, against a cost made to exceed the
/// frame budget: each frame costs what `cost` says at the scale chosen for it,
/// as the renderer would measure it.
final class DynamicResolutionTests: XCTestCase {
    private let interval = 1.0 / 60
    private let stretch = 0.001

    /// Plays `frames` moving frames; returns each frame's scale and cost.
    private func play(_ resolution: inout DynamicResolution, frames: Int, effect: String = "rotate", seed: Double? = nil,
                      cost: (Int, Double) -> Double) -> [(scale: Double, seconds: Double)] {
        (0..<frames).map { index in
            let scale = resolution.scale(for: effect, prepared: { scale in seed.map { $0 * scale * scale + (scale < 1 ? self.stretch : 0) } },
                                         exact: false)
            let seconds = cost(index, scale)
            resolution.record(effect: effect, scale: scale, rendered: seconds, fixed: 0.0005)
            return (scale, seconds)
        }
    }

    /// 0.5 ms of uploads, the effect's own drawing going with its pixels, and the stretch when reduced.
    private func cost(full: Double) -> (Int, Double) -> Double {
        { _, scale in 0.0005 + full * scale * scale + (scale < 1 ? self.stretch : 0) }
    }

    func testAnEffectTooCostlyForTheRefreshIsDrawnSmallerAndEveryFrameFitsFromTheSecondOn() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 1.0 / 3)
        let frames = play(&resolution, frames: 30, cost: cost(full: 0.030))
        XCTAssertEqual(frames.first?.scale, 1, "nothing measured yet, no cost known: full size")
        XCTAssertLessThan(frames[1].scale, 1)
        for (index, frame) in frames.enumerated().dropFirst() {
            XCTAssertLessThanOrEqual(frame.seconds, interval * 7 / 8, "frame \(index) at \(frame.scale) misses its refresh")
        }
        // 30 ms at full size: 3/4 costs 17.4 ms, too much; 1/2 costs 9 ms, which fits.
        XCTAssertEqual(frames.last?.scale, 0.5)
    }

    func testACostKnownWhenTheEffectWasPreparedIsReducedFromTheFirstFrame() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        let frames = play(&resolution, frames: 5, seed: 0.030, cost: cost(full: 0.030))
        XCTAssertEqual(frames.map(\.scale), [0.5, 0.5, 0.5, 0.5, 0.5])
    }

    func testAnEffectThatFitsStaysAtFullSize() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        let frames = play(&resolution, frames: 60, cost: cost(full: 0.008))
        XCTAssertEqual(Set(frames.map(\.scale)), [1])
    }

    func testOneSlowFrameAmongFittingOnesLeavesTheSizeWhereItIs() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        // Rotate at 1920×1080 beside two drawing clients: 8 ms, and now and then a frame held up for 15.
        let frames = play(&resolution, frames: 60) { index, scale in
            index % 20 == 15 ? 0.015 : self.cost(full: 0.008)(index, scale)
        }
        XCTAssertEqual(Set(frames.map(\.scale)), [1], "\(frames.map(\.scale))")
    }

    func testTwoSlowFramesInARowMoveTheSizeDown() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        // Cheap for 15 frames, then a client starts drawing and full size costs 30 ms from then on.
        let frames = play(&resolution, frames: 30) { index, scale in
            self.cost(full: index < 15 ? 0.008 : 0.030)(index, scale)
        }
        XCTAssertEqual(frames.prefix(17).map(\.scale), Array(repeating: 1, count: 17))
        XCTAssertEqual(Set(frames.dropFirst(17).map(\.scale)), [0.5], "\(frames.map(\.scale))")
    }

    func testTheScaleRisesAgainWhenTheCostFallsAndDoesNotFlicker() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        // Costly for 40 frames (clients redrawing), then cheap (they stopped).
        let frames = play(&resolution, frames: 200) { index, scale in
            self.cost(full: index < 40 ? 0.030 : 0.006)(index, scale)
        }
        XCTAssertEqual(frames[39].scale, 0.5)
        XCTAssertEqual(frames.last?.scale, 1, "back at full size once it fits")
        let changes = zip(frames, frames.dropFirst()).filter { $0.scale != $1.scale }.count
        XCTAssertLessThanOrEqual(changes, 4, "down once, up a step at a time: \(frames.map(\.scale))")
        for (index, frame) in frames.enumerated().dropFirst() {
            XCTAssertLessThanOrEqual(frame.seconds, interval * 7 / 8, "frame \(index) at \(frame.scale)")
        }
    }

    func testAStepThatFailsWhenTriedIsTriedAgainOnlyAfterALongerWait() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.75)
        // Measured cheap at full size once, but full size now always costs 20 ms; 3/4 costs 6.
        let frames = play(&resolution, frames: 400) { index, scale in
            index == 0 ? 0.004 : scale == 1 ? 0.020 : 0.006
        }
        let tries = frames.indices.dropFirst().filter { frames[$0].scale == 1 }
        XCTAssertGreaterThan(tries.count, 1, "a full-size step measured long ago is tried again")
        XCTAssertLessThanOrEqual(tries.count, 5, "each failed try doubles the wait: \(tries)")
        let gaps = zip(tries, tries.dropFirst()).map { $1 - $0 }
        XCTAssertEqual(gaps, gaps.sorted(), "waits grow: \(tries)")
    }

    func testDrawingSmallerIsNotChosenWhereTheStretchCostsMoreThanItSaves() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        // 16 ms at full size misses; but stretching costs 15 ms, so reduced frames cost more.
        let frames = (0..<20).map { _ in
            let scale = resolution.scale(for: "crossfade", prepared: { 0.016 * $0 * $0 + ($0 < 1 ? 0.015 : 0) }, exact: false)
            resolution.record(effect: "crossfade", scale: scale, rendered: 0.016 * scale * scale + (scale < 1 ? 0.015 : 0), fixed: 0)
            return scale
        }
        XCTAssertEqual(Set(frames), [1])
    }

    func testWhereNothingFitsAndReducedFramesMeasureSlowerItGoesBackToFullSizeAndStays() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        // As doom-melt at 3840×2160 on llvmpipe: 20 ms at full size, slower reduced (its copies become quads).
        let frames = play(&resolution, frames: 60) { _, scale in scale == 1 ? 0.020 : scale == 0.75 ? 0.025 : 0.027 }
        XCTAssertEqual(Set(frames.dropFirst(10).map(\.scale)), [1], "\(frames.map(\.scale))")
    }

    func testTheFloorIsKeptAndExactFramesAreFullSizeWithoutMovingTheScale() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.75)
        let frames = play(&resolution, frames: 10, cost: cost(full: 0.100))
        XCTAssertEqual(frames.last?.scale, 0.75, "never below min-scale, late or not")
        XCTAssertEqual(resolution.scale(for: "rotate", prepared: { _ in nil }, exact: true), 1)
        XCTAssertEqual(resolution.scale, 0.75)
    }

    func testANewTransitionStartsAtFullSize() {
        var resolution = DynamicResolution(refreshInterval: interval, minimumScale: 0.5)
        _ = play(&resolution, frames: 10, cost: cost(full: 0.030))
        resolution.transitionStarted()
        XCTAssertEqual(resolution.scale(for: "crossfade", prepared: { 0.004 * $0 * $0 }, exact: false), 1)
    }

    func testTheBudgetKeepsAMarginOfAnEighthAndTheOverrunsOfOneFrameInTen() {
        var budget = FrameBudget(refreshInterval: 0.016)
        XCTAssertEqual(budget.seconds, 0.014, accuracy: 1e-9)
        for _ in 0..<27 { budget.record(rendered: 0.005, predicted: 0.005) }
        for _ in 0..<3 { budget.record(rendered: 0.007, predicted: 0.005) }
        XCTAssertEqual(budget.seconds, 0.012, accuracy: 1e-9, "the 90th percentile overran by 2 ms")
        budget.record(rendered: 1, predicted: 0)
        XCTAssertEqual(budget.margin, 0.002 + 0.002, accuracy: 1e-9, "one slow frame is not the 90th percentile")
    }
}
