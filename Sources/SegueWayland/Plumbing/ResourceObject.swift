import CWaylandServer

/// A Swift object behind a wl_resource.
///
/// The resource's user data is a retained reference to the object; the
/// resource destructor releases it after `resourceDestroyed()` has let the
/// object unlink itself from everything else.
package protocol ResourceObject: AnyObject {
    /// The resource is being destroyed (by request, or because its client went away).
    func resourceDestroyed(_ resource: OpaquePointer)
}

package enum Resource {
    /// Creates a resource for `client` implemented by `implementation` (a request
    /// table allocated for the process lifetime) and owned by `object`. Posts
    /// no-memory on `failingWith` (or the client) when libwayland cannot allocate.
    @discardableResult
    package static func create(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32,
                       implementation: UnsafeRawPointer?, object: ResourceObject) -> OpaquePointer? {
        guard let resource = create(client: client, interface: interface, version: version, id: id) else { return nil }
        attach(resource, implementation: implementation, object: object)
        return resource
    }

    /// Creates a bare resource, for an object that needs to hold it before it
    /// can be attached with `attach`. Posts no-memory on failure.
    package static func create(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
                       id: UInt32) -> OpaquePointer? {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        return resource
    }

    /// Gives a resource its request table and owner.
    package static func attach(_ resource: OpaquePointer, implementation: UnsafeRawPointer?, object: ResourceObject) {
        let box = Unmanaged.passRetained(ObjectBox(object)).toOpaque()
        wl_resource_set_implementation(resource, implementation, box, { resource in
            guard let resource, let data = wl_resource_get_user_data(resource) else { return }
            let box = Unmanaged<ObjectBox>.fromOpaque(data).takeRetainedValue()
            box.object.resourceDestroyed(resource)
        })
    }

    /// The object behind a resource this module created.
    package static func object<T: ResourceObject>(_ resource: OpaquePointer?, as type: T.Type = T.self) -> T? {
        guard let resource, let data = wl_resource_get_user_data(resource) else { return nil }
        return Unmanaged<ObjectBox>.fromOpaque(data).takeUnretainedValue().object as? T
    }

    /// Resources without state of their own (regions' requests, callbacks)
    /// share this inert owner.
    package nonisolated(unsafe) static let inert: ResourceObject = Inert()

    private final class Inert: ResourceObject {
        package func resourceDestroyed(_ resource: OpaquePointer) {}
    }

    /// The request table of an object whose only request destroys it
    /// (wl_keyboard's and wl_touch's release, a gesture's destroy): opcode 0,
    /// no arguments. libwayland reads a table as function pointers by
    /// opcode, so this one serves each such interface.
    package nonisolated(unsafe) static let destroyOnly: UnsafeRawPointer = {
        let p = UnsafeMutablePointer<wl_touch_interface>.allocate(capacity: 1)
        p.initialize(to: wl_touch_interface(release: destroy))
        return UnsafeRawPointer(p)
    }()

    /// The request handler every `destroy` request uses.
    package static let destroy: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void = { _, resource in
        wl_resource_destroy(resource)
    }
}

/// Holds the object as `AnyObject` so one destructor serves every type.
private final class ObjectBox {
    package let object: ResourceObject
    package init(_ object: ResourceObject) { self.object = object }
}

/// What a global's resources belong to: the object that made the global,
/// held weakly, so a resource outliving it reaches nothing.
final class GlobalOwner<Object: AnyObject>: ResourceObject {
    weak var object: Object?
    func resourceDestroyed(_ resource: OpaquePointer) {}
}
