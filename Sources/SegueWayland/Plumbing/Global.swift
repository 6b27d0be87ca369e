import CWaylandServer
import Synchronization

/// A wl_global whose binds are handled by a Swift closure. Every global made
/// is listed for its display (`AdvertisedGlobal.all(on:)`) while it lives.
final class Global {
    typealias Bind = (_ client: OpaquePointer, _ version: UInt32, _ id: UInt32) -> Void

    private(set) var global: OpaquePointer?
    private let bind: Bind
    /// Its interface's name and the version offered.
    let advertised: AdvertisedGlobal

    /// `forEveryClient` false: a global filter shows it only to some clients, and it is not listed.
    init(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, forEveryClient: Bool = true,
         bind: @escaping Bind) {
        self.bind = bind
        advertised = AdvertisedGlobal(interface: interface, version: version)
        global = wl_global_create(display, interface, version, Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            guard let client, let data else { return }
            Unmanaged<Global>.fromOpaque(data).takeUnretainedValue().bind(client, version, id)
        }
        if global != nil, forEveryClient {
            AdvertisedGlobal.add(advertised, on: display, by: ObjectIdentifier(self))
        }
    }

    deinit {
        AdvertisedGlobal.remove(by: ObjectIdentifier(self))
        if let global { wl_global_destroy(global) }
    }
}

/// A global every client of a display sees, as its registry names it.
package struct AdvertisedGlobal: Sendable, Equatable {
    package let name: String
    package let version: Int

    init(interface: UnsafePointer<wl_interface>, version: Int32) {
        name = String(cString: interface.pointee.name)
        self.version = Int(version)
    }

    /// The globals every client of `display` sees, in the order they were made.
    package static func all(on display: OpaquePointer) -> [AdvertisedGlobal] {
        let key = UInt(bitPattern: display)
        return listed.withLock { $0.filter { $0.display == key }.map(\.global) }
    }

    /// `owner` made `global` on `display`: listed until it removes it.
    static func add(_ global: AdvertisedGlobal, on display: OpaquePointer, by owner: ObjectIdentifier) {
        listed.withLock { $0.append(Listing(display: UInt(bitPattern: display), owner: owner, global: global)) }
    }

    static func remove(by owner: ObjectIdentifier) {
        listed.withLock { $0.removeAll { $0.owner == owner } }
    }

    /// `display` is gone: nothing listed for it stays, whatever outlived it
    /// (its address may be the next display's).
    static func removeAll(on display: OpaquePointer) {
        let key = UInt(bitPattern: display)
        listed.withLock { $0.removeAll { $0.display == key } }
    }

    private struct Listing: Sendable {
        let display: UInt
        let owner: ObjectIdentifier
        let global: AdvertisedGlobal
    }

    /// Every display's, for compositors made on any thread (WLCS makes its own on a thread of its own).
    private static let listed = Mutex<[Listing]>([])
}

extension Global {
    /// A global each binding of which is a resource with `implementation`
    /// (a request table allocated for the process lifetime), owned by what
    /// `owner` gives: the global's object, held weakly by the caller, or
    /// `Resource.inert` for requests that need no state.
    convenience init(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
                     implementation: UnsafeRawPointer, owner: @escaping () -> ResourceObject?) {
        self.init(display: display, interface: interface, version: version) { client, version, id in
            guard let owner = owner() else { return }
            Resource.create(client: client, interface: interface, version: Int32(version), id: id, implementation: implementation, object: owner)
        }
    }
}
