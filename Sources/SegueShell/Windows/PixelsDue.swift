import SegueLoop

/// Windows on screen whose clients committed new pixels. Their pixels are
/// taken as soon as the loop has nothing else to do: off the time of the frame
/// that shows them, and once for all the commits one turn of the loop brought.
/// Windows off screen are left to take theirs when they are next drawn.
final class PixelsDue {
    private let loop: EventLoop
    private let textures: SurfaceTextures
    private var windows: [Window] = []
    private var idle: LoopSource?

    init(loop: EventLoop, textures: SurfaceTextures) {
        self.loop = loop
        self.textures = textures
    }

    func add(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
        guard idle == nil else { return }
        idle = loop.idle { [unowned self] in
            idle = nil
            let due = windows
            windows.removeAll()
            for window in due where window.isAlive { textures.takePixels(of: window) }
        }
    }
}
