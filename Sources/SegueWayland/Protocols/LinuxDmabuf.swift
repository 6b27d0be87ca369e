import CWaylandServer
import Glibc

/// The zwp_linux_dmabuf_v1 global: clients hand their GPU buffers over as
/// dmabufs. Version 4, with the default feedback (a sealed format table and the
/// render node), where the renderer's DRM device is known, as Mesa's and
/// NVIDIA's client EGL find their device only so; version 3, with a modifier
/// event per pair, where it is not, as weston does.
package final class LinuxDmabuf: ResourceObject {
    package let offer: DmabufOffer
    package let version: Int32
    /// Whether the renderer imports a buffer so described: a `created`, else `failed`.
    let imports: (DmabufAttributes) -> Bool
    /// The format table feedback shares (16 bytes a pair), made once.
    private let formatTable: (fd: Int32, size: UInt32)?
    private var global: Global?

    package init(display: OpaquePointer, offer: DmabufOffer, imports: @escaping (DmabufAttributes) -> Bool) throws {
        self.offer = offer
        self.imports = imports
        version = offer.mainDevice == nil ? 3 : 4
        formatTable = offer.mainDevice == nil ? nil : try Self.formatTable(offer)
        global = Global(display: display, interface: segue_zwp_linux_dmabuf_v1_interface(), version: version) { [unowned self] client, version, id in
            guard let resource = Resource.create(client: client, interface: segue_zwp_linux_dmabuf_v1_interface(), version: Int32(version),
                                                 id: id, implementation: Self.implementation, object: self) else { return }
            guard version < 4 else { return }
            for pair in offer.pairs {
                if version >= 3 {
                    zwp_linux_dmabuf_v1_send_modifier(resource, pair.fourcc, UInt32(pair.modifier >> 32), UInt32(pair.modifier & 0xffff_ffff))
                } else if pair.modifier == Self.implicitModifier {
                    zwp_linux_dmabuf_v1_send_format(resource, pair.fourcc)
                }
            }
        }
    }

    deinit {
        if let formatTable { close(formatTable.fd) }
    }

    /// DRM_FORMAT_MOD_INVALID: no modifier, the layout is the driver's choice.
    static let implicitModifier: UInt64 = 0x00ff_ffff_ffff_ffff

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    private static func formatTable(_ offer: DmabufOffer) throws -> (fd: Int32, size: UInt32) {
        var bytes: [UInt8] = []
        for pair in offer.pairs {
            withUnsafeBytes(of: pair.fourcc) { bytes += $0 }
            bytes += [0, 0, 0, 0]
            withUnsafeBytes(of: pair.modifier) { bytes += $0 }
        }
        let fd = try bytes.withUnsafeBytes { try SealedFile.make(named: "segue-dmabuf-formats", holding: $0) }
        return (fd, UInt32(bytes.count))
    }

    /// Sends a feedback object everything it says, once: the table, the device,
    /// and one tranche of every pair on that device.
    private func sendFeedback(_ feedback: OpaquePointer) {
        guard let formatTable, let device = offer.mainDevice else { return }
        zwp_linux_dmabuf_feedback_v1_send_format_table(feedback, formatTable.fd, formatTable.size)
        withWaylandArray([device]) { zwp_linux_dmabuf_feedback_v1_send_main_device(feedback, $0) }
        withWaylandArray([device]) { zwp_linux_dmabuf_feedback_v1_send_tranche_target_device(feedback, $0) }
        withWaylandArray(offer.pairs.indices.map { UInt16($0) }) {
            zwp_linux_dmabuf_feedback_v1_send_tranche_formats(feedback, $0)
        }
        zwp_linux_dmabuf_feedback_v1_send_tranche_flags(feedback, 0)
        zwp_linux_dmabuf_feedback_v1_send_tranche_done(feedback)
        zwp_linux_dmabuf_feedback_v1_send_done(feedback)
    }

    private static func feedback(_ client: OpaquePointer?, _ resource: OpaquePointer?, _ id: UInt32) {
        guard let client, let global = Resource.object(resource, as: LinuxDmabuf.self),
              let feedback = Resource.create(client: client, interface: segue_zwp_linux_dmabuf_feedback_v1_interface(),
                                             version: wl_resource_get_version(resource), id: id,
                                             implementation: feedbackImplementation, object: Resource.inert) else { return }
        global.sendFeedback(feedback)
    }

    nonisolated(unsafe) private static let feedbackImplementation: UnsafeMutablePointer<zwp_linux_dmabuf_feedback_v1_interface> = {
        let table = UnsafeMutablePointer<zwp_linux_dmabuf_feedback_v1_interface>.allocate(capacity: 1)
        table.initialize(to: zwp_linux_dmabuf_feedback_v1_interface(destroy: Resource.destroy))
        return table
    }()

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<zwp_linux_dmabuf_v1_interface> = {
        let table = UnsafeMutablePointer<zwp_linux_dmabuf_v1_interface>.allocate(capacity: 1)
        table.initialize(to: zwp_linux_dmabuf_v1_interface(
            destroy: Resource.destroy,
            create_params: { client, resource, id in
                guard let client, let global = Resource.object(resource, as: LinuxDmabuf.self) else { return }
                LinuxBufferParams.create(client: client, version: wl_resource_get_version(resource), id: id, global: global)
            },
            get_default_feedback: { client, resource, id in feedback(client, resource, id) },
            // One device, one tranche: a surface's feedback is the default's.
            get_surface_feedback: { client, resource, id, _ in feedback(client, resource, id) }
        ))
        return table
    }()
}
