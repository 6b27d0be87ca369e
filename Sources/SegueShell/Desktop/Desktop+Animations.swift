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
            if let stopped = layerSurfaces.animations.stop(layer) { report(stopped, of: layer) }
            return
        }
        if let replaced = layerSurfaces.animations.start(layer, motion: motion, coming: coming, duration: duration, curve: curve,
                                                         picture: picture) {
            report(replaced, of: layer)
        }
        output.layersChanged()
    }

    /// A frame was presented: those it showed at their end are done. A going
    /// one's last frame drew nothing of it, so its picture leaves unseen.
    func layerAnimationsPresented() {
        let ended = output.endedLayerAnimations
        output.endedLayerAnimations = []
        for end in ended { report(end, of: end.surface) }
    }

    private func report(_ end: SurfaceAnimations<LayerSurface, LayerPicture>.Completed, of layer: LayerSurface) {
        let kind = end.coming ? "layer-open" : "layer-close", outcome = end.interrupted ? "interrupted" : "completed"
        compositor.log.info("layer surface '\(layer.namespace)' \(kind) with \(end.motion.rawValue) \(outcome): \(end.frames) frames over \(String(format: "%.3f", end.span)) s")
        compositor.control.emit("layer_animation_finished", [
            "kind": .string(kind), "namespace": .string(layer.namespace), "effect": .string(end.motion.rawValue),
            "outcome": .string(outcome), "frames": .number(Double(end.frames)),
            "presented_ms": .number((end.span * 1000 * 10).rounded() / 10),
        ])
    }
}
