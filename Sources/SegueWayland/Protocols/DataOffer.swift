import CWaylandServer
import Glibc

/// A wl_data_offer to one client, of the selection or of a drag: its receive
/// requests go to the source's client. A drag's offer also tells the source
/// what the target would take (accept, set_actions), and that a drop is done (finish).
final class DataOffer: ResourceObject {
    private(set) var resource: OpaquePointer?
    /// Whether it offers a drag rather than the selection.
    let isDrag: Bool
    private weak var source: SelectionSource?
    /// The drag's source, for an offer of a drag.
    private weak var dragSource: DataSource?
    /// Whether the pointer is still over the surface this drag offer was made for.
    var isCurrent = true
    /// What the target said it would take of a drag, and the action settled for it.
    private(set) var acceptedMimeType: String?
    private var targetActions: UInt32 = 0, preferredAction: UInt32 = 0
    private(set) var action: UInt32 = 0
    /// The drag was dropped on this offer's surface, and the target said it is done with it.
    private(set) var dropped = false
    private var finished = false

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_offer_interface> = {
        let p = UnsafeMutablePointer<wl_data_offer_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_offer_interface(
            accept: { _, resource, _, mimeType in
                Resource.object(resource, as: DataOffer.self)?.accept(mimeType.map { String(cString: $0) })
            },
            receive: { _, resource, mimeType, fd in
                defer { close(fd) }
                guard let offer = Resource.object(resource, as: DataOffer.self), let mimeType else { return }
                offer.receive(String(cString: mimeType), fd: fd)
            },
            destroy: Resource.destroy,
            finish: { _, resource in Resource.object(resource, as: DataOffer.self)?.finish() },
            set_actions: { _, resource, actions, preferred in
                Resource.object(resource, as: DataOffer.self)?.setActions(actions, preferred: preferred)
            }))
        return p
    }()

    /// A server-made offer (new_id 0) of the selection, which the caller announces with wl_data_device.data_offer.
    init?(client: OpaquePointer, version: Int32, source: SelectionSource) {
        isDrag = false
        self.source = source
        guard let resource = Resource.create(client: client, interface: segue_wl_data_offer_interface(), version: version,
                                             id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    /// A server-made offer of a drag's `source`, announced the same way.
    init?(client: OpaquePointer, version: Int32, dragSource: DataSource) {
        isDrag = true
        self.dragSource = dragSource
        guard let resource = Resource.create(client: client, interface: segue_wl_data_offer_interface(), version: version,
                                             id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        // A target that drops the offer of a drop it never finished gives it up;
        // one too old to finish is done with it.
        guard dropped, !finished, let dragSource else { return }
        if wl_resource_get_version(resource) >= WL_DATA_OFFER_FINISH_SINCE_VERSION { dragSource.cancel() } else { dragSource.sendFinished() }
    }

    var version: Int32 { resource.map { wl_resource_get_version($0) } ?? 0 }

    private func receive(_ mimeType: String, fd: Int32) {
        if !isDrag {
            // Only while it is the selection: a replaced one was cancelled.
            guard let source, source.isTheSelection else { return }
            source.send(mimeType: mimeType, fd: fd)
        } else if let dragSource, isCurrent || dropped {
            dragSource.send(mimeType: mimeType, fd: fd)
        }
    }

    // MARK: Drag and drop

    private func accept(_ mimeType: String?) {
        // Acceptance steers drags only, and only while the pointer is over the target.
        guard let dragSource, isCurrent, !dropped else { return }
        acceptedMimeType = mimeType
        dragSource.sendTarget(mimeType)
    }

    private func setActions(_ actions: UInt32, preferred: UInt32) {
        guard isDrag, !finished else {
            return WlDataOfferResource(resource).postError(.invalidOffer, "set_actions is for drag-and-drop offers not yet finished")
        }
        guard actions & ~DataSource.allActions == 0 else {
            return WlDataOfferResource(resource).postError(.invalidActionMask, "action mask \(actions) has bits outside copy, move and ask")
        }
        guard preferred == 0 || (preferred & actions == preferred && preferred.nonzeroBitCount == 1) else {
            return WlDataOfferResource(resource).postError(.invalidAction, "preferred action \(preferred) is not one of \(actions)")
        }
        (targetActions, preferredAction) = (actions, preferred)
        settleAction()
    }

    /// Settles the action a drop would take: the target's preferred one where
    /// the source allows it, else the first both allow (copy, move, ask); tells both when it changed.
    /// Only while the pointer is over the target, or after a drop that asked:
    /// an offer left behind says nothing to the source (a late answer would
    /// turn a copy elsewhere into a move, and the source would delete the data).
    func settleAction() {
        let asking = dropped && action == WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue
        guard let dragSource, isCurrent && !dropped || asking else { return }
        // Before version 3 there are no actions: a drop copies.
        let offered = version >= WL_DATA_OFFER_ACTION_SINCE_VERSION ? targetActions : WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
        let available = offered & dragSource.dragActions
        let chosen: UInt32 = available == 0 ? 0 : preferredAction & available != 0 ? preferredAction : 1 << available.trailingZeroBitCount
        guard chosen != action else { return }
        action = chosen
        dragSource.sendAction(chosen)
        // After the drop the target picked the action itself.
        if let resource, !dropped, version >= WL_DATA_OFFER_ACTION_SINCE_VERSION { wl_data_offer_send_action(resource, chosen) }
    }

    /// Whether a release now would drop the drag here: the offer is still
    /// there, and the target accepted a type and an action was settled.
    var takesDrop: Bool { resource != nil && acceptedMimeType != nil && action != 0 }

    func markDropped() { dropped = true }

    private func finish() {
        guard isDrag else {
            return WlDataOfferResource(resource).postError(.invalidFinish, "finish is for drag-and-drop offers, not the selection")
        }
        guard dropped, !finished, takesDrop, action != WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue else {
            return WlDataOfferResource(resource).postError(.invalidFinish, "finish before a drop it accepted with an action (ask: before it chose one)")
        }
        finished = true
        dragSource?.sendFinished()
    }
}
