import CWaylandServer

/// One xdg_activation_token_v1: gathers what the token is for, and on commit
/// gets its string from the activation global.
final class XdgActivationToken: ResourceObject {
    private unowned let activation: XdgActivation
    private weak var surface: Surface?
    private var committed = false

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_activation_token_v1_interface> = {
        let table = UnsafeMutablePointer<xdg_activation_token_v1_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_activation_token_v1_interface(
            // The serial and app_id are not needed: the surface alone decides.
            set_serial: { _, resource, _, _ in uncommitted(resource) },
            set_app_id: { _, resource, _ in uncommitted(resource) },
            set_surface: { _, resource, surface in
                uncommitted(resource)?.surface = Resource.object(surface, as: Surface.self)
            },
            commit: { _, resource in
                guard let resource, let token = uncommitted(resource) else { return }
                token.committed = true
                xdg_activation_token_v1_send_done(resource, token.activation.issue(for: token.surface))
            },
            destroy: Resource.destroy))
        return table
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32, activation: XdgActivation) {
        self.activation = activation
        guard Resource.create(client: client, interface: segue_xdg_activation_token_v1_interface(), version: version, id: id,
                              implementation: Self.implementation, object: self) != nil else { return nil }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {}

    /// The token behind `resource`, or the already_used error once it was committed.
    @discardableResult
    private static func uncommitted(_ resource: OpaquePointer?) -> XdgActivationToken? {
        guard let token = Resource.object(resource, as: XdgActivationToken.self) else { return nil }
        guard !token.committed else {
            XdgActivationTokenV1Resource(resource).postError(.alreadyUsed, "the token was committed already")
            return nil
        }
        return token
    }
}
