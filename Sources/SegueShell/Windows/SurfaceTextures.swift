import SegueEngine
import SegueRender
import SegueWayland

/// Each surface's content as a GL texture. The protocol side keeps a surface's
/// buffer state; this is where the renderer takes the pixels: on each commit
/// of a wl_shm buffer, its damage (all of it when the size changed) is copied
/// with the buffer's stride, straight from the client's memory. Content the
/// client says is opaque is taken as XRGB, so it is copied, never blended.
///
/// Each client's textures together may take at most a budget of bytes: GL
/// memory is the compositor's own (on llvmpipe, its heap), and a client could
/// otherwise make it hold gigabytes for a few sparse memfds.
final class SurfaceTextures {
    /// Why a surface's content could not be taken.
    enum ImportFailure: Equatable {
        /// The client's textures would take `bytes` in all, past its budget.
        case overBudget(bytes: Int)
        /// GL made no texture of the buffer's size.
        case noTexture
    }

    private var textures: [ObjectIdentifier: Texture] = [:]
    /// Surfaces whose texture holds some bytes of an XRGB buffer, whose
    /// unused byte must never count as alpha.
    private var holdingUnusedBytes: Set<ObjectIdentifier> = []
    /// Each texture's client and size, and what each client's take in all.
    private var owners: [ObjectIdentifier: Owner] = [:]
    private var bytesByClient: [OpaquePointer: Int] = [:]

    private struct Owner {
        let client: OpaquePointer
        let byteCount: Int
    }

    subscript(surface: Surface) -> Texture? { textures[ObjectIdentifier(surface)] }

    /// Bytes the textures of `client`'s surfaces take.
    func bytes(heldBy client: OpaquePointer) -> Int { bytesByClient[client] ?? 0 }

    /// Takes the content the surface just committed, unless a new texture for
    /// it would take its client's textures past `budget` bytes or GL makes
    /// none: then the surface holds no texture, and the failure comes back.
    func importContent(of surface: Surface, budget: Int) -> ImportFailure? {
        let key = ObjectIdentifier(surface)
        guard let buffer = surface.committedBuffer else {
            // The client attached no buffer: the surface shows nothing.
            if !surface.hasBuffer {
                forget(surface)
            } else {
                // The same content shown otherwise (cropped, another opaque region): its alpha may count now, or no more.
                textures[key]?.reinterpret(as: holdingUnusedBytes.contains(key) || surface.isOpaque ? .xrgb8888 : .argb8888)
            }
            return nil
        }
        let format: PixelFormat = buffer.opaque || surface.isOpaque ? .xrgb8888 : .argb8888
        var region: PixelRect?
        // A texture whose alpha starts to count is uploaded whole: alpha outside the damage is stale.
        if let texture = textures[key], texture.width == buffer.width, texture.height == buffer.height,
           texture.format == format {
            guard let damage = PixelRect.bounds(of: surface.committedDamage) else { return nil }
            region = damage
        } else {
            // The old texture goes either way: replaced, or the surface shows nothing.
            forget(surface)
            let byteCount = buffer.width * buffer.height * 4, total = bytes(heldBy: surface.client) + byteCount
            guard total <= budget else { return .overBudget(bytes: total) }
            guard let texture = try? Texture(width: buffer.width, height: buffer.height) else { return .noTexture }
            textures[key] = texture
            owners[key] = Owner(client: surface.client, byteCount: byteCount)
            bytesByClient[surface.client, default: 0] += byteCount
        }
        if buffer.opaque { holdingUnusedBytes.insert(key) }
        buffer.withBytes { bytes in
            textures[key]?.upload(bytes, stride: buffer.stride, format: format, region: region)
        }
        return nil
    }

    func forget(_ surface: Surface) {
        let key = ObjectIdentifier(surface)
        textures[key] = nil
        holdingUnusedBytes.remove(key)
        guard let owner = owners.removeValue(forKey: key) else { return }
        let left = bytesByClient[owner.client, default: 0] - owner.byteCount
        bytesByClient[owner.client] = left > 0 ? left : nil
    }
}
