import CWaylandServer

/// A client's source of a selection whose requests are offer and destroy and
/// whose events are send and cancelled: zwp_primary_selection_source_v1 and
/// zwlr_data_control_source_v1, whose request tables are laid out alike (the
/// shim checks), so one serves both. It holds the mime types the client can
/// give, and asks the client for the data.
class OfferingSource: ResourceObject, SelectionSource {
    /// Its protocol's events.
    struct Events {
        let send: (_ source: OpaquePointer, _ mimeType: UnsafePointer<CChar>, _ fd: Int32) -> Void
        let cancelled: (_ source: OpaquePointer) -> Void
    }

    private(set) var resource: OpaquePointer?
    private(set) var mimeTypes = MimeTypes()
    weak var clipboard: Clipboard?
    private let events: Events

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_primary_selection_source_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_primary_selection_source_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_primary_selection_source_v1_interface(
            offer: { _, resource, mimeType in
                guard let resource, let source = Resource.object(resource, as: OfferingSource.self), let mimeType,
                      source.mayOffer(resource) else { return }
                source.mimeTypes.offer(String(cString: mimeType))
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32, events: Events) {
        self.events = events
        guard let resource = Resource.create(client: client, interface: interface, version: min(version, interface.pointee.version),
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    /// Whether it takes another mime type now; where not, the protocol's error is posted on `resource`.
    func mayOffer(_ resource: OpaquePointer) -> Bool { true }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        clipboard?.sourceDestroyed(self)
    }

    var isAlive: Bool { resource != nil }

    func send(mimeType: String, fd: Int32) {
        guard let resource else { return }
        mimeType.withCString { events.send(resource, $0, fd) }
    }

    func cancel() {
        guard let resource else { return }
        events.cancelled(resource)
    }
}
