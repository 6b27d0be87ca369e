import CWaylandClient
import Logging
import SegueBackend
import SegueClientSupport
import SegueEngine
import SegueLoop
import SegueRender

/// An output shown in a window on the Wayland compositor Segue runs inside.
///
/// The parent paces frames: a frame is drawn once the parent's frame callback
/// for the one before has fired and that one's presentation is known — from
/// wp_presentation feedback where the parent offers it, else from the frame
/// callback itself. A frame wanted while the parent is ready is drawn at once,
/// for the time the parent took to present the last one after it was drawn.
public final class WaylandBackend: Backend {
    public let outputName = "WL-1"
    public let outputDescription = "Segue window on the parent compositor"
    public private(set) var width: Int
    public private(set) var height: Int
    /// The parent's scale where the window is: Segue's clients draw at it, so
    /// their pixels reach the screen one to one.
    public private(set) var preferredScale = 1
    public private(set) var refreshInterval = 1.0 / 60
    private var lastSequence: UInt64 = 0

    public var drawFrame: ((Instant, FrameBuffer) -> OutputDamage?)?
    public var events: ((BackendEvent) -> Void)? {
        didSet { input?.events = { [unowned self] in events?(.input($0)) } }
    }

    private let connection: ParentConnection
    private let window: ParentWindow
    private let input: ParentInput?
    /// The parent's clipboard and primary selection, bridged to Segue's.
    private var selections: [ParentSelection] = []
    private let loop: EventLoop
    private let renderer: Renderer
    private var surface: WindowSurface?
    private var appliedScale: Int32 = 1
    private var wanted = false
    private var idle: LoopSource?
    private var frameCallback: OpaquePointer?
    private var feedback: OpaquePointer?
    /// A frame was shown whose presentation has not been reported yet.
    private var awaitingPresentation = false
    private var drawnAt = MonotonicClock.now()
    /// From drawing a frame to its presentation, as last seen.
    private var latency = 1.0 / 60

    /// Opens the window at `width`×`height` (until the parent says otherwise) and
    /// waits for the parent's first configure.
    /// `drawing` says how frames reach the window (see `WindowSurface`).
    package init(connection: ParentConnection, loop: EventLoop, renderer: Renderer, width: Int, height: Int,
                drawing: WindowSurface.Drawing = .measured, log: Logger) throws {
        self.connection = connection
        self.loop = loop
        self.renderer = renderer
        let window = ParentWindow(connection: connection, width: width, height: height)
        self.window = window
        guard connection.dispatch(until: { window.configured }, seconds: 10) else {
            window.destroy()
            throw ParentConnection.Failure(description: "the parent compositor did not configure Segue's window within 10 s")
        }
        self.width = window.width * Int(window.scale)
        self.height = window.height * Int(window.scale)
        preferredScale = Int(window.scale)
        input = connection.bindSeat().map { ParentInput(seat: $0, pointerGestures: connection.pointerGestures, log: log) }
        if let compositor = connection.compositor, let shm = connection.shm {
            input?.cursor = ParentCursor(compositor: compositor, shm: shm)
        }
        if let input {
            let managers: [(SelectionKind, OpaquePointer?)] = [(.clipboard, connection.dataDeviceManager),
                                                              (.primary, connection.primarySelectionManager)]
            selections = managers.compactMap { kind, manager in
                manager.flatMap {
                    ParentSelection(kind: kind, manager: $0, seat: input.proxy, connection: connection) { [weak input] in input?.lastSerial }
                }
            }
        }
        do {
            surface = try WindowSurface(renderer: renderer, waylandSurface: window.surface, width: self.width, height: self.height,
                                        drawing: drawing)
            try connection.startDispatching(loop: loop) { [unowned self] reason in events?(.closed(reason: reason)) }
        } catch {
            surface = nil
            for selection in selections { selection.destroy() }
            input?.cursor?.destroy()
            input?.destroy()
            window.destroy()
            throw error
        }
        log.info(surface?.drawsOffscreen == true
            ? "frames are drawn offscreen and copied into the window, quicker than drawing there with this driver"
            : "frames are drawn straight into the window")
        for selection in selections {
            selection.changed = { [unowned self, kind = selection.kind] in events?(.selection($0, kind)) }
        }
        window.changed = { [unowned self] in windowChanged() }
        window.closed = { [unowned self] in events?(.closed(reason: "the parent compositor closed Segue's window")) }
        updateInputMapping()
    }

    public func stop() {
        idle?.remove()
        idle = nil
        connection.stop()
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let feedback { wp_presentation_feedback_destroy(feedback) }
        (frameCallback, feedback) = (nil, nil)
        for selection in selections { selection.destroy() }
        selections.removeAll()
        input?.cursor?.destroy()
        input?.destroy()
        surface = nil
        window.destroy()
        wl_display_flush(connection.display)
    }

    /// The parent asks for the next frame about a refresh after it took the
    /// last; nil once that has passed (a parent that hid the window sends none).
    public var nextDrawStart: Instant? {
        let expected = drawnAt + refreshInterval
        return (frameCallback != nil || awaitingPresentation) && expected > MonotonicClock.now() ? expected : nil
    }

    public func scheduleFrame() {
        wanted = true
        guard idle == nil, frameCallback == nil, !awaitingPresentation, surface != nil else { return }
        // Drawn from the loop, not from inside whatever asked for the frame.
        idle = loop.idle { [unowned self] in
            idle = nil
            drawIfReady()
        }
    }

    private func drawIfReady() {
        guard wanted, frameCallback == nil, !awaitingPresentation, let surface, let drawFrame else { return }
        wanted = false
        drawnAt = MonotonicClock.now()
        if window.scale != appliedScale {
            wl_surface_set_buffer_scale(window.surface, window.scale)
            appliedScale = window.scale
        }
        let drawn: OutputDamage?
        do {
            try surface.resize(width: width, height: height)
            let buffer = surface.nextBuffer
            drawn = drawFrame(drawnAt + latency, FrameBuffer(target: buffer.target, age: buffer.age))
        } catch {
            return events?(.closed(reason: "cannot draw Segue's output at \(width)x\(height): \(error)")) ?? ()
        }
        // Both ride on the commit the swap makes, or a bare one where nothing was
        // drawn. A bare commit asks for no feedback: a parent that shows nothing new
        // need not send any, and its frame callback then says enough.
        frameCallback = wl_surface_frame(window.surface)
        wl_callback_add_listener(frameCallback, Self.frameListener, listenerData(self))
        if drawn != nil, let presentation = connection.presentation {
            feedback = wp_presentation_feedback(presentation, window.surface)
            wp_presentation_feedback_add_listener(feedback, Self.feedbackListener, listenerData(self))
        }
        awaitingPresentation = true
        do {
            if let drawn { try surface.present(with: renderer, damage: drawn) } else { wl_surface_commit(window.surface) }
            connection.flush()
        } catch {
            events?(.closed(reason: "cannot show Segue's output on the parent: \(error)"))
        }
    }

    private func frameDone() {
        wl_callback_destroy(frameCallback)
        frameCallback = nil
        // Without feedback, the parent asking for the next frame is as close to
        // "presented" as Segue gets.
        if awaitingPresentation && feedback == nil { presented(at: MonotonicClock.now(), sequence: nil) }
        drawIfReady()
    }

    private func feedbackArrived(presentedAt time: Instant?, refresh: UInt32, sequence: UInt64?) {
        wp_presentation_feedback_destroy(feedback)
        feedback = nil
        if refresh > 0 { refreshInterval = Double(refresh) / 1e9 }
        // A discarded frame was replaced before it showed; time goes on all the same.
        presented(at: time ?? MonotonicClock.now(), sequence: sequence)
        drawIfReady()
    }

    private func presented(at time: Instant, sequence: UInt64?) {
        awaitingPresentation = false
        latency = min(max(time.seconds(since: drawnAt), 0), 4 * refreshInterval)
        lastSequence = max(lastSequence + 1, sequence ?? 0)
        events?(.framePresented(time, sequence: lastSequence))
    }

    private func windowChanged() {
        let (newWidth, newHeight) = (window.width * Int(window.scale), window.height * Int(window.scale))
        let resized = (newWidth, newHeight, Int(window.scale)) != (width, height, preferredScale)
        (width, height) = (newWidth, newHeight)
        preferredScale = Int(window.scale)
        updateInputMapping()
        if resized { events?(.resized) }
    }

    private func updateInputMapping() {
        input?.scale = Double(window.scale)
        input?.cursor?.scale = window.scale
    }

    public func show(cursor: Cursor) {
        input?.cursor?.show(cursor)
        connection.flush()
    }

    public func offer(_ selection: SelectionOffer?, as kind: SelectionKind) {
        selections.first { $0.kind == kind }?.offer(selection)
        connection.flush()
    }

    nonisolated(unsafe) private static let frameListener = fixedListener(wl_callback_listener(
        done: { data, _, _ in (listenerObject(data) as WaylandBackend).frameDone() }
    ))

    nonisolated(unsafe) private static let feedbackListener = fixedListener(wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, _ in
            let backend = listenerObject(data) as WaylandBackend
            let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
            let time = backend.connection.clock.monotonic(seconds: seconds, nanoseconds: nanoseconds)
            backend.feedbackArrived(presentedAt: time, refresh: refresh, sequence: UInt64(sequenceHigh) << 32 | UInt64(sequenceLow))
        },
        discarded: { data, _ in (listenerObject(data) as WaylandBackend).feedbackArrived(presentedAt: nil, refresh: 0, sequence: nil) }
    ))
}
