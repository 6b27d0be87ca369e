import Foundation
import SegueImaging

/// The textures image parameters read: each PNG read once, and again when the
/// file changes; without a file, a neutral horizontal ramp from black on the
/// left to white on the right. Images are stored bottom row first, so that a
/// shader's `texture2D(image, uv)`, whose uv starts at the bottom-left as
/// gl-transitions' does, shows them upright.
final class ImageParameters {
    private var loaded: [String: (texture: Texture, stamp: FileStamp)] = [:]
    private lazy var ramp = Result {
        var image = RGBAImage(width: 256, height: 1, fill: .black)
        for x in 0..<256 { image[x, 0] = RGBA(UInt8(x), UInt8(x), UInt8(x)) }
        return try Texture(image: image)
    }

    func texture(for path: String?) throws -> Texture {
        guard let path else { return try ramp.get() }
        let stamp = FileStamp(path: path)
        if let cached = loaded[path], let stamp, cached.stamp == stamp { return cached.texture }
        let image: RGBAImage
        do {
            image = try PNG.read(path: path)
        } catch {
            throw RenderError("image parameter: \(error)")
        }
        let texture = try Texture(image: image.flippedVertically())
        if let stamp { loaded[path] = (texture, stamp) }
        return texture
    }
}

/// When a file last changed, and its size: a changed file reloads.
private struct FileStamp: Equatable {
    let modified: timespec
    let size: off_t

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        modified = info.st_mtim
        size = info.st_size
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec && a.size == b.size
    }
}
