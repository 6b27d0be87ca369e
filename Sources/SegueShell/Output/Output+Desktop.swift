import SegueEngine
import SegueRender

/// Free placement's desktop on the output: its windows' layers, each an
/// element of the frame, whose damage is where elements differ.
extension Output {
    /// The desktop as layers, bottom first, each with its newest pixels:
    /// background and bottom layer surfaces, the windows, top and overlay.
    func desktopLayers() -> [SurfaceLayer] {
        let windows = delegate?.placedWindows().flatMap {
            textures.takePixels(of: $0.window)
            return $0.window.layers(x: $0.x, y: $0.y, scale: scale, textures: textures)
        } ?? []
        return layers(on: .background ... .bottom) + windows + overLayers()
    }
}
