/// A transition's done event (and its started time, when one came), printed as JSON.
struct TransitionReport {
    static let outcomes = ["finished", "interrupted", "cancelled"]

    var startedNanoseconds: UInt64?
    var outcome: UInt32 = 0
    var frames: UInt32 = 0
    var lateFrames: UInt32 = 0
    var firstNanoseconds: UInt64 = 0
    var lastNanoseconds: UInt64 = 0

    /// A protocol timestamp (seconds split in two 32-bit halves, then nanoseconds) in nanoseconds.
    static func nanoseconds(_ secondsHigh: UInt32, _ secondsLow: UInt32, _ nanoseconds: UInt32) -> UInt64 {
        (UInt64(secondsHigh) << 32 | UInt64(secondsLow)) * 1_000_000_000 + UInt64(nanoseconds)
    }

    var json: String {
        let name = Int(outcome) < Self.outcomes.count ? Self.outcomes[Int(outcome)] : "\(outcome)"
        let started = startedNanoseconds.map(String.init) ?? "null"
        return "{\"outcome\":\"\(name)\",\"frames\":\(frames),\"late_frames\":\(lateFrames),"
            + "\"first_ns\":\(firstNanoseconds),\"last_ns\":\(lastNanoseconds),\"started_ns\":\(started)}"
    }
}
