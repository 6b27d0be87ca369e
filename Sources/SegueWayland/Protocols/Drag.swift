import CWaylandServer

/// A drag-and-drop in progress (wl_data_device.start_drag): from the press
/// that started it until the last button is released, the pointer is the
/// drag's. Each surface it crosses whose client has a data device hears it
/// enter, move and leave, with an offer of the source's data (a drag with no
/// source stays within its own client, and offers nothing). A release over a
/// target that accepted a type with an action drops it there; anything else
/// cancels it.
final class Drag {
    private let source: DataSource?
    private let client: OpaquePointer
    private let display: OpaquePointer
    /// A client's data devices, which hear the drag over its surfaces.
    private let devices: (OpaquePointer) -> [DataDevice]
    /// The surface under the pointer that hears the drag, with the offer each of its client's devices got.
    private var target: (surface: OpaquePointer, offers: [(device: DataDevice, offer: DataOffer?)])?
    /// Where on the target the pointer was last said to be: a frame that moved nothing sends no motion.
    private var point = (x: 0.0, y: 0.0)
    private lazy var targetDestruction = Listener { [weak self] _ in self?.targetDestroyed() }
    /// Told when the drag ends before the release: its source went.
    var ended: (() -> Void)?

    init(source: DataSource?, client: OpaquePointer, display: OpaquePointer, devices: @escaping (OpaquePointer) -> [DataDevice]) {
        self.source = source
        self.client = client
        self.display = display
        self.devices = devices
        source?.drag = self
    }

    deinit { targetDestruction.remove() }

    /// The pointer is over `surface` at (x, y), local to it, or over no surface.
    func moved(over surface: OpaquePointer?, x: Double, y: Double, time: UInt32) {
        if let target, surface == target.surface {
            guard (x, y) != point else { return }
            point = (x, y)
            for (device, _) in target.offers { device.sendDragMotion(time: time, x: x, y: y) }
            return
        }
        leaveTarget()
        // A drag with no source stays within the client that started it.
        guard let surface, source != nil || wl_resource_get_client(surface) == client else { return }
        let devices = devices(wl_resource_get_client(surface))
        guard !devices.isEmpty else { return }
        let serial = wl_display_next_serial(display)
        point = (x, y)
        target = (surface, devices.map { ($0, $0.enterDrag(serial: serial, surface: surface, x: x, y: y, source: source)) })
        targetDestruction.subscribe(toDestructionOfResource: surface)
    }

    /// The last button was released: dropped where the target takes it, else cancelled.
    func release() {
        defer { source?.drag = nil }
        guard let source else {
            // Within one client: it settles the drop itself.
            for (device, _) in target?.offers ?? [] { device.sendDrop() }
            return leaveTarget()
        }
        guard let (device, offer) = target?.offers.first(where: { $0.offer?.takesDrop == true }), let offer else {
            leaveTarget()
            return source.cancelDrag()
        }
        offer.markDropped()
        device.sendDrop()
        source.sendDropPerformed()
        leaveTarget(tellingSource: false)
    }

    /// The source went mid-drag: so does the drag.
    func sourceDestroyed() {
        leaveTarget()
        ended?()
    }

    /// The target hears the drag leave. Unless it was dropped there, the
    /// source hears that nothing takes it now, with no action.
    private func leaveTarget(tellingSource: Bool = true) {
        guard let target else { return }
        targetDestruction.remove()
        self.target = nil
        for (device, offer) in target.offers {
            offer?.isCurrent = false
            device.sendDragLeave()
        }
        guard tellingSource else { return }
        source?.sendTarget(nil)
        source?.sendAction(0)
    }

    /// Its surface went: the drag leaves it, as it would any surface.
    private func targetDestroyed() { leaveTarget() }
}
