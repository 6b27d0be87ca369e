import SegueEngine
import SegueRender
import SegueWayland

/// Each surface's content as a GL texture. The protocol side keeps a surface's
/// buffer state; this is where the renderer takes the pixels: on each commit
/// of a wl_shm buffer, its damage (all of it when the size changed) is copied
/// with the buffer's stride, straight from the client's memory. Content the
/// client says is opaque is taken as XRGB, so it is copied, never blended.
final class SurfaceTextures {
    private var textures: [ObjectIdentifier: Texture] = [:]
    /// Surfaces whose texture holds some bytes of an XRGB buffer, whose
    /// unused byte must never count as alpha.
    private var holdingUnusedBytes: Set<ObjectIdentifier> = []

    subscript(surface: Surface) -> Texture? { textures[ObjectIdentifier(surface)] }

    /// Takes the content the surface just committed. False when no texture
    /// could be made for it.
    func importContent(of surface: Surface) -> Bool {
        let key = ObjectIdentifier(surface)
        guard let buffer = surface.committedBuffer else {
            // The client attached no buffer: the surface shows nothing.
            if !surface.hasBuffer {
                forget(surface)
            } else {
                // The same content shown otherwise (cropped, another opaque region): its alpha may count now, or no more.
                textures[key]?.reinterpret(as: holdingUnusedBytes.contains(key) || surface.isOpaque ? .xrgb8888 : .argb8888)
            }
            return true
        }
        let format: PixelFormat = buffer.opaque || surface.isOpaque ? .xrgb8888 : .argb8888
        var region: PixelRect?
        // A texture whose alpha starts to count is uploaded whole: alpha outside the damage is stale.
        if let texture = textures[key], texture.width == buffer.width, texture.height == buffer.height,
           texture.format == format {
            guard let damage = PixelRect.bounds(of: surface.committedDamage) else { return true }
            region = damage
        } else {
            guard let texture = try? Texture(width: buffer.width, height: buffer.height) else {
                forget(surface)
                return false
            }
            textures[key] = texture
            holdingUnusedBytes.remove(key)
        }
        if buffer.opaque { holdingUnusedBytes.insert(key) }
        buffer.withBytes { bytes in
            textures[key]?.upload(bytes, stride: buffer.stride, format: format, region: region)
        }
        return true
    }

    func forget(_ surface: Surface) {
        textures[ObjectIdentifier(surface)] = nil
        holdingUnusedBytes.remove(ObjectIdentifier(surface))
    }
}
