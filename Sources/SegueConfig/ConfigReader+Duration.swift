import SegueEngine

extension ConfigReader {
    /// A `duration` value in seconds: a string with its unit ("350ms", "1.2s")
    /// or a bare number of seconds (0.5), as TimeSpan reads them; nil, with
    /// the problem reported, otherwise.
    func duration(_ node: TOMLNode, at path: TOMLPath, zeroAllowed: Bool = false) -> Double? {
        if let number = node.number {
            let n = Self.formatted(number)
            // Past the longest transition, a bare number was most likely meant as milliseconds.
            guard number <= TimeSpan.maximumSeconds else {
                report("'duration' = \(n) is read as seconds, past the longest of 60 s; for milliseconds write \"\(n)ms\"",
                       atValue: path)
                return nil
            }
            return parsedDuration(n, at: path, zeroAllowed: zeroAllowed)
        }
        guard let text = string(node, at: path, must: "a string like \"350ms\" or \"1.2s\", or a number of seconds") else { return nil }
        return parsedDuration(text, at: path, zeroAllowed: zeroAllowed)
    }

    private func parsedDuration(_ text: String, at path: TOMLPath, zeroAllowed: Bool) -> Double? {
        do throws(TimingCurveError) { return try TimeSpan.parse(text, zeroAllowed: zeroAllowed) } catch {
            report(error.message, atValue: path)
            return nil
        }
    }
}
