/// Chooses the size per side each transition frame is drawn at on one output
/// so it makes its refresh: an effect that would take longer than the frame
/// budget at full size is drawn smaller and stretched over the output. The
/// size goes down by as many steps as it must at once, and back up one step
/// at a time: when the step above is predicted to fit with room to spare, or
/// when what was measured there is old (the cost may have fallen: a client
/// stopped drawing). A step that was left for being too slow is not tried
/// again for a while, the wait doubling each time a try fails, so sizes do not
/// flicker and a slow step costs a late frame at most once per wait.
///
/// A frame's cost is the work that does not scale (taking clients' pixels:
/// the median of the last few frames', so one window's first upload does not
/// count for the frames after it) plus the effect's own drawing at its step:
/// the lower median of its last three frames there, so one frame held up by
/// the clients on the same cores does not move the size, two in a row do,
/// and a step's only recent frame counts alone. A step not drawn
/// yet is predicted from what the renderer timed there when it prepared the
/// effect, in proportion to how the step drawn last compared with its own
/// timing then (frames among clients cost more than on an idle GPU). Drawing
/// smaller is not always cheaper (on llvmpipe the stretch is a full-screen
/// quad, and doom-melt's column copies become quads), which those timings show
/// before the first frame.
package struct DynamicResolution: Sendable {
    /// The sizes per side a frame may be drawn at, largest first.
    package static let steps: [Double] = [1, 3.0 / 4, 1.0 / 2, 1.0 / 3]
    /// The step above must be predicted to fit in this share of the budget to be tried.
    static let roomToRise = 0.8
    /// Frames before a step that was left is tried again, doubled by each try
    /// that fails within as many frames, up to `longestWait`.
    static let firstWait = 30
    static let longestWait = 480
    /// Frames whose fixed part's median counts.
    static let fixedFrames = 5

    /// The smallest step used; 1 turns reducing off.
    package var minimumScale: Double
    package private(set) var budget: FrameBudget
    /// The size the last moving frame was drawn at.
    package private(set) var scale: Double = 1
    /// Per effect and step: what its recent frames there took.
    private var measured: [String: [Double: StepCost]] = [:]
    /// Seconds of the last frames that did not scale, newest last.
    private var fixedCosts: [Double] = []
    /// The render time predicted for the frame drawn last, and its step.
    private var predicted: (seconds: Double, scale: Double)?
    /// Frames chosen so far: the clock measurements age by.
    private var frame = 0
    /// A step above `scale` is not tried before this frame.
    private var riseAfter = 0
    private var wait = firstWait
    /// The frame the size last went up at, to tell a failed try.
    private var roseAt: Int?

    package init(refreshInterval: Double, minimumScale: Double) {
        budget = FrameBudget(refreshInterval: refreshInterval)
        self.minimumScale = minimumScale
    }

    /// The steps this output may use.
    package var allowedSteps: [Double] { Self.steps.filter { $0 >= minimumScale - 1e-9 } }

    /// The scale for the next frame of `effect`. `prepared` is what a frame of
    /// the effect took at a scale when the renderer prepared it, stretch
    /// included (nil where it was not timed). An `exact` frame (at progress 0,
    /// the last) is drawn at full size.
    package mutating func scale(for effect: String, prepared: (Double) -> Double?, exact: Bool) -> Double {
        frame += 1
        let steps = allowedSteps
        let known = measured[effect, default: [:]]
        let fixedCost = median(fixedCosts), budget = self.budget.seconds
        // How the step drawn last compares with its timing when prepared.
        let latest = known.max { $0.value.frame < $1.value.frame }
        let ratio = latest.flatMap { step in prepared(step.key).map { step.value.typical / max($0, 1e-5) } } ?? 1
        func predict(_ scale: Double) -> Double {
            if let own = known[scale] { return fixedCost + own.typical }
            if let timed = prepared(scale) { return fixedCost + timed * min(max(ratio, 0.5), 4) }
            // Not timed: the effect's own drawing goes with the pixels drawn, from the step drawn last.
            return fixedCost + (latest.map { $0.value.typical / ($0.key * $0.key) } ?? 0) * scale * scale
        }
        let current = steps.firstIndex { $0 <= scale + 1e-9 } ?? 0
        // The step above may be tried on its measurement's age alone: its cost may have fallen since.
        let aboveIsOld = current > 0 && measured[effect]?[steps[current - 1]].map { frame - $0.frame > wait } == true
        let mayRise = current > 0 && frame >= riseAfter
        var chosen = current
        if exact {
            chosen = 0
        } else if predict(steps[current]) > budget {
            if let fitting = steps.indices.first(where: { predict(steps[$0]) <= budget }) {
                // Down to the largest step that fits; or up, where reducing costs more than it saves.
                chosen = fitting
            } else if mayRise && aboveIsOld {
                chosen = current - 1
            } else if let cheapest = steps.indices.min(by: { predict(steps[$0]) < predict(steps[$1]) }),
                      predict(steps[cheapest]) < predict(steps[current]) * 0.9 {
                // Nothing fits: the cheapest step, where it is clearly cheaper (no flicker between two alike).
                chosen = cheapest
            }
            if chosen > current {
                // Just up and too slow already: the next try waits twice as long.
                if let roseAt, frame - roseAt <= Self.firstWait { wait = min(wait * 2, Self.longestWait) }
                roseAt = nil
                riseAfter = frame + wait
            } else if chosen < current {
                roseAt = frame
            }
        } else if mayRise, aboveIsOld || predict(steps[current - 1]) <= budget * Self.roomToRise {
            chosen = current - 1
            roseAt = frame
        }
        predicted = (predict(steps[chosen]), steps[chosen])
        // The first and last frames do not move the size the moving frames are at.
        if !exact { scale = steps[chosen] }
        return steps[chosen]
    }

    /// The frame drawn last, of `effect` at `scale`, took `rendered` seconds
    /// from the start of drawing to the GPU's end, `fixed` of them before the
    /// effect's own drawing began.
    package mutating func record(effect: String, scale: Double, rendered: Double, fixed: Double) {
        // How far it overran its prediction counts toward the margin where the step held:
        // a step just taken was predicted from another's measurement.
        if let predicted, predicted.scale == scale, measured[effect]?[scale] != nil {
            budget.record(rendered: rendered, predicted: predicted.seconds)
        }
        predicted = nil
        fixedCosts = Array((fixedCosts + [fixed]).suffix(Self.fixedFrames))
        measured[effect, default: [:]][scale, default: StepCost()].record(max(0, rendered - fixed), frame: frame, forgetting: Self.firstWait)
        if let roseAt, frame - roseAt > Self.firstWait {
            // The last rise held: a step left later is tried again soon.
            self.roseAt = nil
            wait = Self.firstWait
        }
    }

    /// A new transition starts: its frames start from full size, and go down only where it does not fit.
    package mutating func transitionStarted() {
        scale = 1
        riseAfter = 0
    }

    private func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// The refresh interval changed (a new mode): what was learnt of the budget goes.
    package mutating func refreshChanged(to interval: Double) {
        guard interval != budget.refreshInterval else { return }
        budget = FrameBudget(refreshInterval: interval)
    }
}

/// What an effect's frames at one step took, less their fixed part: the last
/// three, within a wait of each other (older ones tell of another load).
private struct StepCost: Sendable {
    private var recent: [(seconds: Double, frame: Int)] = []

    /// The frame the newest was drawn as.
    var frame: Int { recent.last?.frame ?? 0 }

    /// The lower median: one slow frame among fitting ones does not count, two do.
    var typical: Double {
        let sorted = recent.map(\.seconds).sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }

    mutating func record(_ seconds: Double, frame: Int, forgetting age: Int) {
        recent = Array((recent.filter { frame - $0.frame <= age } + [(seconds, frame)]).suffix(3))
    }
}
