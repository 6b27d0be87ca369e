import Foundation
import SegueEngine
import SegueRender
import SegueWayland

/// Each surface's content as a GL texture. A commit only makes sure there is
/// a texture of its buffer's size (within the client's budget); the pixels are
/// taken when the loop goes idle after a window on screen committed
/// (`PixelsDue`), else when the surface is next drawn: the damage since they were last taken,
/// from the newest buffer, copied with its stride straight from the client's
/// memory, once however many commits came between. A surface nobody draws
/// costs no copy. Content the client says is opaque is taken as XRGB, so it is
/// copied, never blended.
///
/// A dmabuf buffer is not copied: its texture is the buffer's own memory,
/// imported when its pixels are taken and kept with the buffer (a client
/// hands the same few over and over), and it counts against no budget. It
/// is held while its surface shows it and, once replaced, until the next
/// frame is presented: every frame drawn before, which may read it, is done.
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
    /// The dmabuf buffer each surface shows, held: a surface here has its buffer's own texture.
    private var shownDmabufs: [ObjectIdentifier: DmabufBuffer] = [:]
    /// Dmabuf buffers shown no more, held until the next frame is presented.
    private var retiring: [DmabufBuffer] = []
    /// A buffer started retiring: a frame must come for it to go back.
    var retired: () -> Void = {}
    /// Whether a dmabuf buffer so described can be made a texture, asked as
    /// it is made; and a texture of a dmabuf buffer's own memory, nil where
    /// it cannot be made. The renderer's import, set by the compositor.
    var canImport: (DmabufAttributes) -> Bool = { _ in false }
    var importDmabuf: (DmabufBuffer) -> ImportedDmabuf? = { _ in nil }
    /// Surfaces whose texture holds some bytes of an XRGB buffer, whose
    /// unused byte must never count as alpha.
    private var holdingUnusedBytes: Set<ObjectIdentifier> = []
    /// Textures made since their surface's pixels were last taken: every
    /// pixel of the next buffer goes in, whatever its damage says.
    private var wholeUploadDue: Set<ObjectIdentifier> = []
    /// Each texture's client and size, and what each client's take in all.
    private var owners: [ObjectIdentifier: Owner] = [:]
    private var bytesByClient: [OpaquePointer: Int] = [:]
    /// Each texture's versions of its pixels, by texture, and the count that numbers them.
    private var histories: [ObjectIdentifier: PixelHistory<BufferSpace>] = [:]
    let versions = PixelCount()

    private struct Owner {
        let client: OpaquePointer
        let byteCount: Int
    }

    subscript(surface: Surface) -> Texture? { textures[ObjectIdentifier(surface)] }

    /// The version of `texture`'s pixels, a surface's, new with each change
    /// taken: a frame that drew an older one lacks `changes(of:since:)`.
    /// A texture not a surface's is new each time asked.
    func version(of texture: Texture) -> Int { histories[ObjectIdentifier(texture)]?.version ?? versions.next() }

    /// What changed of `texture`'s pixels since version `older`, in texels:
    /// everywhere where that is not known.
    func changes(of texture: Texture, since older: Int) -> BufferDamage {
        histories[ObjectIdentifier(texture)]?.changes(since: older) ?? .everywhere
    }

    /// Whether `texture` is a surface's, whose versions this keeps.
    func knows(_ texture: Texture) -> Bool { histories[ObjectIdentifier(texture)] != nil }

    /// `layer`, of a surface's texture, as an element of a frame: its
    /// texels' changes land on the output where the layer draws them.
    func element(of layer: SurfaceLayer) -> DrawnElement {
        let (size, rect, transform, crop) = ((layer.texture.width, layer.texture.height), layer.rect, layer.transform, layer.crop)
        let history = histories[ObjectIdentifier(layer.texture)]
        return DrawnElement(id: ObjectIdentifier(layer.texture), version: version(of: layer.texture), rect: rect, look: Placement(layer)) {
            (history?.changes(since: $0) ?? .everywhere).onOutput(textureSize: size, drawnOver: rect, transform: transform, crop: crop)
        }
    }

    /// `texture`'s pixels changed within `damage`.
    private func noteChange(of texture: Texture, within damage: BufferDamage) {
        let key = ObjectIdentifier(texture)
        if histories[key] == nil { histories[key] = PixelHistory(version: versions.next()) }
        histories[key]?.changed(damage, to: versions.next())
    }

    /// Bytes the textures of `client`'s surfaces take.
    func bytes(heldBy client: OpaquePointer) -> Int { bytesByClient[client] ?? 0 }

    /// Readies a texture for the content the surface just committed (with
    /// `buffer`, where it attached one), unless a new one would take its
    /// client's textures past `budget` bytes or GL makes none: then the
    /// surface holds no texture, and the failure comes back.
    func contentCommitted(_ buffer: SurfaceBuffer?, by surface: Surface, budget: Int) -> ImportFailure? {
        let key = ObjectIdentifier(surface)
        guard let buffer else {
            // The client attached no buffer: the surface shows nothing.
            if !surface.hasBuffer {
                forget(surface)
            } else {
                // The same content shown otherwise (cropped, another opaque region): its alpha may count now, or no more.
                if let texture = textures[key] {
                    let format: PixelFormat = holdingUnusedBytes.contains(key) || surface.isOpaque ? .xrgb8888 : .argb8888
                    if texture.format != format { noteChange(of: texture, within: .everywhere) }
                    texture.reinterpret(as: format)
                }
            }
            return nil
        }
        // Imported when its pixels are taken: until then the surface shows what it showed.
        if case .dmabuf = buffer { return nil }
        if let texture = textures[key], shownDmabufs[key] == nil, texture.width == buffer.width,
           texture.height == buffer.height { return nil }
        // The old texture goes either way: replaced, or the surface shows nothing.
        forget(surface)
        let byteCount = buffer.width * buffer.height * 4, total = bytes(heldBy: surface.client) + byteCount
        guard total <= budget else { return .overBudget(bytes: total) }
        guard let texture = try? Texture(width: buffer.width, height: buffer.height) else { return .noTexture }
        textures[key] = texture
        histories[ObjectIdentifier(texture)] = PixelHistory(version: versions.next())
        wholeUploadDue.insert(key)
        owners[key] = Owner(client: surface.client, byteCount: byteCount)
        bytesByClient[surface.client, default: 0] += byteCount
        return nil
    }

    /// When copies may run while a transition's frames are due, from what they cost here.
    var uploads = UploadSchedule()

    /// Takes the pixels of every surface `window` shows, for drawing it now;
    /// false when none had new ones.
    @discardableResult
    func takePixels(of window: Window) -> Bool {
        var took = false
        for placed in window.placedSurfaces() where takePixels(of: placed.surface) { took = true }
        return took
    }

    /// Bytes `takePixels(of: window)` would copy now.
    func bytesToTake(of window: Window) -> Int {
        window.placedSurfaces().reduce(0) { total, placed in
            guard let region = region(toTake: placed.surface) else { return total }
            return total + region.width * region.height * 4
        }
    }

    /// Copies what changed of the surface's newest buffer since its pixels
    /// were last taken into its texture, and gives the buffer back; false when
    /// there was nothing new to copy.
    @discardableResult
    func takePixels(of surface: Surface) -> Bool {
        let key = ObjectIdentifier(surface)
        if case .dmabuf(let buffer)? = surface.untakenPixels?.buffer { return take(buffer, of: surface) }
        guard let texture = textures[key] else { return false }
        guard let region = region(toTake: surface) else {
            // Nothing to copy (no damage, or a buffer of another size): the buffer goes back all the same.
            surface.takePixels { _, _ in }
            return false
        }
        let whole = region == PixelRect(x: 0, y: 0, width: texture.width, height: texture.height)
        surface.takePixels { buffer, damage in
            guard let shm = buffer.shm else { return }
            let format = Self.format(of: buffer, on: surface)
            noteChange(of: texture, within: whole ? .everywhere : damage)
            wholeUploadDue.remove(key)
            if shm.opaque { holdingUnusedBytes.insert(key) }
            let start = DispatchTime.now().uptimeNanoseconds
            shm.withBytes { texture.upload($0, stride: shm.stride, format: format, region: region) }
            uploads.record(bytes: region.width * region.height * 4,
                           seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return true
    }

    /// Makes the dmabuf `buffer`, the newest the surface committed, its
    /// texture: imported the first time it is shown; false where it cannot
    /// be, and the surface shows nothing.
    private func take(_ buffer: DmabufBuffer, of surface: Surface) -> Bool {
        let key = ObjectIdentifier(surface)
        buffer.hold()
        surface.takePixels { _, _ in }
        // An earlier buffer's texture goes, with what it counted against the budget.
        forget(surface)
        shownDmabufs[key] = buffer
        if let imported = buffer.imported as? ImportedDmabuf {
            // Shown again: its memory is read anew.
            imported.refresh()
        } else {
            buffer.imported = importDmabuf(buffer)
        }
        guard let texture = (buffer.imported as? ImportedDmabuf)?.texture else { return false }
        textures[key] = texture
        // Shown anew, or again: its memory holds whatever the client drew since.
        noteChange(of: texture, within: .everywhere)
        if buffer.opaque { holdingUnusedBytes.insert(key) }
        texture.reinterpret(as: buffer.opaque || surface.isOpaque ? .xrgb8888 : .argb8888)
        return true
    }

    /// A frame was presented: every frame drawn before it is done, so the
    /// dmabuf buffers shown no more are read no more, and go back.
    func framePresented() {
        let done = retiring
        retiring.removeAll()
        for buffer in done { buffer.letGo() }
    }

    /// What `takePixels(of: surface)` would copy: all of a texture not filled
    /// yet or whose alpha starts to count, else around the damage.
    private func region(toTake surface: Surface) -> PixelRect? {
        let key = ObjectIdentifier(surface)
        guard let texture = textures[key], let (buffer, damage) = surface.untakenPixels, buffer.shm != nil,
              shownDmabufs[key] == nil, buffer.width == texture.width, buffer.height == texture.height else { return nil }
        // A texture whose alpha starts to count is taken whole: alpha outside the damage is stale.
        guard wholeUploadDue.contains(key) || texture.format != Self.format(of: buffer, on: surface) else {
            return PixelRect.bounds(of: damage.rects(within: PixelRect(x: 0, y: 0, width: texture.width, height: texture.height)))
        }
        return PixelRect(x: 0, y: 0, width: texture.width, height: texture.height)
    }

    /// Content the client says is opaque is taken as XRGB: copied, never blended.
    private static func format(of buffer: SurfaceBuffer, on surface: Surface) -> PixelFormat {
        buffer.opaque || surface.isOpaque ? .xrgb8888 : .argb8888
    }

    func forget(_ surface: Surface) {
        let key = ObjectIdentifier(surface)
        if let texture = textures.removeValue(forKey: key) { histories[ObjectIdentifier(texture)] = nil }
        if let buffer = shownDmabufs.removeValue(forKey: key) {
            if retiring.isEmpty { retired() }
            retiring.append(buffer)
        }
        holdingUnusedBytes.remove(key)
        wholeUploadDue.remove(key)
        guard let owner = owners.removeValue(forKey: key) else { return }
        let left = bytesByClient[owner.client, default: 0] - owner.byteCount
        bytesByClient[owner.client] = left > 0 ? left : nil
    }
}

