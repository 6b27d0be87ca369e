import Foundation

/// Reads transition durations written as "350ms", "1.2s" or a bare number of seconds.
public enum TimeSpan {
    /// Longer transitions are almost certainly typos, and would leave the window switch stuck on screen.
    public static let maximumSeconds = 60.0

    private static let validForms = "use a positive duration up to 60 s such as 350ms, 1.2s or 0.5 (seconds)"

    /// `text` in seconds; `zeroAllowed`: "0ms" means none (a debounce, not a transition).
    public static func parse(_ text: String, zeroAllowed: Bool = false) throws(TimingCurveError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let (number, divisor): (Substring, Double) =
            if trimmed.hasSuffix("ms") { (trimmed.dropLast(2), 1000) }
            else if trimmed.hasSuffix("s") { (trimmed.dropLast(1), 1) }
            else { (trimmed[...], 1) }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)) else {
            throw TimingCurveError(message: "duration \"\(text)\" is not a number; \(validForms)")
        }
        guard value.isFinite else {
            throw TimingCurveError(message: "duration \"\(text)\" is not finite; \(validForms)")
        }
        let seconds = value / divisor
        guard seconds >= 0 else {
            throw TimingCurveError(message: "duration \"\(text)\" is negative; \(validForms)")
        }
        guard seconds > 0 || zeroAllowed else {
            throw TimingCurveError(message: "duration \"\(text)\" is zero; \(validForms)")
        }
        guard seconds <= maximumSeconds else {
            throw TimingCurveError(message: "duration \"\(text)\" is longer than 60 s; \(validForms)")
        }
        return seconds
    }
}
