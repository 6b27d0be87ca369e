import SegueEngine

extension ConfigReader {
    static let springKeys = ["damping", "stiffness", "duration", "velocity"]

    /// `spring = { damping = 0.5, velocity = 0.8, stiffness = 300 }`, or with
    /// `duration = "500ms"` (its settle time) instead of a stiffness; with
    /// neither it settles in `settlingIn` seconds. The bounds keep the
    /// spring's own solver finite.
    func readSpring(_ node: TOMLNode, at path: TOMLPath, settlingIn settle: Double) -> Spring? {
        guard let fields = table(node, at: path, must: "a table like { damping = 0.5, velocity = 0.8 }") else {
            return nil
        }
        checkKeys(fields, at: path, allowed: Self.springKeys, in: "'spring'")
        var valid = true
        func field(_ key: String, default value: Double, in range: ClosedRange<Double>) -> Double {
            guard let node = fields[key] else { return value }
            guard let x = number(node, at: path + [.key(key)], in: range) else {
                valid = false
                return value
            }
            return x
        }
        let damping = field("damping", default: 1, in: 0.01...10)
        let velocity = field("velocity", default: 0, in: -100...100)
        let stiffness = fields["stiffness"].map { _ in field("stiffness", default: 1, in: 0.01...1_000_000) }
        var duration = settle
        if let node = fields["duration"] {
            if fields["stiffness"] != nil {
                report("give the spring a 'stiffness' or a 'duration', not both", atKey: path + ["duration"])
                valid = false
            } else if let seconds = self.duration(node, at: path + ["duration"]) {
                duration = seconds
            } else {
                valid = false
            }
        }
        guard valid else { return nil }
        guard stiffness != nil || duration >= 0.01 else {
            report("a spring cannot settle in under 10 ms", atKey: path)
            return nil
        }
        let spring = stiffness.map { Spring(dampingRatio: damping, initialVelocity: velocity, stiffness: $0) }
            ?? Spring.settling(in: duration, dampingRatio: damping, initialVelocity: velocity)
        guard spring.settleDuration <= TimeSpan.maximumSeconds else {
            report("this spring takes \(Self.formatted((spring.settleDuration * 10).rounded() / 10)) s to settle, "
                   + "longer than 60 s; raise its stiffness or damping", atKey: path)
            return nil
        }
        return spring
    }
}
