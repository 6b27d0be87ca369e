import Foundation
import SegueBackend
import SegueEngine
import SegueImaging
import SegueRender
import SegueWayland

/// Screen capture (zwlr_screencopy_frame_v1, ext_image_copy_capture_frame_v1):
/// the output's frames as captures see them, kept in one readback, the
/// mirror. While captures keep asking, each presented frame's changed rows
/// are read into it, once, whoever asks; a capture due a frame (a plain copy,
/// or one with damage after a frame it has not seen) is filled from the
/// newest frame read, at once where that is the frame on screen, else when
/// the next is presented and read. Filling is a copy of rows into the
/// client's buffer, the pointer drawn in where asked.
final class ScreenCapture: ScreencopyDelegate, ImageCopyDelegate, OutputCapture {
    private unowned let output: Output
    /// The window of an id, while it is open.
    var window: (Int) -> Window? = { _ in nil }
    /// The pointer's picture and where its hotspot is on the output, in
    /// output pixels; nil where it shows none (hidden, or never moved).
    var pointer: () -> (picture: CursorImage, x: Int, y: Int)? = { nil }
    /// Told of every presented frame's damage, for their sessions.
    var changeWatchers: [OutputChangeWatcher] = []
    /// Asks for `readDone` to be called again soon: a GPU's read still runs.
    var pollSoon: () -> Void = {}
    private var waiting: [OutputCopyRequest] = []

    /// The output's picture as read back; `whole` while every presented frame's changes were read into it.
    private var mirror: FrameReading?
    private var whole = false
    /// When the frame the mirror holds was presented, once its read is done; nil while it holds none.
    private var mirrored: Instant?
    /// A frame drawn and not yet presented: what it changed, and whether it waits to be read.
    private var drawn: (damage: Damage, frame: DrawnFrame)?
    /// A presented frame whose read is not done yet: when it was presented.
    private var reading: Instant?
    /// When a capture of the output last asked for a frame: the mirror follows the frames until a while after.
    private var lastAsked: Instant?
    /// How long after the last ask the mirror still follows the frames: a recorder asks again at once.
    static let following = 0.5

    private enum DrawnFrame {
        /// In its target, which holds it until it is presented.
        case unread(RenderTarget)
        /// Read as it was drawn: a window's back buffer holds nothing once swapped.
        case read
        /// Gone unread.
        case lost
    }

    /// A window's picture, drawn and read when its capture asks.
    private var windowTarget: RenderTarget?
    private var windowReading: FrameReading?

    init(output: Output) {
        self.output = output
    }

    var capturedOutput: (width: Int, height: Int, scale: Int) { (output.width, output.height, output.scale) }

    /// Whether the mirror follows the output's frames now.
    private var follows: Bool {
        guard let lastAsked else { return false }
        return !waiting.isEmpty || output.backend.now.seconds(since: lastAsked) < Self.following
    }

    func copyRequested(_ frame: OutputCopyRequest) {
        lastAsked = output.backend.now
        // The frame on screen, as presented (captures' times never go back); else the next one.
        if isDue(frame), drawn == nil, reading == nil, mirrored != nil || output.isCurrent && readScreen(),
           let mirror, let mirrored {
            return fill(frame, from: mirror, presented: mirrored)
        }
        waiting.append(frame)
    }

    /// The output's picture drawn again and read whole into the mirror (a
    /// first capture, or one after the mirror stopped following the frames); whether it could be.
    private func readScreen() -> Bool {
        guard let target = try? output.painter.target(width: output.width, height: output.height), output.redraw(into: target) else {
            return false
        }
        let mirror = mirrorOfOutputSize()
        mirror.start(from: target, rows: [0..<target.height])
        whole = true
        mirrored = output.lastPresented ?? output.backend.now
        return true
    }

    private func mirrorOfOutputSize() -> FrameReading {
        if let mirror, mirror.width == output.width, mirror.height == output.height { return mirror }
        let made = output.painter.readback(width: output.width, height: output.height)
        mirror = made
        whole = false
        mirrored = nil
        return made
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
        if windowTarget?.width != size.width || windowTarget?.height != size.height {
            windowTarget = try? output.painter.target(width: size.width, height: size.height)
            windowReading = windowTarget.map { output.painter.readback(width: $0.width, height: $0.height) }
        }
        guard let target = windowTarget, let reading = windowReading,
              (try? output.painter.render(.surfaces(layers, background: (0, 0, 0)), into: target)) != nil else { return frame.fail() }
        reading.start(from: target, rows: [0..<size.height])
        // A window's own surfaces: the pointer is the output's, not the window's.
        fill(frame, from: reading, presented: output.backend.now, pointer: false)
    }

    func frameDrawn(into target: RenderTarget, changing damage: Damage) {
        var changed = drawn?.damage ?? .none
        changed.add(damage)
        if target.texture != nil {
            drawn = (changed, .unread(target))
        } else if follows {
            read(target, changing: changed)
            drawn = (changed, .read)
        } else {
            drawn = (changed, .lost)
        }
    }

    func framePresented(at time: Instant) {
        guard let (damage, frame) = drawn else { return }
        drawn = nil
        for watcher in changeWatchers { watcher.outputChanged(damage) }
        switch frame {
        case .unread(let target) where follows:
            read(target, changing: damage)
        case .read:
            break
        case .unread, .lost:
            // Frames go by unread: the mirror no longer holds the screen, and its memory goes.
            mirror = nil
            mirrored = nil
            return
        }
        reading = time
        readDone()
    }

    /// Reads what `damage` changed into the mirror, all of it where the mirror missed a frame.
    private func read(_ target: RenderTarget, changing damage: Damage) {
        let mirror = mirrorOfOutputSize()
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        mirror.start(from: target, rows: whole ? damage.rows(within: bounds) : [0..<target.height])
        whole = true
        mirrored = nil
    }

    /// Fills the captures due a frame from the frame read, once its read is
    /// done; asks to be called again while it runs.
    func readDone() {
        guard let presented = reading, let mirror else { return }
        guard mirror.isDone else { return pollSoon() }
        reading = nil
        mirrored = presented
        waiting.removeAll { !$0.isWaiting }
        let due = waiting.filter(isDue)
        waiting.removeAll(where: isDue)
        for frame in due { fill(frame, from: mirror, presented: presented) }
    }

    /// A plain copy takes the next frame; one with damage, the next that changed something.
    private func isDue(_ frame: OutputCopyRequest) -> Bool { !frame.waitsForDamage || !frame.changed.isEmpty }

    /// Copies the frame's region of `picture` into its buffer, rows as they
    /// are (XRGB8888, B, G, R, X in memory; an ARGB8888 buffer's alpha set
    /// opaque), the pointer drawn in where the frame asks for it and it is
    /// the output's picture (`drawsPointer`).
    private func fill(_ frame: OutputCopyRequest, from picture: FrameReading, presented: Instant, pointer drawsPointer: Bool = true) {
        guard let region = frame.region, region.x >= 0, region.y >= 0, region.x + region.width <= picture.width,
              region.y + region.height <= picture.height else { return frame.fail() }
        let width = picture.width
        picture.withPixels { pixels in
            guard let base = pixels.baseAddress else { return frame.fail() }
            frame.fill(presented: UInt64(max(0, presented.nanoseconds))) { data, stride in
                let from = base.advanced(by: (region.y * width + region.x) * 4)
                if region.width == width, stride == width * 4 {
                    data.copyMemory(from: from, byteCount: region.height * stride)
                } else {
                    for row in 0..<region.height {
                        data.advanced(by: row * stride).copyMemory(from: from.advanced(by: row * width * 4), byteCount: region.width * 4)
                    }
                }
                if frame.fillsAlpha { Self.makeOpaque(data, stride: stride, region: region) }
                if drawsPointer, frame.includesCursor, let pointer = pointer() {
                    Self.draw(pointer.picture, hotspotAt: (pointer.x, pointer.y), scale: output.scale, into: data, stride: stride, region: region)
                }
            }
        }
    }

    /// Sets the alpha of rows of B, G, R, A holding `region` to 255: the frame's
    /// own alpha is what clients left in XRGB's unused byte. Only ARGB8888
    /// buffers pay for it; the formats capture offers first are XRGB8888.
    private static func makeOpaque(_ data: UnsafeMutableRawPointer, stride: Int, region: PixelRect) {
        for row in 0..<region.height {
            let words = data.advanced(by: row * stride).assumingMemoryBound(to: UInt32.self)
            for i in 0..<region.width { words[i] |= UInt32(0xFF00_0000).littleEndian }
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
