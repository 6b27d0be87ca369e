import Foundation
import SegueBackend
import SegueEngine
import SegueImaging
import SegueRender
import SegueWayland

/// Screen capture (zwlr_screencopy_frame_v1, ext_image_copy_capture_frame_v1):
/// the output's frames as captures see them, kept in one readback, the
/// mirror. While captures keep asking, each frame drawn has the rows it
/// changed read into it once, whoever asks, as soon as the GPU has drawn it
/// (so no read waits at the refresh, where the next frame is drawn); a
/// capture due a frame (a plain copy, or one with damage after a frame it has
/// not seen) is written from the newest frame read, and told once that frame
/// is presented. Writing is a copy of rows into the client's buffer, the
/// pointer drawn in where asked.
final class ScreenCapture: ScreencopyDelegate, ImageCopyDelegate, OutputCapture {
    private unowned let output: Output
    /// The window of an id, while it is open.
    var window: (Int) -> Window? = { _ in nil }
    /// The pointer's picture and where its hotspot is on the output, in
    /// output pixels; nil where it shows none (hidden, or never moved).
    var pointer: () -> (picture: CursorImage, x: Int, y: Int)? = { nil }
    /// Told of every frame's damage as the mirror takes it (or, while it follows no frames, as it is drawn), for their sessions.
    var changeWatchers: [OutputChangeWatcher] = []
    /// Asks for `advance` to be called again soon: a frame or its read is still on the GPU.
    var pollSoon: () -> Void = {}
    /// Plain copies asked for since the last frame read or refresh: each takes the next.
    private var nextFrame: [OutputCopyRequest] = []
    /// Copies with damage of a frame their session has seen: each takes the next that changes something.
    private var changes: [OutputCopyRequest] = []
    /// Copies due the frame held, written once it is read and their buffers' pages are in.
    private var due: [OutputCopyRequest] = []
    /// Captures written from the frame held, told once it is presented.
    private var written: [OutputCopyRequest] = []
    /// Captures of the output told ready since start: what recorders received.
    private(set) var framesCaptured = 0

    /// The output's picture as read back; `whole` while every frame drawn since its first read was read into it.
    private var mirror: FrameReading?
    private var whole = false
    /// The frame the mirror holds or is taking: when it was presented (nil: not yet) and whether its read is done.
    private var held: (presented: Instant?, done: Bool)?
    /// A frame drawn and not yet read: what it changed, and its target, which holds it until it is presented.
    private var unread: (damage: OutputDamage, target: RenderTarget)?
    /// Whether a frame was drawn since the last presentation.
    private var drawnSincePresented = false
    /// When a capture of the output last asked for a frame: the mirror follows the frames until a while after.
    private var lastAsked: Instant?
    /// How long after the last ask the mirror still follows the frames: a recorder asks again at once.
    static let following = 0.5

    /// A window's picture, drawn and read when its capture asks.
    private var windowTarget: RenderTarget?
    private var windowReading: FrameReading?
    /// Window captures due, waiting for their buffers' pages.
    private var windowsWaiting: [ImageCopyFrame] = []

    init(output: Output) {
        self.output = output
    }

    var capturedOutput: (width: Int, height: Int, scale: Int) { (output.width, output.height, output.scale) }

    /// Whether the mirror follows the output's frames now.
    private var follows: Bool {
        guard let lastAsked else { return false }
        return !nextFrame.isEmpty || !changes.isEmpty || !due.isEmpty || output.backend.now.seconds(since: lastAsked) < Self.following
    }

    /// A plain copy takes the next frame presented, a refresh of a still
    /// screen too (the clock ticks for it, nothing is drawn); one with
    /// damage, the newest frame read where it has not seen it, else the next that changes something.
    func copyRequested(_ frame: OutputCopyRequest) {
        lastAsked = output.backend.now
        guard frame.waitsForDamage else {
            nextFrame.append(frame)
            return output.requestFrame()
        }
        guard !frame.changed.isEmpty else { return changes.append(frame) }
        // The newest frame read: the one on screen, or the one about to be (captures' times never go back).
        if held == nil, unread == nil, output.isCurrent { readScreen() }
        due.append(frame)
        advance()
    }

    /// The output's picture drawn again and read whole into the mirror: a
    /// first capture, or one after the mirror stopped following the frames.
    private func readScreen() {
        guard let target = try? output.painter.target(width: output.width, height: output.height), output.redraw(into: target) else {
            return
        }
        read(target, rows: nil)
        held?.presented = drawnSincePresented ? nil : output.lastPresented ?? output.backend.now
    }

    /// Starts reading `rows` of `target` into the mirror (nil: all of them, as
    /// where it missed a frame); the frame read is held from here.
    private func read(_ target: RenderTarget, rows: [Range<Int>]?) {
        let mirror: FrameReading
        if let kept = self.mirror, kept.width == target.width, kept.height == target.height {
            mirror = kept
        } else {
            mirror = output.painter.readback(width: target.width, height: target.height)
            self.mirror = mirror
            whole = false
        }
        mirror.start(from: target, rows: whole ? rows ?? [0..<target.height] : [0..<target.height])
        whole = true
        held = (nil, false)
    }

    /// The mirror holds no frame and follows none: its memory goes.
    private func stopFollowing() {
        mirror = nil
        whole = false
        held = nil
    }

    func frameDrawn(into target: RenderTarget, changing damage: OutputDamage) {
        drawnSincePresented = true
        var changed = unread?.damage ?? .none
        changed.add(damage)
        unread = nil
        guard follows else {
            stopFollowing()
            for watcher in changeWatchers { watcher.outputChanged(changed) }
            return
        }
        unread = (changed, target)
        // A window's back buffer holds nothing once swapped: read as drawn.
        if target.texture == nil { readUnread() }
        advance()
    }

    /// Reads the frame drawn and not read into the mirror; its sessions hear what it changed.
    private func readUnread() {
        guard let (damage, target) = unread else { return }
        unread = nil
        read(target, rows: damage.rows(within: PixelRect(x: 0, y: 0, width: target.width, height: target.height)))
        for watcher in changeWatchers { watcher.outputChanged(damage) }
        takeNextFrame()
    }

    /// A new frame is held (read, or a refresh of the screen as it was): the
    /// plain copies and those waiting for a change are due it.
    private func takeNextFrame() {
        due += nextFrame + changes.filter { !$0.changed.isEmpty }
        nextFrame = []
        changes.removeAll { !$0.changed.isEmpty }
    }

    func framePresented(at time: Instant) {
        guard drawnSincePresented else { return refreshed(at: time) }
        drawnSincePresented = false
        // The buffer is drawn again next: its frame is read now, if not before.
        readUnread()
        if held != nil, held?.presented == nil { held?.presented = time }
        for frame in written { tell(frame, presented: time) }
        written = []
        advance()
    }

    /// The output goes (the compositor stops: a nested Segue's window closed):
    /// every capture still waiting hears that no frame will come.
    func outputGone() {
        for frame in nextFrame + changes + due + written { frame.fail() }
        (nextFrame, changes, due, written) = ([], [], [], [])
        stopFollowing()
    }

    /// A refresh with no frame drawn showed the screen as it was, at `time`:
    /// plain copies waiting get it, from the mirror (read first where it holds no frame).
    private func refreshed(at time: Instant) {
        guard !nextFrame.isEmpty else { return }
        if held == nil, unread == nil { readScreen() }
        held?.presented = time
        takeNextFrame()
        advance()
    }

    /// Reads a frame drawn once the GPU finished it, and writes the captures
    /// due a frame once its read is done; asks to be called again while either waits.
    func advance() {
        if let unread, unread.target.fence?.isSignalled ?? true { readUnread() }
        if let mirror, held?.done == false, mirror.isDone { held?.done = true }
        if held?.done == true { writeDue() }
        let windows = windowsWaiting
        windowsWaiting = []
        for frame in windows where frame.isWaiting { copyRequested(frame) }
        // A frame on the GPU, or pages still being faulted in, end by themselves: a frame yet to be drawn tells.
        if unread != nil || held?.done == false || !windowsWaiting.isEmpty || (held?.done == true && !due.isEmpty) { pollSoon() }
    }

    /// Writes the captures due the frame held whose buffers' pages are in.
    private func writeDue() {
        due.removeAll { !$0.isWaiting }
        let writable = due.filter(\.isWritable)
        due.removeAll(where: \.isWritable)
        for frame in writable { write(frame, presented: held?.presented) }
    }

    /// Writes `frame` from the mirror, told at once where the frame held was `presented`, else once it is.
    private func write(_ frame: OutputCopyRequest, presented: Instant?) {
        guard let mirror else { return frame.fail() }
        write(frame, from: mirror)
        if let presented { tell(frame, presented: presented) } else { written.append(frame) }
    }

    private func tell(_ frame: OutputCopyRequest, presented: Instant) {
        if frame.ready(presented: Self.nanoseconds(presented)) { framesCaptured += 1 }
    }

    private static func nanoseconds(_ instant: Instant) -> UInt64 { UInt64(max(0, instant.nanoseconds)) }

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
        guard frame.isWritable else {
            if !windowsWaiting.contains(where: { $0 === frame }) { windowsWaiting.append(frame) }
            return pollSoon()
        }
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
        write(frame, from: reading, pointer: false)
        frame.ready(presented: Self.nanoseconds(output.backend.now))
    }

    /// Copies the frame's region of `picture` into its buffer, rows as they
    /// are (XRGB8888, B, G, R, X in memory; an ARGB8888 buffer's alpha set
    /// opaque), the pointer drawn in where the frame asks for it and it is
    /// the output's picture (`drawsPointer`).
    private func write(_ frame: OutputCopyRequest, from picture: FrameReading, pointer drawsPointer: Bool = true) {
        guard let region = frame.region, region.x >= 0, region.y >= 0, region.x + region.width <= picture.width,
              region.y + region.height <= picture.height else { return frame.fail() }
        let width = picture.width
        picture.withPixels { pixels in
            guard let base = pixels.baseAddress else { return frame.fail() }
            frame.write { data, stride in
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
