import CWaylandServer
import SegueEngine

/// A wl_surface: double-buffered state applied on commit. A commit that
/// attaches a buffer holds it, with the damage since its pixels were last
/// taken, until whoever draws the surface takes them or a newer buffer
/// replaces it: a surface nobody draws costs no copy. A wl_shm buffer goes
/// back to its client once its pixels are copied; a dmabuf buffer, sampled
/// where it is, is held by whoever took it, and goes back when the last
/// holder lets go. The surface never copies pixels itself and touches no GL.
/// A synchronized subsurface's commits are cached and applied with its parent's.
/// Its state is one `SurfaceState` three times over: pending, cached, and
/// current (what the commits applied so far left); each commit's own
/// changes go to its role and delegate as a `CommitChanges`, and are not kept.
package final class Surface: ResourceObject {
    package let resource: OpaquePointer
    package let client: OpaquePointer
    package weak var delegate: SurfaceDelegate?
    package private(set) var role: SurfaceRole?
    /// The role the surface first took. Its role object may go and another of
    /// the same kind come, but wl_surface allows no switching: a surface that
    /// was a subsurface never becomes a toplevel, so no loop of parents can form.
    package private(set) var roleName: String?
    /// Asked before each commit applies; set by an xdg_surface made for this surface.
    weak var commitCheck: SurfaceCommitCheck?

    /// The state the commits applied so far left: scale, transform, regions,
    /// frame callbacks not done yet, each extension's part (viewport,
    /// presentation feedback not presented yet).
    private(set) var current = SurfaceState()
    /// The committed buffer's size in pixels and whether its rows are stored
    /// bottom first (a dmabuf's y_invert); nil while no buffer is attached.
    /// The buffer itself is not kept: its client may destroy it once its pixels are taken.
    private var shownBuffer: (width: Int, height: Int, rowsBottomFirst: Bool)?
    /// Its wp_viewport, which takes the errors about crop and scale.
    weak var viewport: Viewport?
    /// The newest buffer whose pixels were not taken yet, and where the
    /// content changed since they last were (in its pixels); held unreleased.
    private var untaken: (buffer: SurfaceBuffer, damage: BufferDamage)?
    /// A client may destroy a buffer it committed: its pixels are taken while
    /// they are still there, and it hears no release.
    private lazy var untakenWatcher: Listener = Listener { [unowned self] _ in
        untakenWatcher.remove()
        untakenIsGoing = true
        delegate?.untakenBufferDestroyed(self)
        untakenIsGoing = false
        untaken = nil
    }
    private var untakenIsGoing = false
    /// Its subsurfaces as the last commit stacked them.
    package internal(set) var subsurfaces = SubsurfaceStack()
    /// The order place_above and place_below asked for, applied at the next commit.
    var pendingSubsurfaces: SubsurfaceStack?
    /// The wl_output resources the client was told the surface is on.
    private var enteredOutputs: [OutputResource] = []

    var pending = SurfaceState()
    /// A synchronized subsurface's commits since its parent's state last applied.
    private var cached: SurfaceState?
    // The client may destroy a buffer it attached before it is applied.
    lazy var bufferWatcher = Listener { [unowned self] _ in
        if case .attached = self.pending.buffer { self.pending.buffer = .attached(nil) }
    }
    private lazy var cachedBufferWatcher = Listener { [unowned self] _ in
        if case .attached = self.cached?.buffer { self.cached?.buffer = .attached(nil) }
    }

    package init?(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_surface_interface(),
                                             version: version, id: id) else { return nil }
        self.client = client
        self.resource = resource
        Resource.attach(resource, implementation: Self.implementation, object: self)
    }

    /// The committed buffer's size in pixels, nil while no buffer is attached.
    var bufferSize: (width: Int, height: Int)? { shownBuffer.map { ($0.width, $0.height) } }
    /// The committed wl_surface.set_buffer_scale: buffer pixels per surface unit.
    package var bufferScale: Int { current.scale ?? 1 }
    /// The committed wl_surface.set_buffer_transform: how the client turned or mirrored its content.
    package var bufferTransform: BufferTransform { current.transform ?? .normal }
    /// The committed wp_viewport crop and scale.
    package var cropAndScale: CropAndScale { current.extensions[ViewportState.self].cropAndScale ?? CropAndScale() }
    /// Frame callbacks committed and not done yet.
    package var frameCallbacks: [FrameCallback] { current.callbacks }
    /// Where the client says its content is opaque, as committed.
    private var opaqueRegion: RegionShape { current.opaqueRegion ?? RegionShape() }
    /// Where the surface takes pointer and touch input, as committed; nil for everywhere.
    private var inputRegion: RegionShape? { current.inputRegion ?? nil }

    /// Its size in surface units, which are output pixels: the viewport's
    /// destination or source, else the buffer's over its scale, sides swapped
    /// when the client turned it a quarter. 0 without a buffer.
    package var width: Int { size.x }
    package var height: Int { size.y }

    private var size: SIMD2<Int> {
        guard let bufferSize else { return .zero }
        if let destination = cropAndScale.destination { return destination }
        if let source = cropAndScale.source { return SIMD2(Int(source.z), Int(source.w)) }
        return Self.units(bufferSize, scale: bufferScale, transform: bufferTransform)
    }

    /// The part of its content it shows, as fractions of the content's width
    /// and height (x, y, width, height): all of it but for a viewport's source.
    package var crop: SIMD4<Double> {
        guard let source = cropAndScale.source, let bufferSize else { return SIMD4(0, 0, 1, 1) }
        let units = SIMD2<Double>(Self.units(bufferSize, scale: bufferScale, transform: bufferTransform))
        return source / SIMD4(units.x, units.y, units.x, units.y)
    }

    /// Whether its buffer's pixels are output pixels, one to one, on an output
    /// of `scale`: drawn at that scale, not turned, mirrored, cropped or stretched.
    package func showsBufferAsItIs(atScale scale: Int) -> Bool {
        bufferScale == scale && contentTransform == .normal && !cropAndScale.isSet
    }

    /// How its content is to be turned or mirrored to show it upright: the
    /// client's transform, of a buffer whose rows are stored bottom first if it said so.
    package var contentTransform: BufferTransform {
        shownBuffer?.rowsBottomFirst == true ? bufferTransform.rowsReversed : bufferTransform
    }

    /// A buffer of `size` in surface units.
    private static func units(_ size: (width: Int, height: Int), scale: Int, transform: BufferTransform) -> SIMD2<Int> {
        let sides = transform.swapsSides ? SIMD2(size.height, size.width) : SIMD2(size.width, size.height)
        return sides / scale
    }

    /// An extension's part as the commits applied so far left it: what the
    /// compositor reads of a protocol that keeps state per commit.
    package func applied<Part: SurfaceStateExtension>(_ type: Part.Type) -> Part { current.extensions[type] }

    /// An extension's request: its part of the pending state changes, taking effect at the next commit.
    func modifyPending<Part: SurfaceStateExtension>(_ type: Part.Type, _ change: (inout Part) -> Void) {
        change(&pending.extensions[type])
    }
    package var hasBuffer: Bool { bufferSize != nil }
    /// Whether it is a cursor or a drag icon, which Segue never draws.
    package var isUndrawn: Bool { role is UndrawnRole }
    /// Whether a buffer is attached and not yet committed.
    package var hasPendingBuffer: Bool {
        if case .attached(_?) = pending.buffer { true } else { false }
    }
    /// Whether the client says all of its committed content is opaque, so its
    /// alpha can be ignored (wl_surface.set_opaque_region).
    package var isOpaque: Bool { hasBuffer && opaqueRegion.covers(PixelRect(x: 0, y: 0, width: width, height: height)) }

    /// Whether the surface takes input at (x, y), local to it: inside its
    /// buffer and its input region.
    package func acceptsInput(x: Double, y: Double) -> Bool {
        guard hasBuffer, x >= 0, y >= 0, x < Double(width), y < Double(height) else { return false }
        guard let inputRegion, !inputRegion.isTruncated else { return true }
        return inputRegion.contains(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
    }

    /// Gives the surface a role; for a surface that has another role object,
    /// or had another kind of role, `post` sends the error the role's protocol
    /// names, with this message.
    func assign(_ role: SurfaceRole, orPost post: (String) -> Void) -> Bool {
        if let current = self.role, current !== role {
            post("wl_surface@\(wl_resource_get_id(resource)) already has the role \(current.roleName)")
            return false
        }
        if let roleName, roleName != role.roleName {
            post("wl_surface@\(wl_resource_get_id(resource)) had the role \(roleName) and cannot take \(role.roleName)")
            return false
        }
        self.role = role
        roleName = role.roleName
        return true
    }

    /// The role object went away; the surface may take the same kind of role again.
    func clearRole(_ role: SurfaceRole) {
        if self.role === role { self.role = nil }
    }

    /// Tells the client the surface is on `outputs` now, some of its `live`
    /// wl_output resources (none: nowhere): enter and leave for what changed.
    /// An output resource destroyed meanwhile is forgotten, not left.
    package func updateEnteredOutputs(to outputs: [OutputResource], among live: [OutputResource]) {
        enteredOutputs.removeAll { !live.contains($0) }
        for output in enteredOutputs where !outputs.contains(output) { wl_surface_send_leave(resource, output.resource) }
        for output in outputs where !enteredOutputs.contains(output) { wl_surface_send_enter(resource, output.resource) }
        enteredOutputs = outputs
    }

    /// Sends `done` to every frame callback committed so far.
    package func sendFrameDone(milliseconds: UInt32) {
        let callbacks = current.callbacks
        current.callbacks.removeAll()
        for callback in callbacks { callback.done(milliseconds: milliseconds) }
    }

    /// Hands the committed presentation feedback to whoever presents the frame.
    package func takeFeedbacks() -> [PresentationFeedback] {
        defer { current.extensions[PresentationState.self].feedbacks.removeAll() }
        return current.extensions[PresentationState.self].feedbacks
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        dropUntakenPixels()
        viewport?.surfaceDestroyed()
        bufferWatcher.remove()
        cachedBufferWatcher.remove()
        for state in [pending, cached ?? SurfaceState(), current] {
            for feedback in state.extensions[PresentationState.self].feedbacks { feedback.discarded() }
        }
        role?.surfaceDestroyed(self)
        delegate?.surfaceDestroyed(self)
        role = nil
    }

    func commit() {
        if let commitCheck, !commitCheck.surfaceMayCommit(self) { return }
        // A synchronized subsurface's state waits for its parent's, checked now as the commit is made.
        if (role as? Subsurface)?.isSynchronized == true {
            var state = cached ?? SurfaceState()
            state.absorb(takePending())
            guard cropAndScaleFits(state) else { return }
            cached = state
            if case .attached(let buffer?) = state.buffer { cachedBufferWatcher.subscribe(toDestructionOfResource: buffer) }
            return
        }
        var state = takeCached() ?? SurfaceState()
        state.absorb(takePending())
        guard cropAndScaleFits(state) else { return }
        apply(state)
    }

    /// Whether the viewport's crop and scale fit the content `state` would
    /// show; if not, the client was sent wp_viewport's error.
    private func cropAndScaleFits(_ state: SurfaceState) -> Bool {
        guard let viewport else { return true }
        let size: (width: Int, height: Int)?
        switch state.buffer {
        case .unchanged: size = bufferSize
        case .attached(nil): size = nil
        case .attached(let buffer?):
            if let shm = wl_shm_buffer_get(buffer) {
                size = (Int(wl_shm_buffer_get_width(shm)), Int(wl_shm_buffer_get_height(shm)))
            } else if let dmabuf = DmabufBuffer.from(buffer) {
                size = (dmabuf.width, dmabuf.height)
            } else {
                return true
            }
        }
        let units = size.map { Self.units($0, scale: state.scale ?? bufferScale, transform: state.transform ?? bufferTransform) }
        return viewport.allows(state.extensions[ViewportState.self].cropAndScale ?? cropAndScale, on: units)
    }

    /// Applies what a synchronized subsurface cached: its parent's state just applied.
    private func applyCached() {
        if let state = takeCached() { apply(state) }
    }

    private func takePending() -> SurfaceState {
        defer { pending = SurfaceState() }
        bufferWatcher.remove()
        return pending
    }

    private func takeCached() -> SurfaceState? {
        defer { cached = nil }
        cachedBufferWatcher.remove()
        return cached
    }

    /// Applies `state` over the current one, and tells the role and the
    /// delegate what it changed; nothing where the client was sent an error.
    private func apply(_ state: SurfaceState) {
        var changes = CommitChanges()
        changes.offset = state.offset
        var shown = shownBuffer
        if case .attached(let buffer) = state.buffer {
            changes.newContent = true
            if let buffer {
                guard let valid = validate(buffer) else { return }
                changes.buffer = valid
                let bottomFirst = if case .dmabuf(let dmabuf) = valid { dmabuf.rowsBottomFirst } else { false }
                shown = (valid.width, valid.height, bottomFirst)
            } else {
                shown = nil
            }
        }
        let scale = state.scale ?? bufferScale
        // A new buffer, or a new scale over the old one.
        if let shown, checksScale, shown.width % scale != 0 || shown.height % scale != 0 {
            WlSurfaceResource(resource).postError(.invalidSize, "buffer \(shown.width)x\(shown.height) is not a multiple of scale \(scale)")
            return
        }
        let transform = state.transform ?? bufferTransform
        let cropAndScale = state.extensions[ViewportState.self].cropAndScale ?? self.cropAndScale
        // At a new scale, transform or crop the same buffer shows otherwise. A
        // new buffer is all new then, whatever its damage says: that is in
        // surface units, where nothing may have changed while every buffer pixel moved.
        let relaid = scale != bufferScale || transform != bufferTransform || cropAndScale != self.cropAndScale
        if relaid { changes.newContent = true }
        changes.damage = changes.buffer.map {
            relaid ? BufferDamage([PixelRect(x: 0, y: 0, width: $0.width, height: $0.height)])
                : state.bufferDamage(scale: scale, transform: transform, cropped: cropAndScale.isSet, size: ($0.width, $0.height))
        } ?? .none
        // Whether its alpha counts may change: the picture may look different.
        if let region = state.opaqueRegion, region != opaqueRegion { changes.newContent = true }
        if shown == nil, hasBuffer { role?.surfaceWillLoseBuffer(self) }
        shownBuffer = shown
        current.apply(state)
        if let order = pendingSubsurfaces {
            changes.subsurfacesChanged = !order.sameOrder(as: subsurfaces)
            subsurfaces = order
            pendingSubsurfaces = nil
        }
        for child in subsurfaces.all {
            if child.parentCommitted() { changes.subsurfacesChanged = true }
            if child.isSynchronized { child.surface.applyCached() }
        }
        if case .attached = state.buffer { holdUntaken(changes.buffer, damage: changes.damage) }
        role?.surfaceCommitted(self, &changes)
        delegate?.surfaceCommitted(self, changes)
    }

    /// `buffer` replaces the one held, if another, which goes back to its
    /// client; the damage adds up until the pixels are taken.
    private func holdUntaken(_ buffer: SurfaceBuffer?, damage: BufferDamage) {
        var damage = damage
        if let old = untaken {
            // Never read: it goes back at once.
            if !old.buffer.isSame(as: buffer) { releaseUntaken() }
            // Damage's merge rule keeps it a few rectangles: a surface nobody draws may commit for hours.
            damage.add(old.damage)
        }
        guard let buffer else { return }
        if untaken == nil {
            if let resource = buffer.resource { untakenWatcher.subscribe(toDestructionOfResource: resource) }
            if case .dmabuf(let dmabuf) = buffer { dmabuf.hold() }
        }
        untaken = (buffer, damage)
    }

    /// Whether a buffer's pixels wait to be taken.
    package var hasUntakenPixels: Bool { untaken != nil }

    /// The buffer whose pixels wait to be taken, and where they changed since
    /// they were last taken (buffer pixels); nil when none wait.
    package var untakenPixels: (buffer: SurfaceBuffer, damage: BufferDamage)? { untaken }

    /// Hands the newest buffer and where its content changed since the
    /// pixels were last taken to `body`, then lets go of it: a wl_shm buffer
    /// goes back to its client, a dmabuf buffer once whoever `body` had hold
    /// it lets go too. Nothing when there is nothing new.
    package func takePixels(_ body: (SurfaceBuffer, BufferDamage) -> Void) {
        guard let untaken else { return }
        body(untaken.buffer, untaken.damage)
        releaseUntaken()
    }

    /// Gives a held buffer back untaken: its pixels are not wanted (a cursor's, copied as it was committed).
    package func dropUntakenPixels() { releaseUntaken() }

    private func releaseUntaken() {
        guard let untaken else { return }
        untakenWatcher.remove()
        self.untaken = nil
        switch untaken.buffer {
        case .shm(let buffer): if !untakenIsGoing { wl_buffer_send_release(buffer.resource) }
        case .dmabuf(let buffer): buffer.letGo(going: untakenIsGoing)
        }
    }

    /// The compositor could not take the surface's content (out of GL memory).
    package func postNoMemory() { segue_resource_post_no_memory(resource) }
}
