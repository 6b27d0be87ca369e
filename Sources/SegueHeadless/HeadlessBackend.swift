import SegueBackend
import SegueEngine
import SegueLoop
import SegueRender

/// An output with no display: frames are drawn into a buffer of its own and
/// "presented" on a virtual vblank grid at the refresh rate. Like a real
/// display it draws a little before each vblank and presents on it; a frame
/// that is not ready by then is presented at the next one, and counts as
/// late. Nothing runs while no frame is wanted. Stepped, it keeps time of its
/// own: each `step()` is one refresh, so a test can assert what each frame shows.
public final class HeadlessBackend: Backend {
    public let outputName = "HEADLESS-1"
    public let outputDescription = "Segue headless output"
    /// A headless output keeps the size it was made with.
    public let width: Int
    public let height: Int
    public let refreshInterval: Double
    private var lastPresentation: Instant
    private var lastSequence: UInt64 = 0

    public var drawFrame: ((Instant, FrameBuffer) -> OutputDamage?)?
    public var events: ((BackendEvent) -> Void)?
    /// The one buffer frames are drawn into: after a presentation, what the
    /// output shows (rows top first), for an embedder or a test to read.
    public let buffer: RenderTarget
    /// Whether `buffer` holds a frame yet.
    private var holdsFrame = false

    private let period: Int64
    private let origin: Instant
    private var timer: LoopTimer?
    private var state = State.idle
    private var wanted = false
    /// Whether a frame was drawn for the coming vblank, until it is presented.
    private var drawn = false
    /// Nanoseconds the last few presented frames took to render, start to fence, newest last.
    private var renderTimes: [Int64] = []
    /// Nanoseconds the next frame drawn is expected to take, where the shell said (`expectNextFrame`).
    private var expectedRender: Int64 = 0

    private enum State: Equatable {
        case idle
        /// Waiting to draw the frame for this vblank.
        case drawing(vblank: Int64)
        /// Drawn; waiting for this vblank to present it.
        case presenting(vblank: Int64)
    }

    /// How long before a vblank the frame is drawn.
    private let drawLead: Int64
    /// How late the timer may fire and still be on time: it is armed in whole
    /// milliseconds, rounded up, and wakes the loop a little after that.
    private static let timerSlack: Int64 = 2_000_000

    /// Whether time moves only with `step()`.
    public let stepped: Bool

    /// Makes the buffer with the GL context current on this thread.
    public init(loop: EventLoop, width: Int, height: Int, refreshRate: Double, stepped: Bool = false) throws {
        buffer = try RenderTarget(width: width, height: height)
        self.width = width
        self.height = height
        refreshInterval = 1 / refreshRate
        period = Int64((1e9 / refreshRate).rounded())
        // Nothing scans out here, so a frame may take nearly the whole period:
        // software rendering needs it.
        drawLead = period - min(period / 8, 2_000_000)
        origin = MonotonicClock.now()
        lastPresentation = origin
        self.stepped = stepped
        if !stepped { timer = loop.timer { [unowned self] in timerFired() } }
    }

    public var now: Instant { stepped ? lastPresentation : MonotonicClock.now() }

    /// Stepped: the next refresh. A frame wanted is drawn for it, waited for
    /// and presented at it; false when no frame was wanted (time stands still).
    @discardableResult
    public func step() -> Bool {
        guard stepped, wanted else { return false }
        wanted = false
        let vblank = Int64(lastSequence) + 1
        drawn = draw(for: vblank)
        present(at: vblank)
        return true
    }

    /// Removes the timer from the event loop, before the loop goes away.
    public func stop() {
        timer?.remove()
        timer = nil
        drawn = false
        state = .idle
    }

    /// Input from a virtual seat (the WLCS integration's pointer and touch),
    /// reported like a real backend's.
    public func inject(_ input: InputEvent) { events?(.input(input)) }

    /// What the pointer would look like: no pointer is shown headless, but
    /// an embedder or a test can see what clients asked for.
    public private(set) var cursor = Cursor.standard

    public func show(cursor: Cursor) { self.cursor = cursor }

    public func expectNextFrame(renderSeconds seconds: Double) {
        expectedRender = seconds.isFinite ? Int64(min(max(seconds, 0), 1) * 1e9) : 0
    }

    /// A frame for a vblank starts drawing at its drawing time; while one waits
    /// for its vblank, the next (if wanted by then) is drawn for the vblank after.
    public var nextDrawStart: Instant? {
        switch state {
        case .idle: nil
        case .drawing(let vblank): Instant(nanoseconds: origin.nanoseconds + vblank * period - drawLead)
        case .presenting(let vblank): Instant(nanoseconds: origin.nanoseconds + (vblank + 1) * period - drawLead)
        }
    }

    public func scheduleFrame() {
        wanted = true
        guard !stepped, state == .idle else { return }
        // The first vblank far enough away to draw for, going by what frames
        // typically take to render; drawn at its drawing time, or at once when that
        // has passed. A loop a few milliseconds late (a busy machine) then still
        // makes the next vblank instead of skipping it.
        let now = MonotonicClock.now().nanoseconds - origin.nanoseconds
        let vblank = reachableVblank(at: now)
        state = .drawing(vblank: vblank)
        arm(at: max(vblank * period - drawLead, now))
    }

    /// The first vblank a frame started at `now` (nanoseconds after the
    /// origin) can make, going by what frames typically take to render: the
    /// median of the last five, so one slow frame does not make the next skip
    /// a refresh it would have made; or what the shell expects of the next, where longer.
    private func reachableVblank(at now: Int64) -> Int64 {
        let sorted = renderTimes.sorted()
        let typical = max(sorted.isEmpty ? 0 : sorted[sorted.count / 2], expectedRender)
        let lead = min(max(typical + 1_000_000, period / 4), drawLead)
        return max(Int64(lastSequence) + 1, (now + lead + period - 1) / period)
    }

    private func timerFired() {
        switch state {
        case .idle:
            return
        case .drawing(let planned):
            wanted = false
            // On time, the frame has all of the period there is and aims at its vblank:
            // skipping would miss that refresh for sure, going by an estimate (on
            // llvmpipe one frame in ten takes twice the others), where drawing misses
            // it only if this frame really is that slow. A loop held up past the frame's drawing
            // time (an effect compiled and timed before its transition) draws for the next
            // vblank it can make, not a past one: a transition's first frame then shows
            // the time it will be seen at.
            let now = MonotonicClock.now().nanoseconds - origin.nanoseconds
            let onTime = now <= planned * period - drawLead + Self.timerSlack
            let vblank = onTime ? planned : max(planned, reachableVblank(at: now))
            expectedRender = 0
            drawn = draw(for: vblank)
            // The GPU draws on while the loop serves clients; presented on the
            // first vblank after both the drawing here and the GPU are done.
            let submitted = MonotonicClock.now().nanoseconds - origin.nanoseconds
            let target = max(vblank, (submitted + period - 1) / period)
            state = .presenting(vblank: target)
            arm(at: target * period)
        case .presenting(let vblank):
            if drawn, let fence = buffer.fence, !fence.isSignalled {
                state = .presenting(vblank: vblank + 1)
                arm(at: (vblank + 1) * period)
                return
            }
            state = .idle
            present(at: vblank)
            if wanted { scheduleFrame() }
        }
    }

    /// Has the frame for `vblank` drawn into the buffer; whether one was.
    private func draw(for vblank: Int64) -> Bool {
        guard let drawFrame, drawFrame(instant(vblank), FrameBuffer(target: buffer, age: holdsFrame ? 1 : 0)) != nil else { return false }
        holdsFrame = true
        return true
    }

    /// The buffer, its frame drawn and finished, shows from `vblank` on: the
    /// render time of a frame drawn for it is noted for the next frame's
    /// lead, and the shell hears of it.
    private func present(at vblank: Int64) {
        if drawn, let fence = buffer.fence { renderTimes = Array((renderTimes + [Int64(fence.renderSeconds() * 1e9)]).suffix(5)) }
        drawn = false
        lastSequence = UInt64(vblank)
        lastPresentation = instant(vblank)
        events?(.framePresented(lastPresentation, sequence: lastSequence))
    }

    private func instant(_ vblank: Int64) -> Instant {
        Instant(nanoseconds: origin.nanoseconds + vblank * period)
    }

    /// Arms the timer for `offset` nanoseconds after the origin (at least 1 ms ahead).
    private func arm(at offset: Int64) {
        let now = MonotonicClock.now().nanoseconds - origin.nanoseconds
        let milliseconds = max(1, (offset - now + 999_999) / 1_000_000)
        timer?.arm(milliseconds: Int32(clamping: milliseconds))
    }
}
