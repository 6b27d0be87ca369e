/// An output's damage tracker: from what changed since the last frame, and
/// how old the frame a buffer holds is (its age), what of the buffer to draw
/// again. It remembers the last few frames: what each showed (`Shown`,
/// compared to tell whether a frame showed the same picture as the one
/// before, nil for one never the same) and what each changed of the one before.
public struct DamageTracker<Shown: Equatable> {
    /// The last few frames drawn, newest first.
    private var history: [(shown: Shown?, changed: Damage)] = []
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
        history = Array(([(shown, changed)] + history).prefix(Self.historyLength))
        return (changed, redraw)
    }

    /// The buffers changed size, or hold nothing known: the next frame is drawn whole.
    public mutating func reset() { history.removeAll() }
}
