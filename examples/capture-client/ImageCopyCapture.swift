import CWaylandClient
import SegueClientSupport

/// Frames of the first output, or of one window, through ext_image_copy_capture_manager_v1:
/// one session that tells the buffer it takes, and a new frame each, made only once the last
/// one is destroyed (a session has one live frame at a time).
final class ImageCopyCapture: FrameCapture {
    private let connection: Connection
    private let format: PixelFormat
    private var session: OpaquePointer?
    private var frame: OpaquePointer?
    /// The session's buffer constraints, as its events tell them; complete once done came.
    private var size: (width: Int, height: Int)?
    private var formats: Set<UInt32> = []
    private var constraintsDone = false
    /// A frame was asked for and waits for the constraints to be complete.
    private var wanted = false
    private var damage = 0
    private var presented: UInt64 = 0
    /// The listed windows' handles while the window is looked for; then that window's alone.
    private var toplevels: [Toplevel] = []
    private(set) var buffer: ShmFrameBuffer?
    private(set) var result: FrameResult?
    private(set) var problem: Failure?
    private(set) var stopped = false

    init(connection: Connection, command: Command) throws(Failure) {
        self.connection = connection
        format = command.format
        let manager = try connection.bind("ext_image_copy_capture_manager_v1", segue_client_ext_image_copy_capture_manager_v1_interface(),
                                          version: 1)
        let source: OpaquePointer?
        if let appID = command.window {
            let sources = try connection.bind("ext_foreign_toplevel_image_capture_source_manager_v1",
                                              segue_client_ext_foreign_toplevel_image_capture_source_manager_v1_interface(), version: 1)
            source = ext_foreign_toplevel_image_capture_source_manager_v1_create_source(sources, try window(appID: appID))
        } else {
            let sources = try connection.bind("ext_output_image_capture_source_manager_v1",
                                              segue_client_ext_output_image_capture_source_manager_v1_interface(), version: 1)
            source = ext_output_image_capture_source_manager_v1_create_source(sources, connection.output)
        }
        let options = command.cursor ? EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_OPTIONS_PAINT_CURSORS.rawValue : 0
        session = ext_image_copy_capture_manager_v1_create_session(manager, source, options)
        ext_image_copy_capture_session_v1_add_listener(session, sessionListener, listenerData(self))
    }

    /// The handle of the listed toplevel whose app_id is `appID`.
    private func window(appID: String) throws(Failure) -> OpaquePointer {
        let list = try connection.bind("ext_foreign_toplevel_list_v1", segue_client_ext_foreign_toplevel_list_v1_interface(), version: 1)
        ext_foreign_toplevel_list_v1_add_listener(list, listListener, listenerData(self))
        // The toplevel events answer the bind; a handle's app_id and done may come a round trip later.
        try connection.roundtrip()
        if toplevels.contains(where: { !$0.described }) { try connection.roundtrip() }
        guard let window = toplevels.first(where: { $0.described && !$0.closed && $0.appID == appID }) else {
            throw Failure(message: "no window with app id \(appID)")
        }
        // The other windows, and new ones, are of no interest from here.
        for other in toplevels where other !== window { ext_foreign_toplevel_handle_v1_destroy(other.handle) }
        toplevels = [window]
        ext_foreign_toplevel_list_v1_stop(list)
        return window.handle
    }

    fileprivate func listed(_ handle: OpaquePointer) {
        let toplevel = Toplevel(handle)
        ext_foreign_toplevel_handle_v1_add_listener(handle, toplevelListener, listenerData(toplevel))
        toplevels.append(toplevel)
    }

    func begin() {
        result = nil
        wanted = true
        captureIfReady()
    }

    /// Makes the frame asked for, once the session's constraints are complete and the last frame is gone.
    private func captureIfReady() {
        guard wanted, constraintsDone, frame == nil, !stopped, let size else { return }
        wanted = false
        guard formats.contains(format.shmFormat) else {
            problem = Failure(message: "the capture session takes no \(format.rawValue.uppercased())8888 wl_shm buffers")
            return
        }
        do {
            buffer = try ShmFrameBuffer.reusing(buffer, shm: connection.shm, width: size.width, height: size.height,
                                                stride: size.width * 4, format: format)
        } catch {
            problem = error
            return
        }
        damage = 0
        presented = 0
        frame = ext_image_copy_capture_session_v1_create_frame(session)
        ext_image_copy_capture_frame_v1_add_listener(frame, frameListener, listenerData(self))
        ext_image_copy_capture_frame_v1_attach_buffer(frame, buffer?.buffer)
        // All of it is stale: this client keeps no earlier frame in the buffer.
        ext_image_copy_capture_frame_v1_damage_buffer(frame, 0, 0, Int32(size.width), Int32(size.height))
        ext_image_copy_capture_frame_v1_capture(frame)
    }

    /// A constraint event after done starts the list anew: the source changed.
    fileprivate func constraint(size newSize: (width: Int, height: Int)? = nil, format: UInt32? = nil) {
        if constraintsDone {
            constraintsDone = false
            formats = []
        }
        if let newSize { size = newSize }
        if let format { formats.insert(format) }
    }

    fileprivate func constraintsComplete() {
        constraintsDone = true
        captureIfReady()
    }

    fileprivate func sessionStopped() { stopped = true }

    fileprivate func damaged() { damage += 1 }
    fileprivate func presented(at time: UInt64) { presented = time }
    fileprivate func ready() { ended(.ready(presented: presented, damage: damage, yInverted: false)) }

    fileprivate func failed(_ reason: UInt32) {
        // The session is over: its stopped event follows, and that is what ends the run.
        if reason == EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED.rawValue {
            ext_image_copy_capture_frame_v1_destroy(frame)
            frame = nil
            return
        }
        ended(.failed(reason: "\(reason)"))
    }

    private func ended(_ result: FrameResult) {
        ext_image_copy_capture_frame_v1_destroy(frame)
        frame = nil
        self.result = result
    }
}

/// A listed window, as far as its handle's events have told it.
private final class Toplevel {
    let handle: OpaquePointer
    var appID = ""
    /// Its first done came: appID is what the compositor has.
    var described = false
    var closed = false

    init(_ handle: OpaquePointer) { self.handle = handle }
}

private nonisolated(unsafe) let listListener = fixedListener(ext_foreign_toplevel_list_v1_listener(
    toplevel: { data, _, handle in (listenerObject(data) as ImageCopyCapture).listed(handle!) },
    // Stopped once the window was found: it lists no more.
    finished: { _, list in ext_foreign_toplevel_list_v1_destroy(list) }
))

private nonisolated(unsafe) let toplevelListener = fixedListener(ext_foreign_toplevel_handle_v1_listener(
    closed: { data, _ in (listenerObject(data) as Toplevel).closed = true },
    done: { data, _ in (listenerObject(data) as Toplevel).described = true },
    title: { _, _, _ in },
    app_id: { data, _, appID in (listenerObject(data) as Toplevel).appID = appID.map { String(cString: $0) } ?? "" },
    identifier: { _, _, _ in }
))

private nonisolated(unsafe) let sessionListener = fixedListener(ext_image_copy_capture_session_v1_listener(
    buffer_size: { data, _, width, height in
        (listenerObject(data) as ImageCopyCapture).constraint(size: (Int(width), Int(height)))
    },
    shm_format: { data, _, format in (listenerObject(data) as ImageCopyCapture).constraint(format: format) },
    // This client copies into wl_shm buffers only.
    dmabuf_device: { _, _, _ in },
    dmabuf_format: { _, _, _, _ in },
    done: { data, _ in (listenerObject(data) as ImageCopyCapture).constraintsComplete() },
    stopped: { data, _ in (listenerObject(data) as ImageCopyCapture).sessionStopped() }
))

private nonisolated(unsafe) let frameListener = fixedListener(ext_image_copy_capture_frame_v1_listener(
    // Segue copies untransformed; the hash and the PNG take the buffer as it is.
    transform: { _, _, _ in },
    damage: { data, _, _, _, _, _ in (listenerObject(data) as ImageCopyCapture).damaged() },
    presentation_time: { data, _, secondsHigh, secondsLow, nanoseconds in
        (listenerObject(data) as ImageCopyCapture).presented(at: presentationTime(secondsHigh, secondsLow, nanoseconds))
    },
    ready: { data, _ in (listenerObject(data) as ImageCopyCapture).ready() },
    failed: { data, _, reason in (listenerObject(data) as ImageCopyCapture).failed(reason) }
))
