import SegueLoop

/// Windows on screen whose clients committed new pixels. Their pixels are
/// taken as soon as the loop has nothing else to do: off the time of the frame
/// that shows them, and once for all the commits one turn of the loop brought.
/// While a transition's frame is due, a copy that would run past its start
/// waits for the gap after it (`UploadSchedule`), first in line there;
/// smaller copies that fit go ahead meanwhile. A frame drawn tries again. Windows off screen
/// are left to take theirs when they are next drawn.
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
            let due = windows
            windows.removeAll()
            for window in due where window.isAlive {
                guard textures.uploads.fits(bytes: textures.bytesToTake(of: window), secondsLeft: secondsLeft()) else {
                    windows.append(window)
                    continue
                }
                if textures.takePixels(of: window) { taken(window) }
            }
        }
    }
}
