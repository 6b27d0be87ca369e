import SegueBackend
import SegueEngine
import SegueRender

/// A backend whose frame clock the test turns by hand: each `frame` hands
/// out a buffer of the age asked, with no GL behind it.
final class BackendStandIn: Backend {
    let refreshInterval = 1.0 / 60
    let outputName = "TEST-1"
    let outputDescription = "a backend turned by hand"
    var width: Int
    var height: Int
    var drawFrame: ((Instant, FrameBuffer) -> OutputDamage?)?
    var events: ((BackendEvent) -> Void)?
    var now = Instant.zero
    /// Frames asked for since the last `frame`.
    private(set) var framesAsked = 0
    private let buffer: RenderTarget

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        buffer = RenderTarget(standingInFor: Texture(borrowing: 0, width: width, height: height, opaque: true))
    }

    func scheduleFrame() { framesAsked += 1 }

    /// What the shell last said the next frame will take to render.
    private(set) var expectedRender: Double?

    func expectNextFrame(renderSeconds seconds: Double) { expectedRender = seconds }

    func stop() {}

    /// Asks the shell for the frame presented at `now`, drawn into a buffer
    /// that holds the frame `age` frames back (0: nothing known), and moves
    /// the clock on a refresh: what the frame changed, nil where it drew none.
    @discardableResult
    func frame(age: Int = 1) -> OutputDamage? {
        framesAsked = 0
        let damage = drawFrame?(now, FrameBuffer(target: buffer, age: age))
        now = now + refreshInterval
        return damage
    }
}
