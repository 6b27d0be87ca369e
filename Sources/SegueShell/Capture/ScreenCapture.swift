import SegueBackend
import SegueEngine
import SegueImaging
import SegueWayland

/// Screen capture (zwlr_screencopy_frame_v1): a frame waits for the next
/// frame the output presents, or for copy_with_damage the next that changed
/// something since its session's last copy, and is filled from it; every
/// capture of one frame shares its one readback. With no frame coming, a
/// capture the picture on screen answers is filled from that at once.
final class ScreenCapture: ScreencopyDelegate, ImageCopyDelegate, OutputCapture {
    private unowned let output: Output
    /// The window of an id, while it is open.
    var window: (Int) -> Window? = { _ in nil }
    /// The pointer's picture and where its hotspot is on the output, in
    /// output pixels; nil where it shows none (hidden, or never moved).
    var pointer: () -> (picture: CursorImage, x: Int, y: Int)? = { nil }
    /// Told of every frame's damage, for their sessions.
    var changeWatchers: [OutputChangeWatcher] = []
    private var waiting: [OutputCopyRequest] = []

    init(output: Output) {
        self.output = output
    }

    var capturedOutput: (width: Int, height: Int, scale: Int) { (output.width, output.height, output.scale) }

    func copyRequested(_ frame: OutputCopyRequest) {
        // The picture on screen, as presented: captures' times never go back.
        if output.isCurrent, isDue(frame), let image = try? output.screenImage() {
            return fill(frame, from: image, presented: output.lastPresented ?? output.backend.now)
        }
        waiting.append(frame)
        output.requestFrame()
    }

    func size(of source: CaptureSource) -> (width: Int, height: Int)? {
        switch source {
        case .output:
            return (output.width, output.height)
        case .window(let id):
            guard let surface = window(id)?.surface, surface.hasBuffer else { return nil }
            return (surface.width * output.scale, surface.height * output.scale)
        }
    }

    /// An output frame waits for a frame drawn as any capture does; a
    /// window's is drawn from the window's surfaces at once, shown or not,
    /// or (after its session's first) once the window changes.
    func copyRequested(_ frame: ImageCopyFrame) {
        guard case .window(let id)? = frame.source else { return copyRequested(frame as OutputCopyRequest) }
        if frame.waitsForDamage && frame.changed.isEmpty { return }
        guard let window = window(id), let size = frame.size else { return frame.fail() }
        output.textures.takePixels(of: window)
        let layers = window.layers(x: 0, y: 0, scale: output.scale, textures: output.textures)
        guard let target = try? output.painter.target(width: size.width, height: size.height),
              (try? output.painter.render(.surfaces(layers, background: (0, 0, 0)), into: target)) != nil else { return frame.fail() }
        // A window's own surfaces: the pointer is the output's, not the window's.
        fill(frame, from: output.painter.read(target, opaque: true), presented: output.backend.now, pointer: false)
    }

    func wantsFrame(changing damage: Damage) -> Bool {
        for watcher in changeWatchers { watcher.outputChanged(damage) }
        waiting.removeAll { !$0.isWaiting }
        return waiting.contains(where: isDue)
    }

    func frameCaptured(_ image: RGBAImage, presented: Instant) {
        let due = waiting.filter(isDue)
        waiting.removeAll(where: isDue)
        for frame in due where frame.isWaiting { fill(frame, from: image, presented: presented) }
    }

    /// A plain copy takes the next frame; one with damage, the next that changed something.
    private func isDue(_ frame: OutputCopyRequest) -> Bool { !frame.waitsForDamage || !frame.changed.isEmpty }

    /// Copies the frame's region of `image` into its buffer as XRGB8888 (B, G, R, X in memory),
    /// the pointer drawn in where the frame asks for it and it is the output's picture (`drawsPointer`).
    private func fill(_ frame: OutputCopyRequest, from image: RGBAImage, presented: Instant, pointer drawsPointer: Bool = true) {
        guard let region = frame.region, region.x + region.width <= image.width, region.y + region.height <= image.height else {
            return frame.fail()
        }
        frame.fill(presented: UInt64(max(0, presented.nanoseconds))) { data, stride in
            image.writeXRGB8888(x: region.x, y: region.y, width: region.width, height: region.height, into: data, stride: stride)
            if drawsPointer, frame.includesCursor, let pointer = pointer() {
                Self.draw(pointer.picture, hotspotAt: (pointer.x, pointer.y), scale: output.scale, into: data, stride: stride, region: region)
            }
        }
    }

    /// Blends `picture` (premultiplied B, G, R, A) over rows of B, G, R, X
    /// holding `region` of the output, its hotspot at `hotspot` (output
    /// pixels), scaled from its own scale to `scale` pixels per unit.
    static func draw(_ picture: CursorImage, hotspotAt hotspot: (x: Int, y: Int), scale: Int, into data: UnsafeMutableRawPointer,
                     stride: Int, region: PixelRect) {
        let width = picture.width * scale / max(picture.scale, 1), height = picture.height * scale / max(picture.scale, 1)
        let left = hotspot.x - picture.hotspotX * scale, top = hotspot.y - picture.hotspotY * scale
        guard let covered = PixelRect(x: left, y: top, width: width, height: height).clipped(to: region) else { return }
        for y in covered.y..<covered.y + covered.height {
            let row = data.advanced(by: (y - region.y) * stride).assumingMemoryBound(to: UInt8.self)
            let sourceY = (y - top) * picture.height / height
            for x in covered.x..<covered.x + covered.width {
                let s = (sourceY * picture.width + (x - left) * picture.width / width) * 4, d = (x - region.x) * 4
                let alpha = Int(picture.pixels[s + 3])
                for channel in 0..<3 {
                    row[d + channel] = UInt8(min(255, Int(picture.pixels[s + channel]) + Int(row[d + channel]) * (255 - alpha) / 255))
                }
            }
        }
    }
}
