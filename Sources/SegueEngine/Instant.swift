/// A point on a monotonic timeline, kept in whole nanoseconds so frame times compare and hash exactly.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public static let zero = Instant(nanoseconds: 0)

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Rounds to the nearest nanosecond; traps outside roughly ±292 years because Int64 cannot hold it.
    public static func seconds(_ s: Double) -> Instant {
        Instant(nanoseconds: Self.roundedNanoseconds(s))
    }

    public var seconds: Double {
        Double(nanoseconds) / 1e9
    }

    public func seconds(since other: Instant) -> Double {
        Double(nanoseconds - other.nanoseconds) / 1e9
    }

    public static func + (lhs: Instant, rhs: Double) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds + roundedNanoseconds(rhs))
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// Prints seconds with all nine fractional digits so no nanosecond is hidden by rounding.
    public var description: String {
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1_000_000_000)
        let padding = String(repeating: "0", count: 9 - fraction.count)
        return "\(nanoseconds < 0 ? "-" : "")\(magnitude / 1_000_000_000).\(padding)\(fraction)s"
    }

    private static func roundedNanoseconds(_ s: Double) -> Int64 {
        let nanoseconds = (s * 1e9).rounded()
        precondition(nanoseconds.isFinite && abs(nanoseconds) < 9.2e18, "\(s) s does not fit in an Instant")
        return Int64(nanoseconds)
    }
}
