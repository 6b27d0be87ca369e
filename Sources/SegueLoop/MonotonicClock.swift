import Glibc
import SegueEngine

/// CLOCK_MONOTONIC, the clock wp_presentation advertises.
public enum MonotonicClock {
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Instant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    /// Now in milliseconds, wrapping, as input events carry their time.
    public static func milliseconds() -> UInt32 { UInt32(truncatingIfNeeded: now().nanoseconds / 1_000_000) }
}
