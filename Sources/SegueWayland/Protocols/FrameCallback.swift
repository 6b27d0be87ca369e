import CWaylandServer

/// A wl_surface.frame callback: told `done` once, after a frame that showed
/// its surface was presented. It forgets itself if the client goes first.
package final class FrameCallback: ResourceObject {
    package private(set) var resource: OpaquePointer?

    package init?(client: OpaquePointer, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_callback_interface(), version: 1,
                                             id: id, implementation: nil, object: Resource.inert) else { return nil }
        self.resource = resource
        watcher.subscribe(toDestructionOfResource: resource)
    }

    private lazy var watcher = Listener { [unowned self] _ in self.resource = nil }

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    /// Sends `done` with the presentation time in milliseconds and destroys the callback.
    package func done(milliseconds: UInt32) {
        guard let resource else { return }
        watcher.remove()
        self.resource = nil
        wl_callback_send_done(resource, milliseconds)
        wl_resource_destroy(resource)
    }
}
