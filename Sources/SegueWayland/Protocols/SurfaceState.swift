import SegueEngine

/// A surface's double-buffered state, as the client asks for it before a
/// commit: pending, then cached while a synchronized subsurface waits for its
/// parent's commit, then applied to the current state, which is one of these
/// too. The core's fields, and each extension's own part (viewport,
/// presentation feedback, ...) by its type.
struct SurfaceState {
    enum Buffer { case unchanged, attached(OpaquePointer?) }
    var buffer = Buffer.unchanged
    var scale: Int?
    var transform: BufferTransform?
    /// In buffer pixels, and in surface units (turned into buffer pixels when applied).
    var damage = BufferDamage.none
    var surfaceDamage = SurfaceDamage.none
    var callbacks: [FrameCallback] = []
    var opaqueRegion: RegionShape?
    /// Set when the client set one: .some(nil) for everywhere.
    var inputRegion: RegionShape??
    var offset = (x: 0, y: 0)
    var extensions = ExtensionStates()

    /// A later commit's state on top of this one: the surface's own, then each extension's by its rules.
    mutating func absorb(_ newer: SurfaceState) {
        var replaced = false
        if case .attached = newer.buffer {
            buffer = newer.buffer
            replaced = true
        }
        extensions.absorb(newer.extensions, contentReplaced: replaced)
        if let scale = newer.scale { self.scale = scale }
        if let transform = newer.transform { self.transform = transform }
        damage.add(newer.damage)
        surfaceDamage.add(newer.surfaceDamage)
        callbacks += newer.callbacks
        if let region = newer.opaqueRegion { opaqueRegion = region }
        if let region = newer.inputRegion { inputRegion = region }
        // Cached moves add up; held to a sane range, as a hostile client might not.
        offset = (Self.clamped(offset.x + newer.offset.x), Self.clamped(offset.y + newer.offset.y))
    }

    /// A commit's state applied over this, the current one: as a cache takes
    /// it, less what is the commit's alone (its buffer, damage and offset:
    /// its `CommitChanges`), so the current state keeps no buffer a client
    /// may destroy. Frame callbacks add up until they are done.
    mutating func apply(_ newer: SurfaceState) {
        absorb(newer)
        buffer = .unchanged
        damage = .none
        surfaceDamage = .none
        offset = (0, 0)
    }

    static func clamped(_ value: Int) -> Int { min(max(value, -Surface.maxBufferSide), Surface.maxBufferSide) }

    /// The damage in the pixels of a buffer of `size` shown at `scale`,
    /// turned by `transform`: surface damage turned into buffer pixels
    /// (`SurfaceDamage.inBuffer`), where a viewport crops or stretches it
    /// (`cropped`) all of it, never stale if not as small as it could be.
    func bufferDamage(scale: Int, transform: BufferTransform, cropped: Bool, size: (width: Int, height: Int)) -> BufferDamage {
        let buffer = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        var damage = cropped && !surfaceDamage.isEmpty ? .everywhere
            : surfaceDamage.inBuffer(size: size, scale: scale, transform: transform)
        damage.add(self.damage)
        return damage.clipped(to: buffer)
    }
}

/// An extension's own part of a surface's double-buffered state. A protocol
/// that keeps state per commit adds one of these; the surface carries it
/// through pending, cached and applied without knowing what it holds.
package protocol SurfaceStateExtension {
    init()
    /// A later commit's part on top of this one (a synchronized
    /// subsurface's cache, or the current state); `contentReplaced`: that
    /// commit attached a buffer.
    mutating func absorb(_ newer: Self, contentReplaced: Bool)
}

/// Each extension's part of one surface state, by its type; an extension
/// that set nothing reads as its empty state.
struct ExtensionStates {
    private var parts: [ObjectIdentifier: any SurfaceStateExtension] = [:]

    subscript<Part: SurfaceStateExtension>(_ type: Part.Type) -> Part {
        get { parts[ObjectIdentifier(type)] as? Part ?? Part() }
        set { parts[ObjectIdentifier(type)] = newValue }
    }

    /// A later commit's parts on top of these, each by its own rules; a part
    /// only these hold still hears that the content was replaced.
    mutating func absorb(_ newer: ExtensionStates, contentReplaced: Bool) {
        for (key, part) in parts where newer.parts[key] == nil {
            parts[key] = Self.absorbing(part, nil, contentReplaced: contentReplaced)
        }
        for (key, part) in newer.parts {
            let older = parts[key] ?? Self.empty(like: part)
            parts[key] = Self.absorbing(older, part, contentReplaced: contentReplaced)
        }
    }

    private static func absorbing<Part: SurfaceStateExtension>(_ older: Part, _ newer: (any SurfaceStateExtension)?,
                                                              contentReplaced: Bool) -> Part {
        var merged = older
        merged.absorb(newer as? Part ?? Part(), contentReplaced: contentReplaced)
        return merged
    }

    private static func empty<Part: SurfaceStateExtension>(like _: Part) -> any SurfaceStateExtension { Part() }
}
