import CWaylandClient
import SegueClientSupport

/// The client's surface, a toplevel or a layer surface: follows configures, and redraws
/// when a frame callback says the compositor wants a new frame (a layer surface only when
/// its scene changed), into whichever of its two buffers is not busy. It draws at the
/// largest scale of the outputs its surface is on, so it is sharp on HiDPI.
final class Window {
    enum End {
        case closed
        case failed(String)
    }

    private let connection: Connection
    /// What it shows; set anew, it is drawn at once.
    var scene: Scene {
        didSet { if width > 0 { draw(requestingFrame: animated && frameCallback == nil) } }
    }
    let surface: OpaquePointer
    private var role: (any WindowRole)?
    /// Whether it redraws every frame (the sweeping bar), or only when its scene or size changes.
    private let animated: Bool
    private let start = ContinuousClock.now

    /// In surface units; the buffers are `scale` times larger.
    private var width = 0
    private var height = 0
    private var scale = 1
    /// The outputs the surface is on, as wl_surface.enter and leave say.
    private var entered: [OpaquePointer] = []
    /// The size from the latest xdg_toplevel.configure, applied on xdg_surface.configure.
    private var suggestedSize = (width: Int32(0), height: Int32(0))
    private var buffers: [any ClientBuffer] = []
    /// Makes a buffer of the given size in pixels.
    private let makeBuffer: (_ width: Int, _ height: Int) throws(BufferFailure) -> any ClientBuffer
    private var frameCallback: OpaquePointer?
    /// Set when a frame was due but both buffers were busy.
    private var frameOwed = false
    private(set) var end: End?

    /// Makes the surface, gives it its role, and commits it without a buffer; drawing starts at the first configure.
    init(connection: Connection, scene: Scene, animated: Bool, role makeRole: (Window) -> any WindowRole,
         makeBuffer: @escaping (_ width: Int, _ height: Int) throws(BufferFailure) -> any ClientBuffer) {
        self.connection = connection
        self.scene = scene
        self.animated = animated
        self.makeBuffer = makeBuffer
        surface = wl_compositor_create_surface(connection.compositor)
        wl_surface_add_listener(surface, surfaceListener, listenerData(self))
        connection.scalesChanged = { [unowned self] in rescale() }
        role = makeRole(self)
        wl_surface_commit(surface)
    }

    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        buffers.forEach { $0.destroy() }
        role?.destroy()
        wl_surface_destroy(surface)
    }

    func suggest(width: Int32, height: Int32) {
        suggestedSize = (width, height)
    }

    func configure(serial: UInt32) {
        role?.ack(serial: serial)
        // 0x0 leaves the size to the client: keep the current one, or start at 640x480.
        let newWidth = suggestedSize.width > 0 ? Int(suggestedSize.width) : (width > 0 ? width : 640)
        let newHeight = suggestedSize.height > 0 ? Int(suggestedSize.height) : (height > 0 ? height : 480)
        if (newWidth, newHeight) != (width, height) {
            buffers.forEach { $0.destroy() }
            buffers = []
            (width, height) = (newWidth, newHeight)
        }
        // The ack applies with the next commit, so draw now; a frame callback still pending
        // from an earlier commit keeps the animation going.
        draw(requestingFrame: animated && frameCallback == nil)
    }

    fileprivate func output(_ output: OpaquePointer?, entered isEntered: Bool) {
        guard let output else { return }
        entered.removeAll { $0 == output }
        if isEntered { entered.append(output) }
        rescale()
    }

    /// Draws anew at the largest scale of the outputs the surface is on; on
    /// none (not yet shown, or hidden), of all outputs, so its first buffer is
    /// already sharp and a hidden window stays so.
    private func rescale() {
        let on = connection.outputs.filter { entered.contains($0.proxy) }
        let newScale = Int((on.isEmpty ? connection.outputs : on).map(\.scale).max() ?? 1)
        guard newScale != scale else { return }
        scale = newScale
        buffers.forEach { $0.destroy() }
        buffers = []
        if width > 0 { draw(requestingFrame: animated && frameCallback == nil) }
    }

    func close() {
        end = .closed
    }

    fileprivate func frameDone() {
        wl_callback_destroy(frameCallback)
        frameCallback = nil
        draw(requestingFrame: animated)
    }

    private func bufferReleased() {
        if frameOwed { draw(requestingFrame: animated && frameCallback == nil) }
    }

    /// Draws into a free buffer and commits it, asking for a frame callback if requested.
    private func draw(requestingFrame: Bool) {
        guard let buffer = freeBuffer() else {
            frameOwed = true
            return
        }
        frameOwed = false
        let seconds = start.duration(to: .now) / .seconds(1)
        scene.draw(on: buffer.canvas, seconds: seconds)
        if requestingFrame {
            frameCallback = wl_surface_frame(surface)
            wl_callback_add_listener(frameCallback, frameListener, listenerData(self))
        }
        buffer.attach(to: surface)
        wl_surface_set_buffer_scale(surface, Int32(scale))
        wl_surface_damage_buffer(surface, 0, 0, Int32(width * scale), Int32(height * scale))
        wl_surface_commit(surface)
    }

    /// A buffer the compositor is not using, making the second one when the first is busy.
    private func freeBuffer() -> (any ClientBuffer)? {
        if let buffer = buffers.first(where: { !$0.busy }) { return buffer }
        guard buffers.count < 2 else { return nil }
        do {
            let buffer = try makeBuffer(width * scale, height * scale)
            buffer.onRelease = { [unowned self] in bufferReleased() }
            buffers.append(buffer)
            return buffer
        } catch {
            end = .failed(error.message)
            return nil
        }
    }
}

private nonisolated(unsafe) let surfaceListener = fixedListener(wl_surface_listener(
    enter: { data, _, output in (listenerObject(data) as Window).output(output, entered: true) },
    leave: { data, _, output in (listenerObject(data) as Window).output(output, entered: false) }
))

private nonisolated(unsafe) let frameListener = fixedListener(wl_callback_listener(
    done: { data, _, _ in (listenerObject(data) as Window).frameDone() }
))
