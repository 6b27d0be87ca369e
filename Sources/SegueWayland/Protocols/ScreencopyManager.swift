import CWaylandServer
import SegueEngine

/// What screen capture needs from the shell.
package protocol ScreencopyDelegate: AnyObject {
    /// The output's size in pixels, and its pixels per surface unit.
    var capturedOutput: (width: Int, height: Int, scale: Int) { get }
    /// `frame` holds a buffer to fill with the next frame (or, for
    /// copy_with_damage, the next that changed something).
    func copyRequested(_ frame: OutputCopyRequest)
}

/// The zwlr_screencopy_manager_v1 global (version 3), offered to privileged
/// clients only: grim's screenshots, wf-recorder's recordings. Each bound
/// manager keeps what changed on the output since its last copy, for
/// copy_with_damage.
package final class ScreencopyManager: OutputChangeWatcher {
    package static let version: Int32 = 3
    private var global: PrivilegedGlobal?
    /// Each bound manager's session, told of every frame's damage.
    private var sessions: [ScreencopySession] = []
    weak var delegate: ScreencopyDelegate?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_screencopy_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_screencopy_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_screencopy_manager_v1_interface(
            capture_output: { client, manager, id, overlayCursor, _ in
                ScreencopySession.capture(client, manager, id, cursor: overlayCursor != 0, region: nil)
            },
            capture_output_region: { client, manager, id, overlayCursor, _, x, y, width, height in
                ScreencopySession.capture(client, manager, id, cursor: overlayCursor != 0,
                                          region: (Int(x), Int(y), Int(width), Int(height)))
            },
            destroy: Resource.destroy))
        return p
    }()

    package init(display: OpaquePointer, privileges: Privileges, delegate: ScreencopyDelegate) {
        self.delegate = delegate
        let global = privileges.global(display: display, interface: segue_zwlr_screencopy_manager_v1_interface(),
                                       version: Self.version) { [unowned self] client, version, id in
            guard let session = ScreencopySession(manager: self, client: client, version: Int32(version), id: id) else { return }
            sessions.append(session)
        }
        self.global = global
    }

    /// A frame was drawn that changed `damage` of the output: each session's copies will hear of it.
    package func outputChanged(_ damage: OutputDamage) {
        for session in sessions { session.changed.add(damage) }
    }

    func sessionEnded(_ session: ScreencopySession) { sessions.removeAll { $0 === session } }
}

/// One client's bound zwlr_screencopy_manager_v1: its frames, and what
/// changed on the output since its last copy.
package final class ScreencopySession: ResourceObject {
    private weak var manager: ScreencopyManager?
    /// What changed since this session's last copy; all of it before the first.
    package var changed = OutputDamage.everywhere

    init?(manager: ScreencopyManager, client: OpaquePointer, version: Int32, id: UInt32) {
        self.manager = manager
        guard Resource.create(client: client, interface: segue_zwlr_screencopy_manager_v1_interface(), version: version, id: id,
                              implementation: ScreencopyManager.implementation, object: self) != nil else { return nil }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) { manager?.sessionEnded(self) }

    var delegate: ScreencopyDelegate? { manager?.delegate }

    /// A frame of the whole output, or of `region` (surface units, cut to
    /// the output; one wholly off it fails), for `client`.
    static func capture(_ client: OpaquePointer?, _ resource: OpaquePointer?, _ id: UInt32, cursor: Bool,
                        region: (x: Int, y: Int, width: Int, height: Int)?) {
        guard let client, let resource, let session = Resource.object(resource, as: ScreencopySession.self),
              let output = session.delegate?.capturedOutput else { return }
        let whole = PixelRect(x: 0, y: 0, width: output.width, height: output.height)
        var rect: PixelRect? = whole
        if let region {
            let s = output.scale
            rect = PixelRect(x: region.x * s, y: region.y * s, width: region.width * s, height: region.height * s).clipped(to: whole)
        }
        _ = ScreencopyFrame(client: client, version: wl_resource_get_version(resource), id: id, session: session, region: rect,
                            cursor: cursor)
    }
}
