import Foundation
import SegueEngine
import SegueImaging

/// Measures how long each effect takes to draw one frame, next to reference
/// rows measured in the same run: what the hardware's floor looks like (a blit,
/// an upload, a read-back, a turned screen), the old full-screen copy, and
/// Segue's own plain compositing. Ratios are taken frame by frame against the
/// yardsticks drawn beside them, so they hold on a noisy machine; absolute
/// times do not.
package struct Benchmark {
    package struct Row: Sendable {
        package let name: String
        package let medianMilliseconds: Double
        /// The median of each frame's time over a `reference-copy` frame's drawn beside it.
        package let ratioToCopy: Double
        /// The same against a `blit` frame.
        package let ratioToBlit: Double
        /// Reference rows measure the machine and Segue's plumbing; the others are effects.
        package let isReference: Bool
        /// The form an effect's row drew it in: an effect with two has a row for each.
        package let form: Renderer.EffectForm?
        /// The size per side an effect was drawn at before it was stretched over the
        /// frame: 1, or 1/2 in the row of its drawn form that shows what reduced frames cost.
        package let scale: Double
        /// What the row draws around the effect.
        package let scene: Scene
        /// A window opening over the desktop: the effect from nothing to a window
        /// filling the frame, drawn with its alpha, then laid over the frame.
        package var overDesktop: Bool { scene == .overDesktop }
    }

    package let width: Int
    package let height: Int
    package let frames: Int

    package init(width: Int, height: Int, frames: Int) {
        self.width = width
        self.height = height
        self.frames = max(frames, 3)
    }

    /// The reference rows first, then every effect at mid-progress, where the
    /// effects do the most work: in both forms where it has two, then in the
    /// form drawn here at half size per side and stretched over the frame,
    /// then in each form over the desktop, then in the form drawn here in each
    /// of a desktop's scenes (a workspace switch, a minimize) as a compositor draws them.
    package func run(effects: [EffectDescriptor], renderer: Renderer) throws -> [Row] {
        let first = TestScreens.first(width: width, height: height)
        let second = TestScreens.second(width: width, height: height)
        // The screens as clients' wl_shm buffers arrive: XRGB8888, opaque.
        let shm = Self.shm(first)
        let from = try Texture(width: width, height: height), to = try Texture(width: width, height: height)
        shm.withUnsafeBytes { from.upload($0, stride: width * 4, format: .xrgb8888) }
        Self.shm(second).withUnsafeBytes { to.upload($0, stride: width * 4, format: .xrgb8888) }
        let target = try RenderTarget(width: width, height: height)
        // The copy as Segue drew every frame before: RGBA8 screens, a full-screen texture() quad.
        let copy = try EffectSettings(EffectRegistry.copyEffect())
        let rgbaFrom = try Texture(image: first, storage: .rgba8), rgbaTo = try Texture(image: second, storage: .rgba8)
        let rgbaTarget = try RenderTarget(width: width, height: height, storage: .rgba8)
        try renderer.prepare(copy.effect)
        let window = try Texture(width: width, height: height)
        let half = try RenderTarget(width: (width + 1) / 2, height: (height + 1) / 2)
        var captureBuffer = [UInt8](repeating: 0, count: width * height * 4)
        let readback = FrameReadback(width: width, height: height)
        let capture = { (target: RenderTarget, rows: [Range<Int>]) in
            readback.start(from: target, rows: rows)
            readback.withPixels { pixels in captureBuffer.withUnsafeMutableBytes { $0.copyMemory(from: pixels) } }
        }
        let nothing = try renderer.nothing, overFrame = try RenderTarget(width: width, height: height)
        var overWindow: RenderTarget?
        try renderer.composeAlone([SurfaceLayer(window, at: PixelRect(x: width / 4, y: height / 4, width: width / 2, height: height / 2))],
                                  into: overFrame)

        let referenceCopy: (Double) throws -> Void = { try renderer.draw(copy, from: rgbaFrom, to: rgbaTo, progress: $0, into: rgbaTarget) }
        let blit: (Double) throws -> Void = { _ in renderer.copy(from, into: target) }
        // A screen turned an eighth of a turn about the output's centre, over black: what reading
        // a screen along slanted rows costs, which bounds what `rotate` can cost (it covers 73%).
        let full = LayerRect(x: 0, y: 0, width: Double(width), height: Double(height))
        let turned = [EffectLayer(.color(red: 0, green: 0, blue: 0), frame: full),
                      EffectLayer(.from, frame: full, rotation: LayerRotation(angle: .pi / 4, pivotX: full.width / 2, pivotY: full.height / 2))]
        var rows: [(String, (Double) throws -> Void, Renderer.EffectForm?, Double, Scene)] = [
            ("reference-copy", referenceCopy, nil, 1, .alone),
            ("blit", blit, nil, 1, .alone),
            ("upload", { _ in shm.withUnsafeBytes { window.upload($0, stride: width * 4, format: .xrgb8888) } }, nil, 1, .alone),
            ("readback", { _ in _ = target.readPixels() }, nil, 1, .alone),
            // What a captured frame costs: its alpha made 1, read back in XRGB8888's byte order
            // and copied into a client's buffer; then where two bands of 32 rows changed.
            ("capture", { _ in capture(target, [0..<height]) }, nil, 1, .alone),
            ("capture-rows", { _ in capture(target, [0..<32, height / 2..<height / 2 + 32]) }, nil, 1, .alone),
            ("composite", { _ in try renderer.render(.screen(window, filling: target, background: (0, 0, 0)), into: target) }, nil, 1, .alone),
            ("turned", { _ in try renderer.paint(turned, from: from, to: to, into: target) }, nil, 1, .alone),
            // What a frame drawn at half size per side costs to stretch over the output.
            ("stretch", { _ in try renderer.stretch(half, over: target) }, nil, 1, .alone),
            // What drawing an effect over the desktop adds to its frame: the window placed in its
            // drawing (a copy, its alpha made 1), and the frame with its alpha (here a window in the
            // middle, over nothing) laid over the output.
            ("place", { _ in _ = try renderer.placed(to, at: target.bounds, width: width, height: height, in: &overWindow) }, nil, 1, .alone),
            ("blend", { _ in try renderer.lay(overFrame, over: target, at: target.bounds, flipped: false) }, nil, 1, .alone),
        ]
        // The switcher's overlay over eight windows: the dimmed screen copied and eight previews
        // from their small copies; then with every window's content new since the last frame,
        // of which the frame copies again the one whose turn it is (the overlay's budget).
        let screens = try (0..<8).map { index in
            let screen = try Texture(width: width, height: height)
            (index % 2 == 0 ? shm : Self.shm(second)).withUnsafeBytes { screen.upload($0, stride: width * 4, format: .xrgb8888) }
            return screen
        }
        let cards = SwitcherLayout(count: screens.count, width: width, height: height, scale: 1, maxHeight: 180, maxScale: 0.3,
                                   padding: 10).cards
        let previewCopies = PreviewCopies(painter: renderer)
        let keys = screens.map(ObjectIdentifier.init)
        let switcher = { (changed: Bool) throws in
            let remake = previewCopies.turns(keys.map { ($0, changed) }, budget: PreviewCopies.budget).remake
            let copies = previewCopies.copies(of: zip(keys, cards).map { ($0, $1.preview.width, $1.preview.height) }, renewing: remake) { key in
                screens.first { ObjectIdentifier($0) == key }
            }
            let overlay = [SurfaceLayer(from, at: target.bounds)] + zip(copies, cards).compactMap { copy, card in
                copy.map { SurfaceLayer($0, at: card.preview) }
            }
            try renderer.render(.surfaces(overlay, background: (0, 0, 0)), into: target)
        }
        rows.append(("switcher", { _ in try switcher(false) }, nil, 1, .alone))
        rows.append(("switcher-live", { _ in try switcher(true) }, nil, 1, .alone))
        // Free placement's desktop: four windows, each two-fifths of the output, over the
        // background, drawn whole; then as a frame where two 32×32 squares in opposite corners changed.
        let (windowWidth, windowHeight) = (width * 2 / 5, height * 2 / 5)
        let windowPixels = Self.shm(TestScreens.first(width: windowWidth, height: windowHeight))
        let desktop = try (0..<4).map { index in
            let texture = try Texture(width: windowWidth, height: windowHeight)
            windowPixels.withUnsafeBytes { texture.upload($0, stride: windowWidth * 4, format: .xrgb8888) }
            return SurfaceLayer(texture, at: PixelRect(x: index * width / 5, y: index * height / 5, width: windowWidth, height: windowHeight))
        }
        let corners = OutputDamage([PixelRect(x: 0, y: 0, width: 32, height: 32),
                                     PixelRect(x: width - 32, y: height - 32, width: 32, height: 32)])
        rows.append(("desktop", { _ in try renderer.render(.surfaces(desktop, background: (0.1, 0.1, 0.1)), into: target) }, nil, 1, .alone))
        rows.append(("desktop-damage", { _ in
            try renderer.render(.surfaces(desktop, background: (0.1, 0.1, 0.1)), within: corners, into: target)
        }, nil, 1, .alone))
        // A client's new dmabuf buffer, imported and drawn once, as `upload` takes a wl_shm one:
        // where the renderer imports and exports dmabufs (a GPU; not llvmpipe).
        if renderer.dmabufSupport.canImport, let exported = renderer.export(window) {
            rows.append(("dmabuf-import", { _ in
                guard let imported = renderer.import(exported.description, opaque: true) else {
                    throw RenderError("the renderer did not import its own dmabuf")
                }
                try renderer.render(.screen(imported.texture, filling: target, background: (0, 0, 0)), into: target)
            }, nil, 1, .alone))
        }
        let scenes = try Scenes(renderer: renderer, width: width, height: height, from: from, to: to)
        for effect in effects {
            let settings = EffectSettings(effect)
            try renderer.prepare(effect)
            for form in renderer.hasTwoForms(effect) ? [Renderer.EffectForm.layers, .shader] : [.shader] {
                rows.append((effect.name, { try renderer.draw(settings, from: from, to: to, progress: $0, form: form, into: target) }, form, 1, .alone))
            }
            let drawn = renderer.form(for: effect, width: width, height: height)
            rows.append((effect.name, {
                try renderer.draw(settings, from: from, to: to, progress: $0, form: drawn, scale: 0.5, into: target)
            }, drawn, 0.5, .alone))
            // Over the desktop, in each form: the window placed in its drawing (a copy, its alpha 1),
            // the effect from nothing to it, and the blend. Beside that form's row, the copy and the blend.
            for form in renderer.hasTwoForms(effect) ? [Renderer.EffectForm.layers, .shader] : [.shader] {
                rows.append((effect.name, {
                    let placed = try renderer.placed(to, at: overFrame.bounds, width: width, height: height, in: &overWindow)
                    try renderer.draw(settings, from: nothing, to: placed, progress: $0, form: form, window: overFrame.bounds, into: overFrame)
                    try renderer.lay(overFrame, over: target, at: target.bounds, flipped: false)
                }, form, 1, .overDesktop))
            }
            for scene in [Scene.betweenStacks, .betweenDesktops, .notificationDuringSwitch, .minimizeOverDesktop] {
                rows.append((effect.name, { try scenes.draw(scene, settings, progress: $0, form: drawn, into: target) }, drawn, 1, scene))
            }
        }
        defer { renderer.releaseReducedTargets() }
        return try rows.map { name, frame, form, scale, scene in
            // A yardstick is 1 against itself; a second run of it beside it would measure only noise.
            let (time, toCopy, toBlit) = try measure(frame, against: name == "reference-copy" ? nil : referenceCopy,
                                                     name == "blit" ? nil : blit, renderer)
            return Row(name: name, medianMilliseconds: time * 1000, ratioToCopy: toCopy, ratioToBlit: toBlit,
                       isReference: form == nil, form: form, scale: scale, scene: scene)
        }
    }

    /// An image as a client's wl_shm buffer holds it: XRGB8888, bytes B, G, R, X.
    static func shm(_ image: RGBAImage) -> [UInt8] {
        image.pixels.withUnsafeBytes { rgba in
            [UInt8](unsafeUninitializedCapacity: rgba.count) { bytes, count in
                for i in Swift.stride(from: 0, to: rgba.count, by: 4) {
                    (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (rgba[i + 2], rgba[i + 1], rgba[i], 255)
                }
                count = rgba.count
            }
        }
    }

    /// The median seconds of `frame`, and its ratios to the two yardsticks:
    /// each frame is timed next to one of each at the same progress, and a
    /// ratio is the median of those pairs', so the machine's speed drifting
    /// during the run (another process, the clock) moves no ratio. A yardstick
    /// given as nil is `frame` itself: ratio 1.
    private func measure(_ frame: (Double) throws -> Void, against copy: ((Double) throws -> Void)?,
                         _ blit: ((Double) throws -> Void)?, _ renderer: Renderer) throws -> (Double, Double, Double) {
        var times: [Double] = [], toCopy: [Double] = [], toBlit: [Double] = []
        func time(_ draw: (Double) throws -> Void, _ progress: Double) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            try draw(progress)
            renderer.finish()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        // Two warm-up frames let the driver finish compiling and allocating.
        for i in 0..<(frames + 2) {
            // Progress sweeps 0.3–0.7 so effects that vary over time are measured mid-way.
            let progress = 0.3 + 0.4 * Double(i % 8) / 7
            let t = try time(frame, progress)
            let c = try copy.map { try time($0, progress) } ?? t, b = try blit.map { try time($0, progress) } ?? t
            guard i >= 2 else { continue }
            times.append(t)
            toCopy.append(t / c)
            toBlit.append(t / b)
        }
        return (Self.median(times), Self.median(toCopy), Self.median(toBlit))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
