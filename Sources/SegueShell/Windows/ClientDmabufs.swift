import CDRM
import Glibc
import SegueRender
import SegueWayland

extension DmabufDescription {
    /// A client's dmabuf buffer, as the renderer imports it.
    init(_ attributes: DmabufAttributes) {
        self.init(width: attributes.width, height: attributes.height, fourcc: attributes.fourcc, modifier: attributes.modifier,
                  planes: attributes.planes.map { .init(fd: $0.fd, offset: $0.offset, stride: $0.stride) })
    }
}

extension DmabufOffer {
    /// What Segue offers clients of its own accord: every format and
    /// modifier the renderer imports, those GL samples only as external images
    /// (YUV, most often) only where it draws them (`externalImages`), and the
    /// render node's device number where the driver names the node. Empty
    /// where the renderer imports nothing, as llvmpipe.
    init(drawnBy support: DmabufSupport, externalImages: Bool) {
        let formats = support.formats.compactMap { format -> Format? in
            let modifiers = format.modifiers.filter { externalImages || !$0.externalOnly }.map(\.value)
            return modifiers.isEmpty ? nil : Format(fourcc: format.fourcc, modifiers: modifiers)
        }
        var node = stat()
        let device = support.clientRenderNode.flatMap { stat($0, &node) == 0 ? UInt64(node.st_rdev) : nil }
        self.init(formats: formats, mainDevice: device)
    }
}

extension DmabufSupport {
    /// The render node clients' GL is to draw on: the one the driver names,
    /// else the one libdrm lists for the device whose primary node it names
    /// (a driver with EGL_EXT_device_drm and not its render node extension).
    var clientRenderNode: String? {
        renderNode ?? primaryNode.flatMap(Self.renderNode(ofPrimary:))
    }

    /// The render node of the device whose primary node is `primary`; nil
    /// where libdrm lists no such device, or it has no render node.
    static func renderNode(ofPrimary primary: String) -> String? {
        let count = drmGetDevices2(0, nil, 0)
        guard count > 0 else { return nil }
        var devices = [drmDevicePtr?](repeating: nil, count: Int(count))
        let listed = drmGetDevices2(0, &devices, count)
        guard listed > 0 else { return nil }
        defer { drmFreeDevices(&devices, listed) }
        for case let device? in devices.prefix(Int(listed)) {
            let nodes = device.pointee.nodes!, available = device.pointee.available_nodes
            guard available & (1 << DRM_NODE_PRIMARY) != 0, available & (1 << DRM_NODE_RENDER) != 0,
                  let name = nodes[Int(DRM_NODE_PRIMARY)], String(cString: name) == primary,
                  let render = nodes[Int(DRM_NODE_RENDER)] else { continue }
            return String(cString: render)
        }
        return nil
    }
}
