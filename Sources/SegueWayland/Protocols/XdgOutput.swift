import CWaylandServer

/// One client's zxdg_output_v1 for a wl_output it bound: where the output
/// lies and how big it is in surface units (the pixels over the scale,
/// rounded up as windows are configured), its name and description.
final class XdgOutput: ResourceObject {
    private(set) var resource: OpaquePointer?
    /// The client's wl_output this describes, whose done event ends each
    /// description from version 3 on; nil once the client destroyed it.
    private var wlOutput: OpaquePointer?
    private weak var output: OutputGlobal?

    init?(client: OpaquePointer, version: Int32, id: UInt32, wlOutput: OpaquePointer, output: OutputGlobal) {
        self.wlOutput = wlOutput
        self.output = output
        guard let resource = Resource.create(client: client, interface: segue_zxdg_output_v1_interface(), version: version, id: id,
                                             implementation: Resource.destroyOnly, object: self) else { return nil }
        self.resource = resource
        describe(naming: true)
        done()
    }

    /// Sends what it describes: all of it when it is new, else its size (the output was resized or rescaled).
    func describe(naming: Bool = false) {
        guard let resource, let output else { return }
        if naming { zxdg_output_v1_send_logical_position(resource, 0, 0) }
        zxdg_output_v1_send_logical_size(resource, output.logicalWidth, output.logicalHeight)
        guard naming, wl_resource_get_version(resource) >= ZXDG_OUTPUT_V1_NAME_SINCE_VERSION else { return }
        zxdg_output_v1_send_name(resource, output.name)
        zxdg_output_v1_send_description(resource, output.description)
    }

    /// Ends a description: its own done event before version 3, wl_output's from then on.
    func done() {
        guard let resource else { return }
        guard wl_resource_get_version(resource) >= 3 else { return zxdg_output_v1_send_done(resource) }
        if let wlOutput, wl_resource_get_version(wlOutput) >= WL_OUTPUT_DONE_SINCE_VERSION { wl_output_send_done(wlOutput) }
    }

    /// Whether it describes the client's `wlOutput`.
    func describes(_ wlOutput: OpaquePointer) -> Bool { self.wlOutput == wlOutput }

    /// The client destroyed the wl_output it describes: nothing is sent on that again.
    func wlOutputDestroyed() { wlOutput = nil }

    /// Whether its version ends a description with wl_output's done event.
    var endsWithOutputDone: Bool { resource.map { wl_resource_get_version($0) >= 3 } ?? false }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        output?.remove(self)
    }
}
