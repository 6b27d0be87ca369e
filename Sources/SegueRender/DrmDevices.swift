import CDRM
import Glibc

/// libdrm's names for DRM formats and modifiers, as `segue msg outputs` shows them.
package enum DrmNames {
    /// libdrm's name for a fourcc code ("XR24"), else its value in hex.
    package static func format(_ code: UInt32) -> String {
        guard let name = drmGetFormatName(code) else { return "0x" + String(code, radix: 16) }
        defer { free(name) }
        return String(cString: name)
    }

    /// libdrm's name for a modifier ("LINEAR", "INVALID" for none given), else its value in hex.
    package static func modifier(_ value: UInt64) -> String {
        guard let name = drmGetFormatModifierName(value) else { return "0x" + String(value, radix: 16) }
        defer { free(name) }
        return String(cString: name)
    }
}

extension DmabufSupport {
    /// The render node clients' GL is to draw on: the one the driver names,
    /// else the one libdrm lists for the device whose primary node it names
    /// (a driver with EGL_EXT_device_drm and not its render node extension).
    package var clientRenderNode: String? {
        renderNode ?? primaryNode.flatMap(Self.renderNode(ofPrimary:))
    }

    /// The render node of the device whose primary node is `primary`; nil
    /// where libdrm lists no such device, or it has no render node.
    package static func renderNode(ofPrimary primary: String) -> String? {
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
