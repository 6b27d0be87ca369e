import SegueEngine
import SegueRender

/// Free placement's desktop on the output: its windows' layers, each an
/// element of the frame, whose damage is where elements differ.
extension Output {
    /// The desktop as layers, bottom first, each with its newest pixels:
    /// background and bottom layer surfaces, the windows, top and overlay.
    func desktopLayers() -> [SurfaceLayer] {
        layers(on: .background ... .bottom) + windowLayers(delegate?.placedWindows(onWorkspace: nil) ?? [], fresh: true) + overLayers()
    }

    /// Workspace `number`'s desktop, for one side of a switch between
    /// desktops: its windows over the background and bottom layers, composed
    /// into a picture of its own (anew only where they changed). A `fresh`
    /// one first takes what its windows committed; else (moving frames) that waits for the gap between frames.
    func desktop(_ number: Int, fresh: Bool, without left: Window? = nil) -> Texture {
        let placed = (delegate?.placedWindows(onWorkspace: number) ?? []).filter { $0.window !== left }
        let layers = layers(on: .background ... .bottom) + windowLayers(placed, fresh: fresh)
        var composition = desktopCompositions[number] ?? Composition()
        defer { desktopCompositions[number] = composition }
        return composition.compose(layers, elements: layers.map(textures.element(of:)), background: background,
                                   width: width, height: height, painter: painter, versions: textures.versions) ?? backgroundTexture
    }

    /// The layers of `placed` windows, bottom first; `fresh`: each with its newest pixels.
    private func windowLayers(_ placed: [(window: Window, x: Int, y: Int)], fresh: Bool) -> [SurfaceLayer] {
        placed.flatMap {
            if fresh, textures.takePixels(of: $0.window) { newPixels(of: $0.window) }
            return $0.window.layers(x: $0.x, y: $0.y, scale: scale, textures: textures)
        }
    }

    /// Whether `window` is on `source`'s desktop.
    func desktop(_ source: ScreenSource, holds window: Window) -> Bool {
        guard case .workspace(let number) = source else { return false }
        return delegate?.placedWindows(onWorkspace: number).contains { $0.window === window } == true
    }
}
