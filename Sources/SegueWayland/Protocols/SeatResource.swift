import CWaylandServer

/// A client's object on the seat that only the seat talks to (a
/// wl_keyboard, wl_pointer, wl_touch or swipe gesture): its client, its
/// resource while that lives, and, once it goes, the list that held it lets
/// it go.
package class SeatResource: ResourceObject {
    package let client: OpaquePointer
    package private(set) var resource: OpaquePointer?
    fileprivate var gone: (() -> Void)?

    init?(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32,
          implementation: UnsafeRawPointer) {
        self.client = client
        guard let resource = Resource.create(client: client, interface: interface, version: version, id: id,
                                             implementation: implementation, object: self) else { return nil }
        self.resource = resource
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        gone?()
    }
}

/// A seat part's objects of one kind, each its client's: what goes to a
/// client goes to its own, and each leaves the list as its resource goes.
final class ClientObjects<Object: SeatResource> {
    private(set) var all: [Object] = []

    func add(_ object: Object) {
        all.append(object)
        object.gone = { [weak self, unowned object] in self?.all.removeAll { $0 === object } }
    }

    /// `client`'s, none for no client.
    func of(_ client: OpaquePointer?) -> [Object] { all.filter { $0.client == client } }

    /// Those of the client `surface` (a wl_surface resource) is of.
    func on(_ surface: OpaquePointer) -> [Object] { of(wl_resource_get_client(surface)) }
}
