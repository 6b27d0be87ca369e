import SegueEngine

/// How layer surfaces (launchers, notifications) come on screen and go:
/// `[layers]` for every namespace, and rules naming a `namespace` for some.
/// Unless a rule says otherwise, notifications slide in from the edge they
/// keep to, bars and backgrounds appear at once, and every other surface
/// (launchers, menus) plays `[layers] effect`.
public struct LayerSettings: Sendable, Equatable {
    public var effect = SurfaceMotion.popin
    public var duration = 0.2
    public var curve = TimingCurve.easeOut
    /// How long a window's popups (menus, tooltips) take to pop in and out: briefly.
    public var popupDuration = 0.12
    public var rules: [LayerRule] = []

    /// The namespaces notification daemons give their surfaces.
    public static let notificationNamespaces = ["notifications", "dunst", "fnott", "swaync-notification-window"]

    public init() {}

    /// What a surface of `namespace` plays, `isBarOrBackground` where it is
    /// on the background layer or keeps a strip of the output for itself.
    public func choice(namespace: String, isBarOrBackground: Bool) -> (motion: SurfaceMotion, duration: Double, curve: TimingCurve) {
        var motion = isBarOrBackground ? .none : Self.notificationNamespaces.contains(namespace) ? .slide : effect
        var (duration, curve) = (duration, curve)
        // In file order: a later rule wins what both set.
        for rule in rules where rule.namespace.matches(namespace) {
            motion = rule.effect ?? motion
            duration = rule.duration ?? duration
            curve = rule.curve ?? curve
        }
        return (motion, duration, curve)
    }
}

/// A `[[rules]]` entry with `namespace`: layer surfaces it matches play its `effect`, `duration` and `easing`.
public struct LayerRule: Sendable, Equatable {
    public var namespace: Glob
    public var effect: SurfaceMotion?
    public var duration: Double?
    public var curve: TimingCurve?
    /// The line of its `[[rules]]` header, for messages.
    public var line: Int

    public init(namespace: Glob, effect: SurfaceMotion? = nil, duration: Double? = nil, curve: TimingCurve? = nil, line: Int) {
        (self.namespace, self.effect, self.duration, self.curve, self.line) = (namespace, effect, duration, curve, line)
    }
}
