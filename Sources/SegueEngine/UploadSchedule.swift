/// When the pixels clients committed are copied in while a transition runs:
/// in the gap between its frames, never past the moment the next frame must
/// start drawing, so no client's copy makes a transition frame late. A copy
/// that does not fit waits for the gap after the next frame, and by then its
/// client may have committed newer pixels, which it takes instead: a client
/// then updates at a lower rate, never the transition.
///
/// What a copy costs is learnt here, per byte (the median of the recent
/// large copies, whose cost is mostly bandwidth); until one was measured,
/// copies go ahead.
package struct UploadSchedule: Sendable {
    /// Seconds per byte of recent copies, newest last.
    private var secondsPerByte: [Double] = []
    private static let kept = 15
    /// Copies smaller than this cost mostly their call: they say little about bandwidth.
    private static let smallestMeasured = 1 << 20

    package init() {}

    /// A copy of `bytes` took `seconds`.
    package mutating func record(bytes: Int, seconds: Double) {
        guard bytes >= Self.smallestMeasured, seconds > 0 else { return }
        secondsPerByte.append(seconds / Double(bytes))
        if secondsPerByte.count > Self.kept { secondsPerByte.removeFirst(secondsPerByte.count - Self.kept) }
    }

    /// What a copy of `bytes` should take; nil until a copy was measured.
    package func predictedSeconds(bytes: Int) -> Double? {
        guard !secondsPerByte.isEmpty else { return nil }
        let sorted = secondsPerByte.sorted()
        return sorted[sorted.count / 2] * Double(bytes)
    }

    /// Whether a copy of `bytes` may start now, with `secondsLeft` before the
    /// next frame must start (nil: no frame is waiting on it).
    package func fits(bytes: Int, secondsLeft: Double?) -> Bool {
        guard let secondsLeft, bytes > 0, let cost = predictedSeconds(bytes: bytes) else { return true }
        return cost <= secondsLeft
    }
}
