import SegueEngine
import SegueImaging

/// Renders a transition offline, frame by frame, the way an output would show
/// it: frames evenly spaced over the duration, first and last included; a
/// shader of one window as a window opening over a desktop.
package struct Preview {
    package struct Frame {
        package let image: RGBAImage
        /// Seconds since the transition began.
        package let time: Double
        /// The effect's progress at that time (springs may pass 1).
        package let progress: Double

        /// The label a contact sheet prints under the frame.
        package var label: String {
            "t=" + Self.format(time) + "s p=" + Self.format(progress)
        }

        private static func format(_ x: Double) -> String {
            let hundredths = Int((x * 100).rounded())
            let sign = hundredths < 0 ? "-" : ""
            let h = abs(hundredths)
            return sign + "\(h / 100)." + (h % 100 < 10 ? "0" : "") + "\(h % 100)"
        }
    }

    package let settings: EffectSettings
    package let direction: TransitionDirection
    package let frameCount: Int

    package init(settings: EffectSettings, direction: TransitionDirection, frameCount: Int) {
        self.settings = settings
        self.direction = direction
        self.frameCount = max(frameCount, 2)
    }

    /// Renders every frame from `from` to `to`, both of the same size.
    package func render(from: RGBAImage, to: RGBAImage, with renderer: Renderer) throws -> [Frame] {
        guard from.width == to.width, from.height == to.height else {
            throw RenderError("the two screens differ in size: \(from.width)x\(from.height) and \(to.width)x\(to.height)")
        }
        let fromTexture = try Texture(image: from)
        let toTexture = try Texture(image: to)
        let target = try RenderTarget(width: from.width, height: from.height)
        // A shader of one window plays it as written (opening, but for a close
        // shader; reversed, the other way): `to` at three fifths of the size,
        // in the middle, over `from` as its desktop.
        let opening = (direction == .forward) != (settings.effect.source.interface == .niriClose)
        let (w, h) = (from.width * 3 / 5, from.height * 3 / 5)
        let window = PixelRect(x: (from.width - w) / 2, y: (from.height - h) / 2, width: w, height: h)
        let area = OneWindowFrame.area(around: window, room: settings.effect.room(windowHeight: h, outputHeight: from.height),
                                       outputWidth: from.width, outputHeight: from.height)
            .clipped(to: target.bounds) ?? target.bounds
        return try (0..<frameCount).map { i in
            let time = settings.duration * Double(i) / Double(frameCount - 1)
            let progress = settings.progress(atElapsed: time)
            if settings.effect.source.interface.drawsOneWindow {
                try renderer.render(.windowOver(settings, window: [SurfaceLayer(toTexture, at: window)], area: area, scene: fromTexture,
                                                opening: opening, progress: progress, direction: direction, form: .shader),
                                    into: target)
            } else {
                try renderer.draw(settings, from: fromTexture, to: toTexture, progress: progress, direction: direction, into: target)
            }
            return Frame(image: target.readPixels(opaque: true), time: time, progress: progress)
        }
    }
}
