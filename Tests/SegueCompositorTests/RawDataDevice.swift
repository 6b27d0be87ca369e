import CWaylandClient
import Glibc
import SegueClientSupport

/// A wl_data_device that records each selection it is offered (the offer's
/// mime types, or nil for a cleared selection) and each drag it hears of.
final class RawDataDevice {
    enum DragEvent: Equatable {
        /// Over `surface` at (x, y), with an offer of these mime types (nil: a drag with no source).
        case enter(OpaquePointer?, x: Double, y: Double, mimeTypes: [String]?)
        case motion(x: Double, y: Double)
        case leave
        case drop
    }

    let device: OpaquePointer
    private(set) var selections: [[String]?] = []
    private(set) var dragEvents: [DragEvent] = []
    /// The offer of the last drag that entered, the serial of its enter, and what it heard.
    private(set) var dragOffer: OpaquePointer?
    private(set) var dragSerial: UInt32 = 0
    var dragOfferEvents: RawOfferEvents? { dragOffer.flatMap { offers[$0] }.map { RawOfferEvents(sourceActions: $0.sourceActions, actions: $0.actions) } }
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

    fileprivate func dragEntered(serial: UInt32, surface: OpaquePointer?, x: wl_fixed_t, y: wl_fixed_t, offer: OpaquePointer?) {
        dragOffer = offer
        dragSerial = serial
        dragEvents.append(.enter(surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y),
                                 mimeTypes: offer.map { offers[$0]?.mimeTypes ?? [] }))
    }

    fileprivate func dragged(_ event: DragEvent) { dragEvents.append(event) }

    /// Reads `mimeType` from the last drag's offer: the read end of the pipe its source writes to.
    func receiveDrag(_ mimeType: String) -> Int32? {
        guard let dragOffer else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        wl_data_offer_receive(dragOffer, mimeType, fds[1])
        close(fds[1])
        return fds[0]
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

/// What a drag's offer heard of the actions: those its source allows, and each settled.
struct RawOfferEvents: Equatable {
    var sourceActions: UInt32?
    var actions: [UInt32]
}

/// The mime types a wl_data_offer announced, and for a drag's, the actions.
private final class RawOffer {
    var mimeTypes: [String] = []
    var sourceActions: UInt32?
    var actions: [UInt32] = []
}

private nonisolated(unsafe) let dataDeviceListener = fixedListener(wl_data_device_listener(
    data_offer: { data, _, offer in if let offer { (listenerObject(data) as RawDataDevice).introduced(offer) } },
    enter: { data, _, serial, surface, x, y, offer in
        (listenerObject(data) as RawDataDevice).dragEntered(serial: serial, surface: surface, x: x, y: y, offer: offer)
    },
    leave: { data, _ in (listenerObject(data) as RawDataDevice).dragged(.leave) },
    motion: { data, _, _, x, y in (listenerObject(data) as RawDataDevice).dragged(.motion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))) },
    drop: { data, _ in (listenerObject(data) as RawDataDevice).dragged(.drop) },
    selection: { data, _, offer in (listenerObject(data) as RawDataDevice).selected(offer) }
))

private nonisolated(unsafe) let offerListener = fixedListener(wl_data_offer_listener(
    offer: { data, _, mimeType in if let mimeType { (listenerObject(data) as RawOffer).mimeTypes.append(String(cString: mimeType)) } },
    source_actions: { data, _, actions in (listenerObject(data) as RawOffer).sourceActions = actions },
    action: { data, _, action in (listenerObject(data) as RawOffer).actions.append(action) }
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

/// A wl_data_source, which also records what a drag of it heard.
final class RawDataSource: RawSelectionSource {
    enum DragEvent: Equatable {
        case target(String?)
        case action(UInt32)
        case dropPerformed
        case finished
    }

    private(set) var dragEvents: [DragEvent] = []

    override init(source: OpaquePointer, data: String) {
        super.init(source: source, data: data)
        wl_data_source_add_listener(source, dataSourceListener, listenerData(self))
    }

    fileprivate func dragged(_ event: DragEvent) { dragEvents.append(event) }
}

private nonisolated(unsafe) let dataSourceListener = fixedListener(wl_data_source_listener(
    target: { data, _, mimeType in (listenerObject(data) as RawDataSource).dragged(.target(mimeType.map { String(cString: $0) })) },
    send: { data, _, _, fd in (listenerObject(data) as RawDataSource).send(to: fd) },
    cancelled: { data, _ in (listenerObject(data) as RawDataSource).cancel() },
    dnd_drop_performed: { data, _ in (listenerObject(data) as RawDataSource).dragged(.dropPerformed) },
    dnd_finished: { data, _ in (listenerObject(data) as RawDataSource).dragged(.finished) },
    action: { data, _, action in (listenerObject(data) as RawDataSource).dragged(.action(action)) }
))
