import SegueEngine
import SegueLoop
import SegueRender

/// Where frames go. A backend owns the output's frame clock and its buffers:
/// it hands out the buffer to draw a frame into when one may be drawn, says
/// when each drawn frame was presented, and reports what happens on its side
/// (input, resizes, a close) as events. It knows nothing of windows or
/// clients: the shell handles its events.
public protocol Backend: AnyObject {
    /// Seconds between presentations.
    var refreshInterval: Double { get }
    /// The wl_output name and description clients see, e.g. `HEADLESS-1`.
    var outputName: String { get }
    var outputDescription: String { get }
    /// The output's size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// The output scale the backend's screen asks for where nothing else sets
    /// one: a nested window's, that of the parent's outputs it is on. A change
    /// comes with `.resized`.
    var preferredScale: Int { get }
    /// Set by the shell: draws the frame that will be presented at the given
    /// time into `buffer`, rows top first, and says what it changed of the
    /// frame before (what a parent compositor is told); nil where it drew
    /// none (nothing shown changed), and the output still shows the last frame.
    var drawFrame: ((_ predicted: Instant, _ buffer: FrameBuffer) -> OutputDamage?)? { get set }
    /// Set by the shell: where the backend's events go.
    var events: ((BackendEvent) -> Void)? { get set }
    /// The time on the backend's clock, which transitions start at: the
    /// system's monotonic clock, unless the backend keeps time of its own.
    var now: Instant { get }
    /// When the next `drawFrame` call will come, as best the backend can tell,
    /// while frames are being drawn; nil when none is due or it cannot say.
    /// Work that must not hold a frame up stops before it.
    var nextDrawStart: Instant? { get }
    /// Asks for one `drawFrame` call before the next presentation. Idempotent.
    func scheduleFrame()
    /// The next frame will take about `seconds` to render, which the frames
    /// before it do not say (a transition's first after idle ones): a backend
    /// that picks the vblank a frame can make goes by the longer, once.
    func expectNextFrame(renderSeconds seconds: Double)
    /// Shows the pointer as `cursor` where the backend has a pointer of its own to show.
    func show(cursor: Cursor)
    /// Offers what a Segue client selected as the backend seat's `kind` of
    /// selection, where it has a seat of its own; nil when it went.
    func offer(_ selection: SelectionOffer?, as kind: SelectionKind)
    /// Takes the backend's sources out of the event loop, before the loop goes away.
    func stop()
}

extension Backend {
    public var now: Instant { MonotonicClock.now() }
    public var preferredScale: Int { 1 }
    public var nextDrawStart: Instant? { nil }
    public func expectNextFrame(renderSeconds seconds: Double) {}
    public func show(cursor: Cursor) {}
    public func offer(_ selection: SelectionOffer?, as kind: SelectionKind) {}
}

/// A buffer a backend hands out to draw a frame into.
public struct FrameBuffer {
    public let target: RenderTarget
    /// How many frames ago what it holds was drawn: 1 for the last frame, 0
    /// where that is unknown (a new buffer), and the whole frame must be drawn.
    public let age: Int

    public init(target: RenderTarget, age: Int) {
        self.target = target
        self.age = age
    }
}

/// What a backend reports.
public enum BackendEvent {
    /// The frame drawn last was presented at this time with this sequence number.
    case framePresented(Instant, sequence: UInt64)
    /// `width` and `height`, or `preferredScale`, changed.
    case resized
    /// The output went away (its window was closed, its parent was lost): Segue should stop.
    case closed(reason: String)
    case input(InputEvent)
    /// The backend's seat holds a new `kind` of selection, or none: Segue's clients may paste it.
    case selection(SelectionOffer?, SelectionKind)
}

/// Input from the backend's seat, in output pixels, with evdev key and button codes.
public enum InputEvent: Equatable {
    /// The keyboard's keymap, in xkb's text format.
    case keymap(String)
    case key(time: UInt32, key: UInt32, pressed: Bool)
    case modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)
    /// The output lost keyboard focus: keys held down are up from now on.
    case keyboardLeft
    /// Held keys repeat `rate` times a second (0: never) after `delay` ms, as the backend's seat has it.
    case keyRepeat(rate: Int, delay: Int)
    case pointerMotion(time: UInt32, x: Double, y: Double)
    case pointerButton(time: UInt32, button: UInt32, pressed: Bool)
    /// `axis` is wl_pointer's (0 vertical, 1 horizontal); `value` in output pixels.
    case pointerAxis(time: UInt32, axis: UInt32, value: Double)
    /// Touch point `id` went down, moved or lifted.
    case touchDown(time: UInt32, id: Int32, x: Double, y: Double)
    case touchMotion(time: UInt32, id: Int32, x: Double, y: Double)
    case touchUp(time: UInt32, id: Int32)
    /// A touchpad swipe of `fingers` began, moved by (dx, dy) output pixels, or ended.
    case swipeBegin(time: UInt32, fingers: UInt32)
    case swipeUpdate(time: UInt32, dx: Double, dy: Double)
    case swipeEnd(time: UInt32, cancelled: Bool)
}
