/// Finds where keys and values sit in TOML text, since TOMLKit reports
/// positions only for parse errors. Meaning always comes from TOMLKit; this
/// only maps a path such as `["rules", 2, "app-id"]` to a line and column.
/// It expects text TOMLKit accepted, but ends on any text.
struct TOMLLocator {
    private var keys: [TOMLPath: SourcePosition] = [:]
    private var values: [TOMLPath: SourcePosition] = [:]
    /// How many `[[path]]` headers came so far, to number the next one.
    private var arrayTables: [TOMLPath: Int] = [:]
    /// The first table header whose name starts with a character no key can
    /// start with (`[#]`, `[[=]]`): toml++ 3.4 asserts on those instead of
    /// reporting them, so the text must not reach it.
    private(set) var headerWithoutName: SourcePosition?

    /// Deeper arrays and inline tables are not TOML toml++ accepts; stop descending.
    private static let maximumNesting = 300

    init(text: String) {
        var scanner = TOMLScanner(text)
        var table: TOMLPath = []
        while true {
            scanner.skipBlank()
            guard !scanner.atEnd else { break }
            let start = scanner.position
            if scanner.current == "[", headerWithoutName == nil {
                headerWithoutName = Self.misnamedHeader(scanner)
            }
            if scanner.looking(at: "[[") {
                scanner.advance(2)
                table = arrayTableHeader(scanner.key(), at: start)
            } else if scanner.current == "[" {
                scanner.advance()
                table = tableHeader(scanner.key(), at: start)
            } else {
                let before = scanner.index
                keyValue(&scanner, in: table, depth: 0)
                if scanner.index == before { scanner.advance() }
            }
            // The rest of the line holds only a closing bracket or a comment.
            scanner.skipLine()
        }
    }

    /// Where a header's name should start, when what is there cannot start one.
    private static func misnamedHeader(_ header: TOMLScanner) -> SourcePosition? {
        var scanner = header
        scanner.advance()
        let afterBracket = scanner.index
        scanner.skipSpaces()
        if scanner.current == "[" {
            // toml++ refuses `[ [` by itself.
            guard scanner.index == afterBracket else { return nil }
            scanner.advance()
            scanner.skipSpaces()
        }
        guard let c = scanner.current, c != "]", c != "\"", c != "'", !TOMLScanner.isBareKey(c) else { return nil }
        return scanner.position
    }

    /// Where the key at `path` is written; for a table, its name in its header.
    /// Unknown paths fall back to the nearest enclosing table, then to 1:1.
    func key(_ path: TOMLPath) -> SourcePosition {
        var prefix = path
        while !prefix.isEmpty {
            if let position = keys[prefix] { return position }
            prefix.removeLast()
        }
        return .start
    }

    /// Where the value at `path` starts; for a table, its header's `[`.
    func value(_ path: TOMLPath) -> SourcePosition {
        values[path] ?? key(path)
    }

    private mutating func tableHeader(_ parts: [(name: String, position: SourcePosition)],
                                      at start: SourcePosition) -> TOMLPath {
        let path = resolve(parts)
        record(value: start, at: path)
        return path
    }

    /// `[[rules]]` adds an element: its path gets the next index.
    private mutating func arrayTableHeader(_ parts: [(name: String, position: SourcePosition)],
                                           at start: SourcePosition) -> TOMLPath {
        guard let last = parts.last else { return [] }
        var path = resolve(parts.dropLast())
        path.append(.key(last.name))
        record(key: last.position, at: path)
        let index = arrayTables[path, default: 0]
        arrayTables[path] = index + 1
        path.append(.index(index))
        record(key: last.position, at: path)
        record(value: start, at: path)
        return path
    }

    /// A header's keys, each stepping into the latest element where it names an array of tables.
    private mutating func resolve(_ parts: some Sequence<(name: String, position: SourcePosition)>) -> TOMLPath {
        var path: TOMLPath = []
        for part in parts {
            path.append(.key(part.name))
            record(key: part.position, at: path)
            if let count = arrayTables[path] { path.append(.index(count - 1)) }
        }
        return path
    }

    /// `a.b = value`, at the top of a table or inside an inline table.
    private mutating func keyValue(_ scanner: inout TOMLScanner, in table: TOMLPath, depth: Int) {
        let parts = scanner.key()
        guard !parts.isEmpty else { return }
        var path = table
        for part in parts {
            path.append(.key(part.name))
            record(key: part.position, at: path)
        }
        scanner.skipSpaces()
        guard scanner.current == "=" else { return }
        scanner.advance()
        scanner.skipSpaces()
        value(&scanner, at: path, depth: depth)
    }

    private mutating func value(_ scanner: inout TOMLScanner, at path: TOMLPath, depth: Int) {
        record(value: scanner.position, at: path)
        switch scanner.current {
        case "\"", "'":
            scanner.skipString()
        case "[" where depth < Self.maximumNesting:
            scanner.advance()
            var index = 0
            while true {
                scanner.skipBlank()
                guard let c = scanner.current, c != "]" else { break }
                let before = scanner.index
                if c != "," {
                    value(&scanner, at: path + [.index(index)], depth: depth + 1)
                    index += 1
                    scanner.skipBlank()
                }
                if scanner.current == "," || scanner.index == before { scanner.advance() }
            }
            scanner.advance()
        case "{" where depth < Self.maximumNesting:
            scanner.advance()
            while true {
                scanner.skipBlank()
                guard let c = scanner.current, c != "}" else { break }
                let before = scanner.index
                if c != "," {
                    keyValue(&scanner, in: path, depth: depth + 1)
                    scanner.skipBlank()
                }
                if scanner.current == "," || scanner.index == before { scanner.advance() }
            }
            scanner.advance()
        default:
            // Numbers, booleans and dates (which may hold a space) end at a separator.
            while let c = scanner.current, !",]}#\n".unicodeScalars.contains(c) { scanner.advance() }
        }
    }

    /// The first mention wins: a table named again in a deeper header keeps its own position.
    private mutating func record(key position: SourcePosition, at path: TOMLPath) {
        if keys[path] == nil { keys[path] = position }
    }

    private mutating func record(value position: SourcePosition, at path: TOMLPath) {
        if values[path] == nil { values[path] = position }
    }
}
