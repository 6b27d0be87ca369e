import CWaylandClient
import Glibc
import SegueBackend
import SegueClientSupport

/// One of the parent seat's selections, bridged to Segue's: the clipboard
/// (wl_data_device) or the primary selection (zwp_primary_selection_device_v1,
/// where the parent offers it). What the parent holds is offered to Segue's
/// clients; what a Segue client selects is offered on the parent. Either way
/// the data goes straight between the two clients' file descriptors.
final class ParentSelection {
    let kind: SelectionKind
    /// The parent holds a new selection, or none; it is heard while Segue's window has the keyboard.
    var changed: ((SelectionOffer?) -> Void)?

    private let manager: OpaquePointer
    private let device: OpaquePointer
    private let connection: ParentConnection
    /// The serial of the parent's latest input event to Segue's window, which setting a selection answers.
    private let serial: () -> UInt32?
    /// Offers the parent introduced, with the mime types each announced so far.
    private var offers: [OpaquePointer: [String]] = [:]
    /// Offers that carry `marker`: Segue's own selection, come back.
    private var echoes: Set<OpaquePointer> = []
    /// The offer of the parent's selection now, and of a drag over Segue's window.
    private var selection: OpaquePointer?
    private var dragOffer: OpaquePointer?
    /// What Segue's client selected, offered on the parent while the parent holds it.
    private var source: (proxy: OpaquePointer, offer: SelectionOffer)?
    /// A mime type only Segue's own sources offer: the parent tells its focused
    /// client of every selection, its own too, and may refuse one without a word,
    /// so only this tells Segue's own selection from another's.
    private let marker = "application/x-segue-selection-\(getpid())"

    /// Bounds what a parent may make Segue keep per offer, as Segue's own clients are bounded.
    private static let maximumMimeTypes = 64, maximumMimeTypeBytes = 255

    init?(kind: SelectionKind, manager: OpaquePointer, seat: OpaquePointer, connection: ParentConnection,
          serial: @escaping () -> UInt32?) {
        let device: OpaquePointer? = switch kind {
        case .clipboard: wl_data_device_manager_get_data_device(manager, seat)
        case .primary: zwp_primary_selection_device_manager_v1_get_device(manager, seat)
        }
        guard let device else { return nil }
        self.kind = kind
        self.manager = manager
        self.device = device
        self.connection = connection
        self.serial = serial
        switch kind {
        case .clipboard: wl_data_device_add_listener(device, Self.dataDeviceListener, listenerData(self))
        case .primary: zwp_primary_selection_device_v1_add_listener(device, Self.primaryDeviceListener, listenerData(self))
        }
    }

    func destroy() {
        withdraw()
        for offer in offers.keys { destroy(offer: offer) }
        offers.removeAll()
        echoes.removeAll()
        (selection, dragOffer) = (nil, nil)
        switch kind {
        // Release came with version 2; before it the proxy only goes.
        case .clipboard where wl_proxy_get_version(device) >= 2: wl_data_device_release(device)
        case .clipboard: wl_data_device_destroy(device)
        case .primary: zwp_primary_selection_device_v1_destroy(device)
        }
    }

    /// Offers what a Segue client selected on the parent, or withdraws it (nil).
    /// The old source goes only once the new one is set, so the parent never
    /// holds nothing in between.
    func offer(_ selection: SelectionOffer?) {
        let old = source
        defer { if let old { destroy(source: old.proxy) } }
        source = nil
        guard let selection, let serial = serial() else { return }
        let proxy: OpaquePointer?
        switch kind {
        case .clipboard:
            proxy = wl_data_device_manager_create_data_source(manager)
            guard let proxy else { return }
            wl_data_source_add_listener(proxy, Self.dataSourceListener, listenerData(self))
            for mimeType in selection.mimeTypes + [marker] { wl_data_source_offer(proxy, mimeType) }
            wl_data_device_set_selection(device, proxy, serial)
        case .primary:
            proxy = zwp_primary_selection_device_manager_v1_create_source(manager)
            guard let proxy else { return }
            zwp_primary_selection_source_v1_add_listener(proxy, Self.primarySourceListener, listenerData(self))
            for mimeType in selection.mimeTypes + [marker] { zwp_primary_selection_source_v1_offer(proxy, mimeType) }
            zwp_primary_selection_device_v1_set_selection(device, proxy, serial)
        }
        source = proxy.map { ($0, selection) }
    }

    // MARK: The parent's selection

    private func introduced(_ offer: OpaquePointer) {
        // One introduced before and never made the selection or a drag's is of no use: it goes, so a parent cannot pile them up.
        for stale in offers.keys where stale != selection && stale != dragOffer { forget(stale) }
        offers[offer] = []
        switch kind {
        case .clipboard: wl_data_offer_add_listener(offer, Self.dataOfferListener, listenerData(self))
        case .primary: zwp_primary_selection_offer_v1_add_listener(offer, Self.primaryOfferListener, listenerData(self))
        }
    }

    private func announced(_ mimeType: String, by offer: OpaquePointer) {
        guard mimeType != marker else {
            echoes.insert(offer)
            return
        }
        guard var types = offers[offer], types.count < Self.maximumMimeTypes,
              mimeType.utf8.count <= Self.maximumMimeTypeBytes, !types.contains(mimeType) else { return }
        types.append(mimeType)
        offers[offer] = types
    }

    private func selected(_ offer: OpaquePointer?) {
        if let old = selection, old != offer { forget(old) }
        selection = offer
        // Segue's own selection come back: Segue has it already.
        if let offer, echoes.contains(offer) { return }
        guard let offer else {
            changed?(nil)
            return
        }
        changed?(SelectionOffer(mimeTypes: offers[offer] ?? []) { [weak self] mimeType, fd in
            self?.receive(mimeType, from: offer, into: fd)
        })
    }

    private func receive(_ mimeType: String, from offer: OpaquePointer, into fd: Int32) {
        // A replaced offer is destroyed; what was offered for it can no longer be read.
        guard offer == selection else { return }
        switch kind {
        case .clipboard: wl_data_offer_receive(offer, mimeType, fd)
        case .primary: zwp_primary_selection_offer_v1_receive(offer, mimeType, fd)
        }
        connection.flush()
    }

    /// A drag over Segue's window: Segue takes no drops, and its offer goes when the drag leaves.
    private func dragLeft() {
        if let dragOffer, dragOffer != selection { forget(dragOffer) }
        dragOffer = nil
    }

    private func forget(_ offer: OpaquePointer) {
        destroy(offer: offer)
        offers[offer] = nil
        echoes.remove(offer)
    }

    private func destroy(offer: OpaquePointer) {
        switch kind {
        case .clipboard: wl_data_offer_destroy(offer)
        case .primary: zwp_primary_selection_offer_v1_destroy(offer)
        }
    }

    // MARK: Segue's selection on the parent

    private func send(_ mimeType: UnsafePointer<CChar>?, into fd: Int32) {
        if let mimeType { source?.offer.write(String(cString: mimeType), fd) }
        close(fd)
    }

    /// The parent took another selection (or Segue withdrew its own): the source goes.
    private func withdraw() {
        guard let (proxy, _) = source else { return }
        source = nil
        destroy(source: proxy)
    }

    private func destroy(source proxy: OpaquePointer) {
        switch kind {
        case .clipboard: wl_data_source_destroy(proxy)
        case .primary: zwp_primary_selection_source_v1_destroy(proxy)
        }
    }

    // MARK: Listeners

    nonisolated(unsafe) private static let dataDeviceListener = fixedListener(wl_data_device_listener(
        data_offer: { data, _, offer in if let offer { (listenerObject(data) as ParentSelection).introduced(offer) } },
        enter: { data, _, _, _, _, _, offer in (listenerObject(data) as ParentSelection).dragOffer = offer },
        leave: { data, _ in (listenerObject(data) as ParentSelection).dragLeft() },
        motion: { _, _, _, _, _ in },
        drop: { data, _ in (listenerObject(data) as ParentSelection).dragLeft() },
        selection: { data, _, offer in (listenerObject(data) as ParentSelection).selected(offer) }
    ))

    nonisolated(unsafe) private static let dataOfferListener = fixedListener(wl_data_offer_listener(
        offer: { data, offer, mimeType in
            guard let offer, let mimeType else { return }
            (listenerObject(data) as ParentSelection).announced(String(cString: mimeType), by: offer)
        },
        source_actions: { _, _, _ in },
        action: { _, _, _ in }
    ))

    nonisolated(unsafe) private static let dataSourceListener = fixedListener(wl_data_source_listener(
        target: { _, _, _ in },
        send: { data, _, mimeType, fd in (listenerObject(data) as ParentSelection).send(mimeType, into: fd) },
        cancelled: { data, _ in (listenerObject(data) as ParentSelection).withdraw() },
        dnd_drop_performed: { _, _ in },
        dnd_finished: { _, _ in },
        action: { _, _, _ in }
    ))

    nonisolated(unsafe) private static let primaryDeviceListener = fixedListener(zwp_primary_selection_device_v1_listener(
        data_offer: { data, _, offer in if let offer { (listenerObject(data) as ParentSelection).introduced(offer) } },
        selection: { data, _, offer in (listenerObject(data) as ParentSelection).selected(offer) }
    ))

    nonisolated(unsafe) private static let primaryOfferListener = fixedListener(zwp_primary_selection_offer_v1_listener(
        offer: { data, offer, mimeType in
            guard let offer, let mimeType else { return }
            (listenerObject(data) as ParentSelection).announced(String(cString: mimeType), by: offer)
        }
    ))

    nonisolated(unsafe) private static let primarySourceListener = fixedListener(zwp_primary_selection_source_v1_listener(
        send: { data, _, mimeType, fd in (listenerObject(data) as ParentSelection).send(mimeType, into: fd) },
        cancelled: { data, _ in (listenerObject(data) as ParentSelection).withdraw() }
    ))
}
