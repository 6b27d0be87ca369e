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
