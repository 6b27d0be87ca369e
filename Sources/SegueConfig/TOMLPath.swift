/// One step into a TOML document: a key in a table or an index in an array
/// (`[[rules]]` entries count from 0 in file order).
enum TOMLPathComponent: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)

    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}

/// Where a value sits in a TOML document, e.g. `["rules", 2, "app-id"]`.
typealias TOMLPath = [TOMLPathComponent]
