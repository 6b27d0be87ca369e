import CWaylandServer
import Glibc

/// The wp_presentation global: clients ask to be told when a commit reached
/// the screen. Each feedback goes to its surface's pending state, and is
/// answered when the frame showing that commit is presented (or discarded).
package final class Presentation: ResourceObject {
    package static let version: Int32 = 1

    private var global: Global?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wp_presentation_interface> = {
        let p = UnsafeMutablePointer<wp_presentation_interface>.allocate(capacity: 1)
        p.initialize(to: wp_presentation_interface(
            destroy: Resource.destroy,
            feedback: { client, resource, surfaceResource, id in
                guard let client, let resource, let surface = Resource.object(surfaceResource, as: Surface.self),
                      let feedback = PresentationFeedback(client: client, version: wl_resource_get_version(resource), id: id)
                else { return }
                surface.modifyPending(PresentationState.self) { $0.feedbacks.append(feedback) }
            }))
        return p
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_wp_presentation_interface(), version: Self.version) { [weak self] client, version, id in
            guard let self else { return }
            guard let resource = Resource.create(client: client, interface: segue_wp_presentation_interface(), version: Int32(version),
                                                 id: id, implementation: Self.implementation, object: self) else { return }
            // Presentation timestamps come from CLOCK_MONOTONIC.
            wp_presentation_send_clock_id(resource, UInt32(CLOCK_MONOTONIC))
        }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}
}
