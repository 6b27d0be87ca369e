import SegueLoop

/// Windows on screen whose clients committed new pixels. Their pixels are
/// taken as soon as the loop has nothing else to do: off the time of the frame
/// that shows them, and once for all the commits one turn of the loop brought.
/// While a transition's frames are due, a copy that would run past the start
/// of the next one waits for the gap after it (`UploadSchedule`), and windows
/// take turns in the order their pixels came. Windows off screen are left to
/// take theirs when they are next drawn.
final class PixelsDue {
    private let loop: EventLoop
    private let textures: SurfaceTextures
    /// Seconds left before the next transition frame must start; nil when none is due.
    private let secondsLeft: () -> Double?
    /// Told of each window whose pixels were taken.
    private let taken: (Window) -> Void
    private var windows: [Window] = []
    private var idle: LoopSource?

    init(loop: EventLoop, textures: SurfaceTextures, secondsLeft: @escaping () -> Double?,
         taken: @escaping (Window) -> Void) {
        self.loop = loop
        self.textures = textures
        self.secondsLeft = secondsLeft
        self.taken = taken
    }

    func add(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
        takeWhenIdle()
    }

    /// A frame was drawn: windows held back for it take their turn in the gap before the next.
    func frameDrawn() {
        if !windows.isEmpty { takeWhenIdle() }
    }

    private func takeWhenIdle() {
        guard idle == nil else { return }
        idle = loop.idle { [unowned self] in
            idle = nil
            while let window = windows.first {
                if window.isAlive {
                    guard textures.uploads.fits(bytes: textures.bytesToTake(of: window), secondsLeft: secondsLeft()) else { return }
                    if textures.takePixels(of: window) { taken(window) }
                }
                windows.removeFirst()
            }
        }
    }
}
