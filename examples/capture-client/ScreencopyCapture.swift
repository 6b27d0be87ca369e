import CWaylandClient
import SegueClientSupport

/// Frames of the first output, or of a region of it, through zwlr_screencopy_manager_v1
/// version 3, as wf-recorder and grim ask for them: a new zwlr_screencopy_frame_v1 each,
/// copied into the buffer its buffer events describe once buffer_done says that was all.
final class ScreencopyCapture: FrameCapture {
    private let connection: Connection
    private let manager: OpaquePointer
    private let command: Command
    private var frame: OpaquePointer?
    /// The wl_shm buffer the frame's buffer events asked for.
    private var announced: (width: Int, height: Int, stride: Int)?
    private var damage = 0
    private var yInverted = false
    private(set) var buffer: ShmFrameBuffer?
    private(set) var result: FrameResult?
    private(set) var problem: Failure?
    /// Screencopy frames belong to no session the compositor could stop.
    let stopped = false

    init(connection: Connection, command: Command) throws(Failure) {
        self.connection = connection
        self.command = command
        // Version 3 brings buffer_done, without which the client cannot know it heard every buffer kind.
        manager = try connection.bind("zwlr_screencopy_manager_v1", segue_client_zwlr_screencopy_manager_v1_interface(), version: 3)
    }

    func begin() {
        result = nil
        announced = nil
        damage = 0
        yInverted = false
        let cursor: Int32 = command.cursor ? 1 : 0
        if let region = command.region {
            frame = zwlr_screencopy_manager_v1_capture_output_region(manager, cursor, connection.output,
                                                                     region.x, region.y, region.width, region.height)
        } else {
            frame = zwlr_screencopy_manager_v1_capture_output(manager, cursor, connection.output)
        }
        zwlr_screencopy_frame_v1_add_listener(frame, frameListener, listenerData(self))
    }

    fileprivate func bufferAnnounced(width: UInt32, height: UInt32, stride: UInt32) {
        announced = (Int(width), Int(height), Int(stride))
    }

    /// The buffer of the size announced, in the format asked for: Segue announces only
    /// XRGB8888 but fills ARGB8888 as well.
    fileprivate func buffersAnnounced() {
        guard let announced else {
            problem = Failure(message: "the compositor announced no wl_shm buffer for the frame")
            return
        }
        do {
            buffer = try ShmFrameBuffer.reusing(buffer, shm: connection.shm, width: announced.width, height: announced.height,
                                                stride: announced.stride, format: command.format)
        } catch {
            problem = error
            return
        }
        if command.damage {
            zwlr_screencopy_frame_v1_copy_with_damage(frame, buffer?.buffer)
        } else {
            zwlr_screencopy_frame_v1_copy(frame, buffer?.buffer)
        }
    }

    fileprivate func flagged(_ flags: UInt32) {
        yInverted = flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT.rawValue != 0
    }

    fileprivate func damaged() { damage += 1 }

    fileprivate func ready(presented: UInt64) { ended(.ready(presented: presented, damage: damage, yInverted: yInverted)) }

    fileprivate func ended(_ result: FrameResult) {
        zwlr_screencopy_frame_v1_destroy(frame)
        frame = nil
        self.result = result
    }
}

private nonisolated(unsafe) let frameListener = fixedListener(zwlr_screencopy_frame_v1_listener(
    buffer: { data, _, _, width, height, stride in
        (listenerObject(data) as ScreencopyCapture).bufferAnnounced(width: width, height: height, stride: stride)
    },
    flags: { data, _, flags in (listenerObject(data) as ScreencopyCapture).flagged(flags) },
    ready: { data, _, secondsHigh, secondsLow, nanoseconds in
        (listenerObject(data) as ScreencopyCapture).ready(presented: presentationTime(secondsHigh, secondsLow, nanoseconds))
    },
    failed: { data, _ in (listenerObject(data) as ScreencopyCapture).ended(.failed(reason: "wlr")) },
    damage: { data, _, _, _, _, _ in (listenerObject(data) as ScreencopyCapture).damaged() },
    // This client copies into wl_shm buffers only.
    linux_dmabuf: { _, _, _, _, _ in },
    buffer_done: { data, _ in (listenerObject(data) as ScreencopyCapture).buffersAnnounced() }
))
