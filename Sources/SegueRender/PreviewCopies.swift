import SegueEngine

/// Small copies of whole screens, for the switcher's live previews, at
/// their preview's size: drawn from the screen at twice that (a bilinear
/// quad the size of the copy, not of the screen), then halved (a 2×2
/// average), so a preview shows its window without shimmer and is then a
/// blit. A copy is made again only once its screen's content changed, and
/// at most `budget` a frame, the longest waiting first: a screen's preview
/// keeps up at a bounded rate whatever its client does, and no frame pays
/// for the full-size screens of every window at once.
package final class PreviewCopies {
    private let renderer: Renderer
    private var copies: [ObjectIdentifier: Copy] = [:]
    private var frame = 0
    /// Stale copies the last call left for later, past its budget.
    package private(set) var behind = 0

    private struct Copy {
        /// The copy at twice the preview's size, and at its size.
        let double: RenderTarget
        let target: RenderTarget
        /// The screen and its content version it was made from.
        var screen: ObjectIdentifier
        var version: Int
        /// The frame it was last made in.
        var made: Int
    }

    package init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// The copies for `screens` (each keyed by what it belongs to, and the
    /// preview's size), in order; stale ones made again, at most `budget` of
    /// them. A screen with no copy yet gets one whatever the budget.
    package func copies(of screens: [(key: ObjectIdentifier, screen: Texture, width: Int, height: Int)], budget: Int) -> [Texture] {
        frame += 1
        let stale = screens.filter { entry in
            guard let copy = copies[entry.key] else { return false }
            return copy.screen != ObjectIdentifier(entry.screen) || copy.version != entry.screen.contentVersion
                || copy.target.width != entry.width || copy.target.height != entry.height
        }.sorted { copies[$0.key]!.made < copies[$1.key]!.made }
        let renewed = Set(stale.prefix(max(budget, 0)).map(\.key))
        behind = stale.count - renewed.count
        return screens.map { entry in
            if let copy = copies[entry.key], !renewed.contains(entry.key), copy.target.width == entry.width, copy.target.height == entry.height {
                return copy.target.texture ?? entry.screen
            }
            return make(entry.key, entry.screen, width: entry.width, height: entry.height) ?? entry.screen
        }
    }

    /// Forgets every copy but those of `keep`.
    package func keep(only keep: Set<ObjectIdentifier>) {
        copies = copies.filter { keep.contains($0.key) }
    }

    private func make(_ key: ObjectIdentifier, _ screen: Texture, width: Int, height: Int) -> Texture? {
        let (width, height) = (max(width, 1), max(height, 1))
        let reused = copies[key].flatMap { $0.target.width == width && $0.target.height == height ? ($0.double, $0.target) : nil }
        guard let (double, target) = reused ?? (try? (RenderTarget(width: 2 * width, height: 2 * height), RenderTarget(width: width, height: height))),
              let half = double.texture,
              (try? renderer.render(.surfaces([SurfaceLayer(screen, at: double.bounds)], background: (0, 0, 0)), into: double)) != nil,
              (try? renderer.render(.surfaces([SurfaceLayer(half, at: target.bounds)], background: (0, 0, 0)), into: target)) != nil
        else { return nil }
        copies[key] = Copy(double: double, target: target, screen: ObjectIdentifier(screen), version: screen.contentVersion, made: frame)
        return target.texture
    }
}
