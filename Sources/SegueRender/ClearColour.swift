import CGLES

/// The clear colour given so that each channel lands on the 8-bit value
/// nearest it whether the driver rounds or truncates when it converts (GL
/// allows either: Mesa rounds, NVIDIA truncates, which turned `#14141a` into
/// (20, 20, 25)): a quarter step above that value survives both.
enum ClearColour {
    static func set(_ colour: (Float, Float, Float), alpha: Float = 1) {
        glClearColor(channel(colour.0), channel(colour.1), channel(colour.2), alpha)
    }

    static func channel(_ value: Float) -> Float {
        min(1, ((min(1, max(0, value)) * 255).rounded() + 0.25) / 255)
    }
}
