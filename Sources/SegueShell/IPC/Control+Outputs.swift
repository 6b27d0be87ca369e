import SegueIPC
import SegueRender

/// `segue msg outputs`: the output as a script reads it.
extension Control {
    var outputJSON: JSONValue {
        let area = compositor.desktop.layerSurfaces.usable, usable = [area.x, area.y, area.width, area.height]
        return .object([
            "name": .string(output.backend.outputName),
            "width": .number(Double(output.width)),
            "height": .number(Double(output.height)),
            "scale": .number(Double(output.scale)),
            "refresh_mhz": .number((1000 / output.backend.refreshInterval).rounded()),
            "frames_drawn": .number(Double(output.framesDrawn)),
            "frames_presented": .number(Double(output.framesPresented)),
            // Frames of the output screen capture handed to its clients (grim, wf-recorder, the portal).
            "frames_captured": .number(Double(compositor.offered?.screenCapture.framesCaptured ?? 0)),
            // What the last frame changed of the one before (what a parent is told): [x, y, width, height], null for the whole output.
            "last_damage": output.lastDamage.rects.map { .array($0.map { .array([$0.x, $0.y, $0.width, $0.height].map { .number(Double($0)) }) }) } ?? .null,
            "animating": .bool(compositor.navigation.isAnimating),
            // What windows get: the output less the strips bars keep, in surface units.
            "usable": .array(usable.map { .number(Double($0)) }),
            // GL objects alive in the whole compositor: flat over a long run.
            "gl_textures": .number(Double(Texture.live)),
            "gl_render_targets": .number(Double(RenderTarget.live)),
            // The GL drawing it, its device's render node, and the dmabufs its EGL imports (none: no linux-dmabuf).
            "renderer": .string(compositor.renderer.context.renderer),
            "drm_node": compositor.renderer.dmabufSupport.clientRenderNode.map(JSONValue.string) ?? .null,
            "dmabuf_formats": compositor.renderer.dmabufSupport.json,
        ])
    }
}
