import SegueEngine

/// Everything a config file decides: the output, what each event plays,
/// per-window rules, accessibility, key bindings and the effects to choose from.
public struct SegueConfig: Sendable {
    /// The file it was read from; nil for the built-in defaults.
    public var path: String?
    public var output: OutputSettings
    /// Always holds every event once loaded.
    public var transitions: [TransitionEvent: TransitionChoice]
    public var rules: [Rule]
    /// Every transition becomes a short crossfade.
    public var reduceMotion: Bool
    /// Whether frames too costly for their refresh are drawn smaller.
    public var frameQuality = FrameQuality()
    public var keys: KeyBindings
    public var keyRepeat = KeyRepeat()
    public var gestures = GestureSettings()
    public var switcher = SwitcherSettings()
    /// How layer surfaces come and go.
    public var layers = LayerSettings()
    /// How windows move and scale when their rectangle changes.
    public var resize = ResizeSettings()
    /// The built-ins plus the file's `[effects.NAME]`.
    public var effects: EffectRegistry
    /// What an `[effects.NAME]` table sets besides its shader: the effect's own
    /// duration, curve and parameter defaults, under everything else.
    public var effectDefaults: [String: PartialChoice]
    /// Where each event's choice came from, e.g. `[transitions.open] in reverse`;
    /// the `Resolution.reason` when no rule applies.
    public internal(set) var eventOrigins: [TransitionEvent: String]
    /// Who, besides the clients Segue spawned, may use the privileged protocols.
    public var privileged = PrivilegedClients.executables(PrivilegedClients.defaultExecutables)
    /// `[startup] run`: programs (argv each) started once, when the compositor starts.
    public var startup: [[String]] = []
    /// `[xwayland] enabled`: nil where the file does not say (on where Xwayland is installed).
    public var xwayland: Bool?
    /// `burn-my-windows`: a Burn-My-Windows checkout its effects' images come from.
    public var burnMyWindows: String?
    /// That checkout's GSettings schema, whose defaults its effects start with.
    public var burnMyWindowsSchema: BurnMyWindowsSchema?
    /// What the file asks that plays, but not as its author may expect (an
    /// effect Segue knows nothing about, an image it lacks): told, not refused.
    public internal(set) var notes: [ConfigDiagnostic] = []

    /// Reduce-motion's crossfade.
    public static let reducedMotionEffect = "crossfade"
    public static let reducedMotionDuration = 0.15

    public static func defaultChoice(for event: TransitionEvent) -> TransitionChoice {
        switch event {
        case .switch, .workspace: TransitionChoice(effect: .named("slide"))
        case .open, .close: TransitionChoice(effect: .named("zoom-from-rect"))
        case .minimize, .restore: TransitionChoice(effect: .named("lamp"))
        }
    }

    /// Switch slides, open zooms from a rectangle, close plays open in
    /// reverse, minimize pours into a lamp and restore plays it in reverse.
    public static func defaults(registry: EffectRegistry) -> SegueConfig {
        SegueConfig(
            path: nil, output: OutputSettings(),
            transitions: Dictionary(uniqueKeysWithValues: TransitionEvent.allCases.map { ($0, defaultChoice(for: $0)) }),
            rules: [], reduceMotion: false, keys: .defaults, effects: registry, effectDefaults: [:],
            eventOrigins: [.switch: "built-in default", .open: "built-in default", .workspace: "built-in default",
                           .close: "built-in default (open in reverse)", .minimize: "built-in default",
                           .restore: "built-in default (minimize in reverse)"])
    }

    /// What `name` plays with: its own settings, then its `[effects.NAME]` keys,
    /// then `choice`'s. Parameters the effect does not have are skipped, since a
    /// random choice's keys need not fit every pick. Nil when `name` is not registered.
    public func settings(effect name: String, choice: TransitionChoice? = nil) -> EffectSettings? {
        guard let descriptor = effects[name] else { return nil }
        return Self.settings(of: descriptor, defaults: effectDefaults[name], choice: choice)
    }

    /// `descriptor`'s settings with `defaults` over its own, then `choice`'s.
    public static func settings(of descriptor: EffectDescriptor, defaults: PartialChoice?, choice: TransitionChoice? = nil) -> EffectSettings {
        var settings = EffectSettings(descriptor)
        let layers = [defaults.map { ($0.duration, $0.curve, $0.parameters) },
                      choice.map { ($0.duration, $0.curve, $0.parameters) }]
        for case let (duration, curve, parameters)? in layers {
            if let duration { settings.duration = duration }
            if let curve { settings.curve = curve }
            for (parameter, value) in parameters {
                guard let spec = descriptor.parameters.first(where: { $0.name == parameter }),
                      let adapted = Self.adapt(value, to: spec) else { continue }
                try? settings.set(spec.name, to: adapted.description)
            }
        }
        return settings
    }

    /// A value checked against every effect of a random choice was stored as the
    /// first one's type; another effect's parameter may be a vector or an int.
    private static func adapt(_ value: ParameterValue, to spec: ParameterSpec) -> ParameterValue? {
        if value.type == spec.type { return value }
        let count = spec.type.componentCount
        let components = value.components.count == 1 ? Array(repeating: value.components[0], count: count) : value.components
        return components.count == count ? ParameterValue(spec.type, components) : nil
    }
}
