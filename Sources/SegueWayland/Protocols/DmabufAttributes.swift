import Glibc

/// A dmabuf buffer as its client described it: its size, format and layout
/// modifier, and each plane's file, offset and stride. It owns the files and
/// closes them when it goes.
package final class DmabufAttributes {
    package struct Plane {
        package let fd: Int32
        package let offset: UInt32
        package let stride: UInt32
    }

    package let width: Int
    package let height: Int
    package let fourcc: UInt32
    package let modifier: UInt64
    /// zwp_linux_buffer_params_v1.flags: y_invert (1), interlaced (2), bottom_first (4).
    package let flags: UInt32
    package let planes: [Plane]

    init(width: Int, height: Int, fourcc: UInt32, modifier: UInt64, flags: UInt32, planes: [Plane]) {
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.modifier = modifier
        self.flags = flags
        self.planes = planes
    }

    deinit {
        for plane in planes { close(plane.fd) }
    }
}
