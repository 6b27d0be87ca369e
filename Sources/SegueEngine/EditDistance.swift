/// Names within a couple of edits of each other: what "did you mean" offers.
package enum EditDistance {
    /// The closest known name to a misspelt one within a couple of edits, or
    /// nil when nothing is close enough to be a typo.
    package static func nearest(to name: String, in known: [String]) -> String? {
        let scored = known.map { (name: $0, distance: between($0, name)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
              best.distance <= max(2, name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in stride(from: 1, through: a.count, by: 1) {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
