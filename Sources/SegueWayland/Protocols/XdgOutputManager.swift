import CWaylandServer

/// The zxdg_output_manager_v1 global (version 3): each client's description
/// of an output in surface units, beside wl_output's in pixels, with its
/// name and description. Bars and screenshot tools place themselves by it.
package final class XdgOutputManager {
    package static let version: Int32 = 3
    private let global: Global

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zxdg_output_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zxdg_output_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zxdg_output_manager_v1_interface(
            destroy: Resource.destroy,
            get_xdg_output: { client, manager, id, wlOutput in
                guard let client, let manager, let wlOutput, let output = Resource.object(wlOutput, as: OutputGlobal.self),
                      let xdgOutput = XdgOutput(client: client, version: wl_resource_get_version(manager), id: id,
                                                wlOutput: wlOutput, output: output) else { return }
                output.add(xdgOutput)
            }))
        return p
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_zxdg_output_manager_v1_interface(), version: Self.version,
                        implementation: Self.implementation, owner: { Resource.inert })
    }
}
