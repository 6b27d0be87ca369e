import Glibc

/// Set by SIGINT and SIGTERM; the capture loop looks at it after each poll, which the signal cuts short.
nonisolated(unsafe) var stopSignalled: sig_atomic_t = 0

/// What ends a run before its frame count: a signal, or the time it was given running out.
struct StopConditions {
    /// CLOCK_MONOTONIC nanoseconds.
    private let deadline: UInt64?

    /// Counts the seconds from now; from now on SIGINT and SIGTERM end the run instead of the process.
    init(seconds: Double?) {
        signal(SIGINT) { _ in stopSignalled = 1 }
        signal(SIGTERM) { _ in stopSignalled = 1 }
        deadline = seconds.map { Self.now() + UInt64($0 * 1e9) }
    }

    var reached: Bool {
        stopSignalled != 0 || deadline.map { Self.now() >= $0 } ?? false
    }

    /// How long one poll may wait, in milliseconds: until the deadline, and never long, as a
    /// signal that lands between the check and poll() would otherwise wait out the whole timeout.
    var pollTimeout: Int32 {
        let longest: UInt64 = 100_000_000
        let now = Self.now()
        let left = deadline.map { $0 > now ? min($0 - now, longest) : 0 } ?? longest
        return Int32((left + 999_999) / 1_000_000)
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
