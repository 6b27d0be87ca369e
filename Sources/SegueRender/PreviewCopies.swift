import SegueEngine

/// Small copies of whole screens, for the switcher's live previews, at
/// their preview's size: drawn from the screen at twice that (a bilinear
/// quad the size of the copy, not of the screen), then halved (a 2×2
/// average), so a preview shows its window without shimmer and is then a
/// blit. Previews take turns, one a frame (`turns`), the one whose turn
/// came longest ago first: at its turn a preview is made again if its
/// screen changed, and its window may draw its next frame. So each preview
/// keeps up at the refresh rate over the windows' number, whatever its
/// client does, and no frame pays for every window's screen.
package final class PreviewCopies {
    /// Previews given a turn a frame: with every window redrawing, each keeps
    /// up at the refresh rate over the windows' number (7.5 Hz for 8 at 60 Hz).
    package static let budget = 1
    private let painter: Painter
    private var copies: [ObjectIdentifier: Copy] = [:]
    private var frame = 0

    private struct Copy {
        /// The copy at twice the preview's size, and at its size.
        let double: RenderTarget
        let target: RenderTarget
        /// The frame its last turn came in.
        var turn: Int
    }

    package init(painter: Painter) {
        self.painter = painter
    }

    /// This frame's turns among `entries`: every one with no copy yet, and
    /// the `budget` whose turn came longest ago; and of those, which to make
    /// again (no copy, or a screen that `changed`).
    package func turns(_ entries: [(key: ObjectIdentifier, changed: Bool)], budget: Int) -> (turns: Set<ObjectIdentifier>, remake: Set<ObjectIdentifier>) {
        frame += 1
        let missing = entries.filter { copies[$0.key] == nil }
        let waiting = entries.filter { copies[$0.key] != nil }.sorted { copies[$0.key]!.turn < copies[$1.key]!.turn }
        let turns = missing + waiting.prefix(max(budget, 0))
        for entry in turns { copies[entry.key]?.turn = frame }
        return (Set(turns.map(\.key)), Set(turns.filter { $0.changed || copies[$0.key] == nil }.map(\.key)))
    }

    /// The copies for `previews` (each keyed by what it belongs to, with the
    /// preview's size), in order: those in `renew` (or of another size) made
    /// again from the screen `screen` gives, the others as they were, their
    /// screens not asked for.
    package func copies(of previews: [(key: ObjectIdentifier, width: Int, height: Int)], renewing renew: Set<ObjectIdentifier>,
                        screen: (ObjectIdentifier) -> Texture?) -> [Texture?] {
        previews.map { entry in
            if let copy = copies[entry.key], !renew.contains(entry.key), copy.target.width == entry.width, copy.target.height == entry.height {
                return copy.target.texture
            }
            return screen(entry.key).flatMap { make(entry.key, $0, width: entry.width, height: entry.height) }
        }
    }

    /// Makes the first of `previews` with no copy (of its size); false when each has one.
    package func makeFirstMissing(_ previews: [(key: ObjectIdentifier, width: Int, height: Int)],
                                  screen: (ObjectIdentifier) -> Texture?) -> Bool {
        guard let missing = previews.first(where: { entry in
            copies[entry.key].map { $0.target.width != entry.width || $0.target.height != entry.height } ?? true
        }), let texture = screen(missing.key) else { return false }
        return make(missing.key, texture, width: missing.width, height: missing.height) != nil
    }

    /// Forgets every copy but those of `keep`.
    package func keep(only keep: Set<ObjectIdentifier>) {
        copies = copies.filter { keep.contains($0.key) }
    }

    private func make(_ key: ObjectIdentifier, _ screen: Texture, width: Int, height: Int) -> Texture? {
        let (width, height) = (max(width, 1), max(height, 1))
        let reused = copies[key].flatMap { $0.target.width == width && $0.target.height == height ? ($0.double, $0.target) : nil }
        guard let (double, target) = reused ?? (try? (painter.target(width: 2 * width, height: 2 * height), painter.target(width: width, height: height))),
              let half = double.texture,
              (try? painter.render(.surfaces([SurfaceLayer(screen, at: double.bounds)], background: (0, 0, 0)), into: double)) != nil,
              (try? painter.render(.surfaces([SurfaceLayer(half, at: target.bounds)], background: (0, 0, 0)), into: target)) != nil
        else { return nil }
        copies[key] = Copy(double: double, target: target, turn: frame)
        return target.texture
    }
}
