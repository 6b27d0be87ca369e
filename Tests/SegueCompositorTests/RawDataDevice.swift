import CWaylandClient
import Glibc
import SegueClientSupport

/// A wl_data_device that records each selection it is offered: the offer's
/// mime types, or nil for a cleared selection.
final class RawDataDevice {
    let device: OpaquePointer
    private(set) var selections: [[String]?] = []
    /// The offer of the last selection, to receive from.
    private(set) var selection: OpaquePointer?
    /// Offers introduced but not yet made the selection, with their mime types so far.
    private var offers: [OpaquePointer: RawOffer] = [:]

    init(device: OpaquePointer) {
        self.device = device
        wl_data_device_add_listener(device, dataDeviceListener, listenerData(self))
    }

    fileprivate func introduced(_ offer: OpaquePointer) {
        let recorder = RawOffer()
        offers[offer] = recorder
        wl_data_offer_add_listener(offer, offerListener, listenerData(recorder))
    }

    fileprivate func selected(_ offer: OpaquePointer?) {
        selection = offer
        selections.append(offer.map { offers[$0]?.mimeTypes ?? [] })
    }

    /// Asks the selection's source for `mimeType`: the read end of the pipe it writes to.
    func receive(_ mimeType: String) -> Int32? {
        guard let selection else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        wl_data_offer_receive(selection, mimeType, fds[1])
        close(fds[1])
        return fds[0]
    }
}

/// The mime types a wl_data_offer announced.
private final class RawOffer {
    var mimeTypes: [String] = []
}

private nonisolated(unsafe) let dataDeviceListener = fixedListener(wl_data_device_listener(
    data_offer: { data, _, offer in if let offer { (listenerObject(data) as RawDataDevice).introduced(offer) } },
    enter: { _, _, _, _, _, _, _ in },
    leave: { _, _ in },
    motion: { _, _, _, _, _ in },
    drop: { _, _ in },
    selection: { data, _, offer in (listenerObject(data) as RawDataDevice).selected(offer) }
))

private nonisolated(unsafe) let offerListener = fixedListener(wl_data_offer_listener(
    offer: { data, _, mimeType in if let mimeType { (listenerObject(data) as RawOffer).mimeTypes.append(String(cString: mimeType)) } },
    source_actions: { _, _, _ in },
    action: { _, _, _ in }
))

/// A selection source of either kind, as a test's client keeps it: it
/// writes its data to every fd it is sent, and records whether it was cancelled.
class RawSelectionSource {
    let source: OpaquePointer
    private let data: String
    private(set) var cancelled = false

    init(source: OpaquePointer, data: String) {
        self.source = source
        self.data = data
    }

    func send(to fd: Int32) {
        _ = data.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    func cancel() { cancelled = true }
}

/// A wl_data_source.
final class RawDataSource: RawSelectionSource {
    override init(source: OpaquePointer, data: String) {
        super.init(source: source, data: data)
        wl_data_source_add_listener(source, dataSourceListener, listenerData(self))
    }
}

private nonisolated(unsafe) let dataSourceListener = fixedListener(wl_data_source_listener(
    target: { _, _, _ in },
    send: { data, _, _, fd in (listenerObject(data) as RawDataSource).send(to: fd) },
    cancelled: { data, _ in (listenerObject(data) as RawDataSource).cancel() },
    dnd_drop_performed: { _, _ in },
    dnd_finished: { _, _ in },
    action: { _, _, _ in }
))
