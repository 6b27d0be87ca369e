import CWaylandClient
import Glibc
import SegueClientSupport

/// A zwp_primary_selection_device_v1 that records the mime types of each
/// primary selection it is offered, and can receive from the last one.
final class RawPrimaryDevice {
    let device: OpaquePointer
    private(set) var selections: [[String]?] = []
    /// The offer of each selection, in order (nil where it was cleared).
    private var selectionOffers: [OpaquePointer?] = []
    private var offers: [OpaquePointer: MimeTypeList] = [:]

    init(device: OpaquePointer) {
        self.device = device
        zwp_primary_selection_device_v1_add_listener(device, primaryDeviceListener, listenerData(self))
    }

    fileprivate func introduced(_ offer: OpaquePointer) {
        let list = MimeTypeList()
        offers[offer] = list
        zwp_primary_selection_offer_v1_add_listener(offer, primaryOfferListener, listenerData(list))
    }

    fileprivate func selected(_ offer: OpaquePointer?) {
        selectionOffers.append(offer)
        selections.append(offer.map { offers[$0]?.mimeTypes ?? [] })
    }

    /// Asks the source of selection `index` (by default the last) for
    /// `mimeType`: the read end of the pipe it writes to.
    func receive(_ mimeType: String, fromSelection index: Int? = nil) -> Int32? {
        var fds: [Int32] = [0, 0]
        guard let selection = selectionOffers[index ?? selectionOffers.count - 1], pipe(&fds) == 0 else { return nil }
        zwp_primary_selection_offer_v1_receive(selection, mimeType, fds[1])
        close(fds[1])
        return fds[0]
    }
}

/// The mime types an offer announced.
private final class MimeTypeList {
    var mimeTypes: [String] = []
}

private nonisolated(unsafe) let primaryDeviceListener = fixedListener(zwp_primary_selection_device_v1_listener(
    data_offer: { data, _, offer in if let offer { (listenerObject(data) as RawPrimaryDevice).introduced(offer) } },
    selection: { data, _, offer in (listenerObject(data) as RawPrimaryDevice).selected(offer) }
))

private nonisolated(unsafe) let primaryOfferListener = fixedListener(zwp_primary_selection_offer_v1_listener(
    offer: { data, _, mimeType in if let mimeType { (listenerObject(data) as MimeTypeList).mimeTypes.append(String(cString: mimeType)) } }
))

/// A zwp_primary_selection_source_v1.
final class RawPrimarySource: RawSelectionSource {
    override init(source: OpaquePointer, data: String) {
        super.init(source: source, data: data)
        zwp_primary_selection_source_v1_add_listener(source, primarySourceListener, listenerData(self))
    }
}

private nonisolated(unsafe) let primarySourceListener = fixedListener(zwp_primary_selection_source_v1_listener(
    send: { data, _, _, fd in (listenerObject(data) as RawPrimarySource).send(to: fd) },
    cancelled: { data, _ in (listenerObject(data) as RawPrimarySource).cancel() }
))
