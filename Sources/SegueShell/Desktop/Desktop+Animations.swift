import SegueEngine
import SeguePolicy
import SegueWayland

/// Layer surfaces coming on screen and going with the motion their
/// namespace plays (`[layers]` and rules with `namespace`), each completing
/// once, in the log and `segue msg events`.
extension Desktop {
    /// `layer` starts coming on screen, or going as it last looked.
    func animate(_ layer: LayerSurface, coming: Bool) {
        let config = compositor.config
        // Bars keep a strip of the output for themselves; backgrounds lie under everything.
        let barOrBackground = layer.layer == .background || layer.placement.exclusiveZone > 0
        var (motion, duration, curve) = config.layers.choice(namespace: layer.namespace, isBarOrBackground: barOrBackground)
        // Reduced motion keeps the fade and drops the movement.
        if config.reduceMotion && motion != .none { motion = .fade }
        let picture = coming ? nil : output.picture(of: layer)
        guard motion != .none, duration > 0, coming || picture != nil else {
            if let stopped = layerSurfaces.animations.stop(layer) { reportMotion(stopped) }
            return
        }
        if let replaced = layerSurfaces.animations.start(layer, motion: motion, coming: coming, duration: duration, curve: curve,
                                                         picture: picture) {
            reportMotion(replaced)
        }
        output.layersChanged()
    }

    /// A frame was presented: those it showed at their end are done. A going
    /// one's last frame drew nothing of it, so its picture leaves unseen.
    func layerAnimationsPresented() {
        let ended = output.endedLayerAnimations
        output.endedLayerAnimations = []
        for end in ended { reportMotion(end) }
    }

    /// A layer surface's or popup's motion ended: the log and `msg events` hear it, once.
    func reportMotion(_ end: LayerAnimations.Completed) {
        let layer = end.surface as? LayerSurface
        let kind = (layer == nil ? "popup-" : "layer-") + (end.coming ? "open" : "close")
        let outcome = end.interrupted ? "interrupted" : "completed"
        let what = layer.map { "layer surface '\($0.namespace)'" } ?? "popup"
        let span = String(format: "%.3f", end.span)
        compositor.log.info("\(what) \(kind) with \(end.motion.rawValue) \(outcome): \(end.frames) frames over \(span) s, missed refreshes \(end.missedRefreshes)")
        compositor.control.emit("layer_animation_finished", [
            "kind": .string(kind), "namespace": layer.map { .string($0.namespace) } ?? .null, "effect": .string(end.motion.rawValue),
            "outcome": .string(outcome), "duration_ms": .number((end.duration * 1000).rounded()), "frames": .number(Double(end.frames)), "missed_refreshes": .number(Double(end.missedRefreshes)),
            "presented_ms": .number((end.span * 1000 * 10).rounded() / 10),
        ])
    }
}
