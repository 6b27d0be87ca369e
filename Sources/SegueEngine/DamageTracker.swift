/// An output's damage tracker: from what changed since the last frame, and
/// how old the frame a buffer holds is (its age), what of the buffer to draw
/// again. It remembers the last few frames: what each drew, and what each
/// changed of the one before.
///
/// A frame is drawn of elements (`DrawnElement`: layers with versions of
/// their pixels), compared with those of the very frame a buffer holds,
/// however many came between, as smithay's `OutputDamageTracker` does with
/// its commit counters; or drawn whole (a transition's or the switcher's,
/// which no later frame compares with).
public struct DamageTracker {
    private struct Frame {
        /// Nil for one drawn whole.
        let elements: [DrawnElement]?
        /// What it changed of the frame before.
        let changed: OutputDamage
        /// What changed since the frame before besides its elements.
        let pending: OutputDamage
    }

    /// The last few frames drawn, newest first.
    private var history: [Frame] = []
    /// Buffers holding a frame older than this are drawn whole.
    public static var historyLength: Int { 4 }

    public init() {}

    /// What the last frame drawn changed of the one before: what a parent
    /// compositor is told, capture reads again and IPC reports.
    public var lastChanged: OutputDamage { history.first?.changed ?? .everywhere }

    /// A frame of `elements` is drawn, bottom first, where `pending` changed
    /// besides them, into a buffer holding the frame `age` frames ago (0:
    /// unknown). What it changes of the last frame, and what of the buffer to
    /// draw: where its elements differ from those of the frame the buffer
    /// holds, and what changed besides since.
    public mutating func frame(of elements: [DrawnElement], pending: OutputDamage, bufferAge age: Int) -> (changed: OutputDamage, redraw: OutputDamage) {
        func since(_ older: Frame?) -> OutputDamage {
            guard let drawn = older?.elements else { return .everywhere }
            var damage = DrawnElement.difference(from: drawn, to: elements)
            damage.add(pending)
            return damage
        }
        let changed = since(history.first)
        var redraw = OutputDamage.everywhere
        if age >= 1, age <= history.count {
            redraw = since(history[age - 1])
            for newer in history.prefix(age - 1) { redraw.add(newer.pending) }
        }
        remember(Frame(elements: elements, changed: changed, pending: pending))
        return (changed, redraw)
    }

    /// A frame is drawn whole, where `pending` changed besides what it shows: it changed everything.
    public mutating func frameDrawnWhole(pending: OutputDamage) {
        remember(Frame(elements: nil, changed: .everywhere, pending: pending))
    }

    private mutating func remember(_ frame: Frame) {
        history = Array(([frame] + history).prefix(Self.historyLength))
    }

    /// The buffers changed size, or hold nothing known: the next frame is drawn whole.
    public mutating func reset() { history.removeAll() }
}
