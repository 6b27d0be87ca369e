import SegueEngine
import SegueLoop

/// What takes windows' pixels: `SurfaceTextures` for the shell's windows.
protocol PixelTaking: AnyObject {
    associatedtype Window: AnyObject
    /// What copies cost here, learnt from those done.
    var uploads: UploadSchedule { get }
    /// Whether `window` still has a client whose pixels may be taken.
    func isAlive(_ window: Window) -> Bool
    /// Bytes taking `window`'s pixels now would copy.
    func bytesToTake(of window: Window) -> Int
    /// Takes `window`'s pixels; false when none were new.
    func takePixels(of window: Window) -> Bool
}

/// Windows on screen whose clients committed new pixels. Their pixels are
/// taken as soon as the loop has nothing else to do: off the time of the frame
/// that shows them, and once for all the commits one turn of the loop brought.
/// While a transition's frame is due, a copy that would run past its start
/// waits for the gap after it (`UploadSchedule`), first in line there;
/// smaller copies that fit go ahead meanwhile. A frame drawn tries again. Windows off screen
/// are left to take theirs when they are next drawn.
final class PixelsDue<Taker: PixelTaking> {
    typealias Window = Taker.Window
    private let loop: EventLoop
    private let taker: Taker
    /// Seconds left before the next transition frame must start; nil when none is due.
    private let secondsLeft: () -> Double?
    /// Told of each window whose pixels were taken.
    private let taken: (Window) -> Void
    private var windows: [Window] = []
    private var idle: LoopSource?

    init(loop: EventLoop, taker: Taker, secondsLeft: @escaping () -> Double?, taken: @escaping (Window) -> Void) {
        self.loop = loop
        self.taker = taker
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
            for window in due where taker.isAlive(window) {
                guard taker.uploads.fits(bytes: taker.bytesToTake(of: window), secondsLeft: secondsLeft()) else {
                    windows.append(window)
                    continue
                }
                if taker.takePixels(of: window) { taken(window) }
            }
        }
    }
}

extension SurfaceTextures: PixelTaking {
    func isAlive(_ window: Window) -> Bool { window.isAlive }
}
