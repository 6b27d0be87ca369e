import CWaylandServer
import SegueEngine
import SegueRender

/// An output with no display: frames are drawn offscreen and "presented" on a
/// virtual vblank grid at the refresh rate. Like a real display it draws a
/// little before each vblank and presents on it; a frame that is not ready by
/// then is presented at the next one, and counts as late. Nothing runs while
/// no frame is wanted.
final class HeadlessBackend: Backend {
    let outputName = "HEADLESS-1"
    let outputDescription = "Segue headless output"
    let width: Int
    let height: Int
    let refreshInterval: Double
    private(set) var lastPresentation: Instant
    private(set) var lastSequence: UInt64 = 0

    var drawFrame: ((Instant) -> RenderTarget)?
    var framePresented: ((Instant, UInt64) -> Void)?
    /// A headless output keeps the size it was made with.
    var sizeChanged: (() -> Void)?

    private let period: Int64
    private let origin: Instant
    private var timer: OpaquePointer?
    private var state = State.idle
    private var wanted = false

    private enum State: Equatable {
        case idle
        /// Waiting to draw the frame for this vblank.
        case drawing(vblank: Int64)
        /// Drawn; waiting for this vblank to present it.
        case presenting(vblank: Int64)
    }

    /// How long before a vblank the frame is drawn.
    private let drawLead: Int64

    init(loop: OpaquePointer, width: Int, height: Int, refreshRate: Double) {
        self.width = width
        self.height = height
        refreshInterval = 1 / refreshRate
        period = Int64((1e9 / refreshRate).rounded())
        // Nothing scans out here, so a frame may take nearly the whole period:
        // software rendering needs it.
        drawLead = period - min(period / 8, 2_000_000)
        origin = MonotonicClock.now()
        lastPresentation = origin
        timer = wl_event_loop_add_timer(loop, { data in
            guard let data else { return 0 }
            Unmanaged<HeadlessBackend>.fromOpaque(data).takeUnretainedValue().timerFired()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes the timer from the event loop, before the loop goes away.
    func stop() {
        if let timer { wl_event_source_remove(timer) }
        timer = nil
        state = .idle
    }

    func scheduleFrame() {
        wanted = true
        guard state == .idle else { return }
        // The first vblank whose drawing time has not passed.
        let now = MonotonicClock.now().nanoseconds - origin.nanoseconds
        let vblank = max(Int64(lastSequence) + 1, (now + drawLead + period - 1) / period)
        state = .drawing(vblank: vblank)
        arm(at: vblank * period - drawLead)
    }

    private func timerFired() {
        switch state {
        case .idle:
            return
        case .drawing(let vblank):
            wanted = false
            _ = drawFrame?(instant(vblank))
            // Presented on the first vblank at or after the frame is ready.
            let ready = MonotonicClock.now().nanoseconds - origin.nanoseconds
            let target = max(vblank, (ready + period - 1) / period)
            state = .presenting(vblank: target)
            arm(at: target * period)
        case .presenting(let vblank):
            state = .idle
            lastSequence = UInt64(vblank)
            lastPresentation = instant(vblank)
            framePresented?(lastPresentation, lastSequence)
            if wanted { scheduleFrame() }
        }
    }

    private func instant(_ vblank: Int64) -> Instant {
        Instant(nanoseconds: origin.nanoseconds + vblank * period)
    }

    /// Arms the timer for `offset` nanoseconds after the origin (at least 1 ms ahead,
    /// since 0 would disarm it).
    private func arm(at offset: Int64) {
        let now = MonotonicClock.now().nanoseconds - origin.nanoseconds
        let milliseconds = max(1, (offset - now + 999_999) / 1_000_000)
        wl_event_source_timer_update(timer, Int32(clamping: milliseconds))
    }
}
