extension ConfigReader {
    /// `[startup] run = ["foot", ["foot", "-e", "top"]]`: a program as a string
    /// of words, or as an array of its arguments when one holds a space.
    func readStartup(_ node: TOMLNode) {
        guard let table = table(node, at: ["startup"], must: "a table") else { return }
        checkKeys(table, at: ["startup"], allowed: ["run"], in: "[startup]")
        guard let value = table["run"] else { return }
        let must = "an array of programs, each a string like \"foot\" or an array like [\"foot\", \"-e\", \"top\"]"
        guard case .array(let items) = value else {
            report("'run' must be \(must), not \(value.kind)", atValue: ["startup", "run"])
            return
        }
        for (index, item) in items.enumerated() {
            let path: TOMLPath = ["startup", "run", .index(index)]
            let argv: [String]
            switch item {
            case .string(let line):
                argv = line.split(whereSeparator: \.isWhitespace).map(String.init)
            case .array(let words):
                argv = words.compactMap { if case .string(let word) = $0 { word } else { nil } }
                guard argv.count == words.count else {
                    report("a program's arguments must all be strings", atValue: path)
                    continue
                }
            default:
                report("'run' must be \(must); this entry is \(item.kind)", atValue: path)
                continue
            }
            guard !argv.isEmpty, !argv[0].isEmpty else {
                report("an empty program: name one, e.g. \"foot\"", atValue: path)
                continue
            }
            config.startup.append(argv)
        }
    }
}
