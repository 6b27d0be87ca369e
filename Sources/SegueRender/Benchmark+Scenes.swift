import SegueEngine
import SegueImaging

extension Benchmark {
    /// What an effect's row draws around it.
    package enum Scene: String, Sendable {
        /// The effect between two screens, nothing else.
        case alone
        /// A window the frame's size opening from nothing over the desktop, as libsegue draws it.
        case overDesktop = "over-desktop"
        /// A switch between two workspaces of a stack each, both windows live, a bar over.
        case betweenStacks = "between-stacks"
        /// A switch between two free desktops of three placed windows each, all live, a bar over.
        case betweenDesktops = "between-desktops"
        /// A switch between stacks with a bar over and a notification sliding in from the right.
        case notificationDuringSwitch = "notification-during-switch"
        /// One of three placed windows minimized over the desktop of the other two, a bar over.
        case minimizeOverDesktop = "minimize-over-desktop"

        /// How the table's form column says it.
        package var words: String {
            switch self {
            case .alone: ""
            case .overDesktop: ", over the desktop"
            case .betweenStacks: ", between stacks, a bar over"
            case .betweenDesktops: ", between desktops of three windows, a bar over"
            case .notificationDuringSwitch: ", between stacks, a bar and a notification over"
            case .minimizeOverDesktop: ", minimize over the desktop, a bar over"
            }
        }
    }

    /// The desktops a compositor's frame of a workspace switch or a minimize
    /// is drawn from, kept between frames as its compositions are: each frame
    /// redraws two 32×32 squares of each (its windows are live clients), then
    /// the effect, then the bar (and a notification) over it. Stacked windows
    /// filling the output are their own screens.
    final class Scenes {
        private let renderer: Renderer
        private let width: Int, height: Int
        private let desktops: [RenderTarget], rest: RenderTarget
        private let screens: [Texture]
        private let windows: [[SurfaceLayer]]
        private let minimized: SurfaceLayer
        private let bar: SurfaceLayer
        private let notification: Texture
        private let changed: OutputDamage
        private static let background: (Float, Float, Float) = (0.1, 0.1, 0.1)

        init(renderer: Renderer, width: Int, height: Int, from: Texture, to: Texture) throws {
            self.renderer = renderer
            (self.width, self.height) = (width, height)
            screens = [from, to]
            desktops = try (0..<2).map { _ in try RenderTarget(width: width, height: height) }
            rest = try RenderTarget(width: width, height: height)
            // Three windows two-fifths of the output on each desktop, apart and overlapping, as people place them.
            let (w, h) = (width * 2 / 5, height * 2 / 5)
            let pictures = try [TestScreens.first(width: w, height: h), TestScreens.second(width: w, height: h)].map { image in
                let texture = try Texture(width: w, height: h)
                Benchmark.shm(image).withUnsafeBytes { texture.upload($0, stride: w * 4, format: .xrgb8888) }
                return texture
            }
            let places = [(width / 20, height / 8), (width / 2, height / 6), (width / 4, height / 2)]
            windows = (0..<2).map { side in
                places.enumerated().map { index, place in
                    SurfaceLayer(pictures[(index + side) % 2], at: PixelRect(x: place.0, y: place.1, width: w, height: h))
                }
            }
            minimized = windows[0][2]
            let barHeight = max(1, height / 40)
            let barTexture = try Texture(width: width, height: barHeight)
            Benchmark.shm(TestScreens.second(width: width, height: barHeight)).withUnsafeBytes {
                barTexture.upload($0, stride: width * 4, format: .xrgb8888)
            }
            bar = SurfaceLayer(barTexture, at: PixelRect(x: 0, y: 0, width: width, height: barHeight))
            let (nw, nh) = (max(1, width / 5), max(1, height / 9))
            let notification = try Texture(width: nw, height: nh)
            Benchmark.shm(TestScreens.first(width: nw, height: nh)).withUnsafeBytes { notification.upload($0, stride: nw * 4, format: .xrgb8888) }
            self.notification = notification
            changed = OutputDamage([PixelRect(x: width / 10, y: height / 5, width: 32, height: 32),
                                    PixelRect(x: width * 3 / 5, y: height / 4, width: 32, height: 32)])
            for side in 0..<2 {
                try renderer.render(.surfaces(windows[side], background: Self.background), into: desktops[side])
            }
            try renderer.render(.surfaces(Array(windows[0].prefix(2)), background: Self.background), into: rest)
        }

        /// One frame of `scene` at `progress` of `settings`, drawn in `form`, into `target`.
        func draw(_ scene: Scene, _ settings: EffectSettings, progress: Double, form: Renderer.EffectForm, into target: RenderTarget) throws {
            var over = [bar]
            switch scene {
            case .alone, .overDesktop:
                return
            case .betweenStacks, .notificationDuringSwitch:
                // A window filling the output is its own screen: the effect samples its texture.
                try renderer.draw(settings, from: screens[0], to: screens[1], progress: progress, form: form, into: target)
                if scene == .notificationDuringSwitch {
                    // Sliding in from the right edge to a margin under the bar.
                    let margin = max(1, width / 100)
                    let x = width - Int(Double(notification.width + margin) * progress)
                    over.append(SurfaceLayer(notification, at: PixelRect(x: x, y: bar.rect.height + margin,
                                                                         width: notification.width, height: notification.height)))
                }
            case .betweenDesktops:
                let sides = try (0..<2).map { side in
                    try renderer.render(.surfaces(windows[side], background: Self.background), within: changed, into: desktops[side])
                    return try desktops[side].drawnTexture()
                }
                try renderer.draw(settings, from: sides[0], to: sides[1], progress: progress, form: form, into: target)
            case .minimizeOverDesktop:
                // An effect with a source rectangle pours into a taskbar button at the bottom-left corner, as the sample taskbar's first.
                var settings = settings
                try? settings.set("rect", to: "0.002, 0.978, 0.021, 0.017")
                try renderer.render(.surfaces(Array(windows[0].prefix(2)), background: Self.background), within: changed, into: rest)
                // Where the compositor lets it draw: the window, a margin, and the rectangle it pours into.
                let margin = max(32, min(width, height) / 8)
                let around = PixelRect(x: minimized.rect.x - margin, y: minimized.rect.y - margin,
                                       width: minimized.rect.width + 2 * margin, height: minimized.rect.height + 2 * margin)
                let full = PixelRect(x: 0, y: 0, width: width, height: height)
                let area = PixelRect.bounds(of: [around, settings.sourceRect(outputWidth: width, outputHeight: height)].compactMap { $0 })?
                    .clipped(to: full) ?? full
                try renderer.render(.windowOver(settings, window: [minimized], area: area, scene: try rest.drawnTexture(), opening: false,
                                                progress: progress, direction: .forward, form: form), into: target)
            }
            try renderer.render(.surfaces(over, background: nil), into: target)
        }
    }
}
