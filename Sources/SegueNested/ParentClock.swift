import Glibc
import SegueEngine
import SegueLoop

/// The clock the parent compositor reports presentation times in
/// (wp_presentation.clock_id), converted to CLOCK_MONOTONIC, the clock Segue's
/// frames and transitions are timed on. Weston, for one, uses CLOCK_MONOTONIC_RAW.
struct ParentClock {
    var id = CLOCK_MONOTONIC

    func monotonic(seconds: UInt64, nanoseconds: UInt32) -> Instant {
        let time = Int64(seconds) * 1_000_000_000 + Int64(nanoseconds)
        guard id != CLOCK_MONOTONIC else { return Instant(nanoseconds: time) }
        // How long ago the time was on the parent's clock is how long ago it was on ours.
        var now = timespec()
        clock_gettime(id, &now)
        let age = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - time
        return Instant(nanoseconds: MonotonicClock.now().nanoseconds - age)
    }
}
