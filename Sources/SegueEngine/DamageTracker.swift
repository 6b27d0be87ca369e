/// An output's damage tracker: from what changed since the last frame, and
/// how old the frame a buffer holds is (its age), what of the buffer to draw
/// again. It remembers the last few frames: what each showed, and what each
/// changed of the one before.
///
/// A frame shows either one picture (`Shown`, compared to tell whether a
/// frame showed the same as the one before; nil for one never the same), or
/// elements (`DrawnElement`: layers with versions of their pixels), compared
/// with those of the very frame a buffer holds, however many came between,
/// as smithay's `OutputDamageTracker` does with its commit counters.
public struct DamageTracker<Shown: Equatable> {
    private struct Frame {
        let shown: Shown?
        let elements: [DrawnElement]?
        /// What it changed of the frame before.
        let changed: Damage
        /// What changed since the frame before besides its elements (a new background, say).
        let pending: Damage
    }

    /// The last few frames drawn, newest first.
    private var history: [Frame] = []
    /// Buffers holding a frame older than this are drawn whole.
    public static var historyLength: Int { 4 }

    public init() {}

    /// What the last frame drawn changed of the one before: what a parent compositor is told.
    public var lastChanged: Damage { history.first?.changed ?? .everywhere }

    /// A frame showing `shown` is drawn, where `pending` changed since the
    /// last frame, into a buffer holding the frame `age` frames ago (0:
    /// unknown). What it changes of the last frame (everything, where the
    /// last showed another picture) and what of the buffer to draw: that, and
    /// what each frame drawn since the one the buffer holds changed.
    public mutating func frame(showing shown: Shown?, pending: Damage, bufferAge age: Int) -> (changed: Damage, redraw: Damage) {
        let changed = shown != nil && history.first?.shown == shown ? pending : .everywhere
        var redraw = Damage.everywhere
        if age >= 1, age <= history.count {
            redraw = changed
            for newer in history.prefix(age - 1) { redraw.add(newer.changed) }
        }
        remember(Frame(shown: shown, elements: nil, changed: changed, pending: pending))
        return (changed, redraw)
    }

    /// A frame of `elements` is drawn, bottom first, where `pending` changed
    /// besides them, into a buffer holding the frame `age` frames ago (0:
    /// unknown); `changedSince` says what of an element's pixels (in output
    /// pixels) changed since an older version. What it changes of the last
    /// frame, and what of the buffer to draw: where its elements differ from
    /// those of the frame the buffer holds, and what changed besides since.
    public mutating func frame(of elements: [DrawnElement], pending: Damage, bufferAge age: Int,
                               changedSince: (DrawnElement, Int) -> Damage) -> (changed: Damage, redraw: Damage) {
        func since(_ older: Frame?) -> Damage {
            guard let drawn = older?.elements else { return .everywhere }
            var damage = DrawnElement.difference(from: drawn, to: elements, changed: changedSince)
            damage.add(pending)
            return damage
        }
        let changed = since(history.first)
        var redraw = Damage.everywhere
        if age >= 1, age <= history.count {
            redraw = since(history[age - 1])
            for newer in history.prefix(age - 1) { redraw.add(newer.pending) }
        }
        remember(Frame(shown: nil, elements: elements, changed: changed, pending: pending))
        return (changed, redraw)
    }

    private mutating func remember(_ frame: Frame) {
        history = Array(([frame] + history).prefix(Self.historyLength))
    }

    /// The buffers changed size, or hold nothing known: the next frame is drawn whole.
    public mutating func reset() { history.removeAll() }
}
