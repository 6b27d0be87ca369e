import CWaylandServer

/// One client's wl_output resource, told apart from a later one libwayland
/// may make at the same address once this one is gone.
package struct OutputResource: Equatable {
    package let resource: OpaquePointer
    let serial: UInt64
}

/// The wl_output global for one output: a single mode and a scale, described
/// to each client when it binds and again when either changes.
package final class OutputGlobal: ResourceObject {
    package static let version: Int32 = 4
    /// Clients that derive DPI from the physical size see the usual 96 per surface unit.
    static let dotsPerInch = 96.0

    package let name: String
    package let description: String
    package private(set) var width: Int32
    package private(set) var height: Int32
    /// Output pixels per surface unit.
    package private(set) var scale: Int32
    package let refreshMilliHz: Int32

    private var global: Global?
    private var resources: [OutputResource] = []
    /// Clients' zxdg_output_v1 descriptions of it.
    private var xdgOutputs: [XdgOutput] = []
    /// Hear of each resource a client binds, once it is described.
    package var bindWatchers: [(OutputResource) -> Void] = []
    /// Counts binds across every output, so no two resources share a serial.
    nonisolated(unsafe) private static var binds: UInt64 = 0

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_output_interface> = {
        let p = UnsafeMutablePointer<wl_output_interface>.allocate(capacity: 1)
        p.initialize(to: wl_output_interface(release: Resource.destroy))
        return p
    }()

    package init(display: OpaquePointer, name: String, description: String, width: Int32, height: Int32, scale: Int32 = 1,
                 refreshMilliHz: Int32) {
        self.name = name
        self.description = description
        self.width = width
        self.height = height
        self.scale = scale
        self.refreshMilliHz = refreshMilliHz
        global = Global(display: display, interface: segue_wl_output_interface(), version: Self.version) { [weak self] client, version, id in
            self?.bind(client: client, version: Int32(version), id: id)
        }
    }

    /// Its size in surface units, rounded up, as windows are configured.
    var logicalWidth: Int32 { (width + scale - 1) / scale }
    var logicalHeight: Int32 { (height + scale - 1) / scale }

    func add(_ xdgOutput: XdgOutput) { xdgOutputs.append(xdgOutput) }

    func remove(_ xdgOutput: XdgOutput) { xdgOutputs.removeAll { $0 === xdgOutput } }

    /// The client's wl_output resources for this output, e.g. for wl_surface.enter.
    package func resources(for client: OpaquePointer) -> [OutputResource] {
        resources.filter { wl_resource_get_client($0.resource) == client }
    }

    /// Tells every bound client what changed of the output's mode and scale.
    package func update(width: Int32, height: Int32, scale: Int32) {
        let resized = (width, height) != (self.width, self.height), rescaled = scale != self.scale
        guard resized || rescaled else { return }
        (self.width, self.height, self.scale) = (width, height, scale)
        for resource in resources.map(\.resource) {
            // The physical size follows the size in surface units.
            sendGeometry(resource)
            if resized { sendMode(resource) }
            let version = wl_resource_get_version(resource)
            if rescaled && version >= WL_OUTPUT_SCALE_SINCE_VERSION { wl_output_send_scale(resource, scale) }
            // Its size in surface units changed with either; a description at version 3 ends with wl_output's done.
            for xdgOutput in xdgOutputs where xdgOutput.describes(resource) {
                xdgOutput.describe()
                if !xdgOutput.endsWithOutputDone { xdgOutput.done() }
            }
            if version >= WL_OUTPUT_DONE_SINCE_VERSION { wl_output_send_done(resource) }
        }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0.resource == resource }
        for xdgOutput in xdgOutputs where xdgOutput.describes(resource) { xdgOutput.wlOutputDestroyed() }
    }

    private func bind(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_output_interface(), version: version, id: id,
                                             implementation: Self.implementation, object: self) else { return }
        Self.binds += 1
        let bound = OutputResource(resource: resource, serial: Self.binds)
        resources.append(bound)
        sendGeometry(resource)
        sendMode(resource)
        if version >= WL_OUTPUT_SCALE_SINCE_VERSION { wl_output_send_scale(resource, scale) }
        if version >= WL_OUTPUT_NAME_SINCE_VERSION {
            wl_output_send_name(resource, name)
            wl_output_send_description(resource, description)
        }
        if version >= WL_OUTPUT_DONE_SINCE_VERSION { wl_output_send_done(resource) }
        for watcher in bindWatchers { watcher(bound) }
    }

    /// At 96 dots per inch of surface units: a scale-2 output is a 192-dpi screen.
    private func sendGeometry(_ resource: OpaquePointer) {
        wl_output_send_geometry(resource, 0, 0, Self.millimetres(width / scale), Self.millimetres(height / scale),
                                Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue), "Segue", "headless",
                                Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
    }

    private func sendMode(_ resource: OpaquePointer) {
        wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
                            width, height, refreshMilliHz)
    }

    private static func millimetres(_ pixels: Int32) -> Int32 {
        Int32((Double(pixels) * 25.4 / dotsPerInch).rounded())
    }
}
