import CWaylandServer
import Foundation
import SegueEngine
import SegueLoop

/// The xdg_activation_v1 global: hands out tokens and brings a window forward
/// when a client activates it with one. A token only counts when the client
/// that asked for it had the shown window's surface, so no client can take
/// focus at will; activation without a valid token marks the window urgent.
package final class XdgActivation: ResourceObject {
    package static let version: Int32 = 1
    /// A token not used within this many seconds is forgotten.
    static let tokenLifetime = 10.0

    /// Asked for the window of an activated surface, then told whether to show it.
    package weak var delegate: ActivationDelegate?
    private var global: Global?
    /// Valid tokens and when they were issued.
    private var tokens: [String: Instant] = [:]
    /// Rectangles segue_transition_manager_v1 gave valid tokens; they go with their token.
    private var sourceRects: [String: SourceRect] = [:]

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_activation_v1_interface> = {
        let table = UnsafeMutablePointer<xdg_activation_v1_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_activation_v1_interface(
            destroy: Resource.destroy,
            get_activation_token: { client, resource, id in
                guard let client, let activation = Resource.object(resource, as: XdgActivation.self) else { return }
                _ = XdgActivationToken(client: client, version: wl_resource_get_version(resource), id: id, activation: activation)
            },
            activate: { _, resource, token, surfaceResource in
                guard let activation = Resource.object(resource, as: XdgActivation.self), let token,
                      let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
                activation.activate(surface, token: String(cString: token))
            }))
        return table
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_xdg_activation_v1_interface(), version: Self.version) { [unowned self] client, version, id in
            Resource.create(client: client, interface: segue_xdg_activation_v1_interface(), version: Int32(version), id: id,
                            implementation: Self.implementation, object: self)
        }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    /// A committed token: valid when `surface` is the shown window's. Every
    /// token gets a unique string, valid or not, so clients cannot tell.
    func issue(for surface: Surface?) -> String {
        let token = UUID().uuidString
        let now = MonotonicClock.now()
        tokens = tokens.filter { now.seconds(since: $0.value) < Self.tokenLifetime }
        sourceRects = sourceRects.filter { tokens[$0.key] != nil }
        if let surface, delegate?.surfaceIsShown(surface) == true { tokens[token] = now }
        return token
    }

    /// Has the activation with `token` grow its window out of `rect`; a token
    /// that is not valid is ignored, so clients cannot tell which are.
    func setSourceRect(_ rect: SourceRect, forToken token: String) {
        guard tokens[token] != nil else { return }
        sourceRects[token] = rect
    }

    private func activate(_ surface: Surface, token: String) {
        let issued = tokens.removeValue(forKey: token)
        let rect = sourceRects.removeValue(forKey: token)
        let valid = issued.map { MonotonicClock.now().seconds(since: $0) < Self.tokenLifetime } ?? false
        delegate?.activationRequested(for: surface, valid: valid, sourceRect: valid ? rect : nil)
    }
}

package protocol ActivationDelegate: AnyObject {
    func surfaceIsShown(_ surface: Surface) -> Bool
    /// `sourceRect`: what segue_transition_manager_v1.set_activation_rect gave the token, if it was valid.
    func activationRequested(for surface: Surface, valid: Bool, sourceRect: SourceRect?)
}
