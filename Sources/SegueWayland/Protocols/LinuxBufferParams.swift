import CWaylandServer
import Glibc

/// zwp_linux_buffer_params_v1: the planes of one dmabuf buffer being made.
/// Every client mistake the protocol names is posted with its code, before
/// anything is imported; an import the renderer refuses is `failed` (create)
/// or `invalid_wl_buffer` (create_immed).
final class LinuxBufferParams: ResourceObject {
    private typealias Plane = DmabufAttributes.Plane
    static let maxPlanes = 4
    /// zwp_linux_buffer_params_v1.flags.y_invert.
    static let yInvert: UInt32 = 1

    private let global: LinuxDmabuf
    private var planes: [Int: (plane: Plane, modifier: UInt64)] = [:]
    private var used = false

    private init(global: LinuxDmabuf) {
        self.global = global
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, global: LinuxDmabuf) {
        Resource.create(client: client, interface: segue_zwp_linux_buffer_params_v1_interface(), version: version, id: id,
                        implementation: implementation, object: LinuxBufferParams(global: global))
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        closePlanes()
    }

    private func closePlanes() {
        for (plane, _) in planes.values { close(plane.fd) }
        planes = [:]
    }

    private func add(_ resource: OpaquePointer, fd: Int32, index: UInt32, offset: UInt32, stride: UInt32, modifier: UInt64) {
        let params = ZwpLinuxBufferParamsV1Resource(resource)
        guard !used else {
            close(fd)
            params.postError(.alreadyUsed, "these params already made a wl_buffer")
            return
        }
        guard index < Self.maxPlanes else {
            close(fd)
            return params.postError(.planeIdx, "plane index \(index) is above \(Self.maxPlanes - 1)")
        }
        guard planes[Int(index)] == nil else {
            close(fd)
            return params.postError(.planeSet, "plane \(index) is already set")
        }
        planes[Int(index)] = (Plane(fd: fd, offset: offset, stride: stride), modifier)
    }

    /// Checks the planes against the buffer's size and format and hands them
    /// over as attributes; nil after posting the error.
    private func attributes(_ resource: OpaquePointer, width: Int32, height: Int32, format: UInt32, flags: UInt32) -> DmabufAttributes? {
        let params = ZwpLinuxBufferParamsV1Resource(resource)
        guard !used else {
            params.postError(.alreadyUsed, "these params already made a wl_buffer")
            return nil
        }
        used = true
        guard !planes.isEmpty, planes.keys.sorted() == Array(0..<planes.count) else {
            params.postError(.incomplete, planes.isEmpty ? "no planes were added"
                             : "planes \(planes.keys.sorted()) leave a gap: they must be 0 up")
            return nil
        }
        let ordered = (0..<planes.count).map { planes[$0]! }
        let modifier = ordered[0].modifier
        guard ordered.allSatisfy({ $0.modifier == modifier }) else {
            params.postError(.invalidFormat, "the planes' modifiers differ")
            return nil
        }
        guard global.offer.offers(format, modifier) else {
            params.postError(.invalidFormat, "format 0x\(String(format, radix: 16)) with modifier 0x\(String(modifier, radix: 16)) was not offered")
            return nil
        }
        guard width > 0, height > 0 else {
            params.postError(.invalidDimensions, "buffer size \(width)x\(height) is not positive")
            return nil
        }
        for (index, entry) in ordered.enumerated() {
            if let problem = Self.outOfBounds(entry.plane, index: index, height: UInt64(height)) {
                params.postError(.outOfBounds, "plane \(index): \(problem)")
                return nil
            }
        }
        planes = [:]
        return DmabufAttributes(width: Int(width), height: Int(height), fourcc: format, modifier: modifier, flags: flags,
                                planes: ordered.map(\.plane))
    }

    /// Where a plane reaches past 32 bits or past its file's end (as lseek
    /// finds it, where the file says): the first plane's rows, for the others
    /// their first row, as their height depends on the format.
    private static func outOfBounds(_ plane: Plane, index: Int, height: UInt64) -> String? {
        let offset = UInt64(plane.offset), stride = UInt64(plane.stride)
        let end = index == 0 ? offset + stride * height : offset + stride
        guard end <= UInt64(UInt32.max) else { return "offset \(offset) + stride \(stride) × rows reaches past 32 bits" }
        let size = lseek(plane.fd, 0, SEEK_END)
        guard size >= 0 else { return nil }
        guard offset < UInt64(size) else { return "offset \(offset) is past the file's \(size) bytes" }
        guard end <= UInt64(size) else { return "its rows end at byte \(end), past the file's \(size)" }
        return nil
    }

    private func create(_ client: OpaquePointer, _ resource: OpaquePointer, id: UInt32, width: Int32, height: Int32,
                        format: UInt32, flags: UInt32) {
        guard let attributes = attributes(resource, width: width, height: height, format: format, flags: flags) else { return }
        // Of the flags only y_invert is drawn: an interlaced buffer is refused as a whole, as weston does.
        let refusal = flags & ~Self.yInvert != 0 ? "interlaced dmabufs are not shown"
            : global.imports(attributes) ? nil : "the renderer cannot import these dmabufs"
        if id == 0 {
            guard refusal == nil, let buffer = DmabufBuffer.create(client: client, id: 0, attributes: attributes) else {
                return zwp_linux_buffer_params_v1_send_failed(resource)
            }
            zwp_linux_buffer_params_v1_send_created(resource, buffer)
        } else if let refusal {
            ZwpLinuxBufferParamsV1Resource(resource).postError(.invalidWlBuffer, refusal)
        } else {
            DmabufBuffer.create(client: client, id: id, attributes: attributes)
        }
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<zwp_linux_buffer_params_v1_interface> = {
        let table = UnsafeMutablePointer<zwp_linux_buffer_params_v1_interface>.allocate(capacity: 1)
        table.initialize(to: zwp_linux_buffer_params_v1_interface(
            destroy: Resource.destroy,
            add: { _, resource, fd, index, offset, stride, high, low in
                guard let resource, let params = Resource.object(resource, as: LinuxBufferParams.self) else {
                    close(fd)
                    return
                }
                params.add(resource, fd: fd, index: index, offset: offset, stride: stride, modifier: UInt64(high) << 32 | UInt64(low))
            },
            create: { client, resource, width, height, format, flags in
                guard let client, let resource, let params = Resource.object(resource, as: LinuxBufferParams.self) else { return }
                params.create(client, resource, id: 0, width: width, height: height, format: format, flags: flags)
            },
            create_immed: { client, resource, id, width, height, format, flags in
                guard let client, let resource, let params = Resource.object(resource, as: LinuxBufferParams.self) else { return }
                params.create(client, resource, id: id, width: width, height: height, format: format, flags: flags)
            }
        ))
        return table
    }()
}
