import SegueEngine
import SegueLoop

/// The effects the config can play, compiled and timed at the output's size
/// before any of them is first asked for, one per turn of the loop while
/// nothing animates: readying one costs up to a quarter of a second (llvmpipe,
/// 1920×1080), which the first transition to use it would otherwise pay
/// before its clock starts, holding up every animation running beside it (a
/// notification sliding in). One asked for before its turn is readied then, as it always was.
final class EffectReadying {
    private var waiting: [EffectDescriptor] = []
    private var timer: LoopTimer?
    private var readied = 0, seconds = 0.0
    private let busy: () -> Bool
    private let ready: (EffectDescriptor) throws -> Void
    private let finished: (_ count: Int, _ seconds: Double) -> Void

    /// `busy`: whether anything animates now; `ready` readies one effect;
    /// `finished` hears once the last was readied, how many and in how long.
    init(loop: EventLoop, busy: @escaping () -> Bool, ready: @escaping (EffectDescriptor) throws -> Void,
         finished: @escaping (_ count: Int, _ seconds: Double) -> Void) {
        self.busy = busy
        self.ready = ready
        self.finished = finished
        timer = loop.timer { [unowned self] in step() }
    }

    /// Readies `effects` from the next turn on, in place of any still waiting.
    func start(_ effects: [EffectDescriptor]) {
        waiting = effects
        (readied, seconds) = (0, 0)
        timer?.arm(milliseconds: 1)
    }

    /// Whether every effect asked for was readied.
    var isDone: Bool { waiting.isEmpty }

    private func step() {
        guard !waiting.isEmpty else { return }
        // An animation running now would miss refreshes while one compiles: later.
        if busy() { return timer?.arm(milliseconds: 50) ?? () }
        let effect = waiting.removeFirst(), start = MonotonicClock.now()
        // One that fails to compile fails again when chosen, and says so there.
        try? ready(effect)
        readied += 1
        seconds += MonotonicClock.now().seconds(since: start)
        if waiting.isEmpty { finished(readied, seconds) } else { timer?.arm(milliseconds: 1) }
    }

    /// Off the loop, as the compositor stops.
    func remove() {
        timer?.remove()
        timer = nil
        waiting = []
    }
}
