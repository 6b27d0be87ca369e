import Foundation

/// An effect drawn as layers: for a progress, the layers of that frame.
/// Progress may leave 0...1 where a spring overshoots.
public protocol LayeredEffect: Sendable {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer]
    /// Whether every frame is copies of the screens at their own size and
    /// fills: as cheap as drawing gets, so never worth drawing smaller.
    var drawsCopiesOnly: Bool { get }
}

extension LayeredEffect {
    public var drawsCopiesOnly: Bool { false }
}

/// The built-in effects that have a layered form, by name. Each matches its
/// fragment shader in Shaders/effects (kept as the reference and as a file a
/// user can read); the tests hold them to within 2/255.
public enum LayeredEffects {
    public static func builtin(named name: String) -> LayeredEffect? {
        switch name {
        case "slide": SlideLayers()
        case "crossfade": CrossfadeLayers()
        case "rotate": RotateLayers()
        case "zoom-from-rect": ZoomLayers()
        case "circle-reveal": CircleRevealLayers()
        case "doom-melt": DoomMeltLayers()
        case "lamp": LampLayers()
        default: nil
        }
    }
}

extension LayeredEffects {
    /// The mipmap level a screen drawn at `scale` of its size is sampled from,
    /// bilinearly: the smallest level at least as large as it is drawn
    /// (⌊log2(1/scale)⌋), 0 at its own size or larger. zoom-from-rect.glsl picks
    /// its level the same way, so both forms show the same texels.
    public static func mipmapLevel(scale: Double) -> Int {
        guard scale.isFinite, scale > 0, scale < 1 else { return 0 }
        return Int(min(log2(1 / scale), 30).rounded(.down))
    }
}
