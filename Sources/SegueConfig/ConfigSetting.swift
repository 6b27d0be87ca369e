import TOMLKit

/// One config value given at runtime (`segue msg set transitions.switch.effect
/// doom-melt`): applied as if the file said it, checked the same way, and gone
/// when the file is read again.
public struct ConfigSetting: Sendable, Equatable {
    /// Dotted, as the key sits in the file: `transitions.switch.effect`.
    public let key: String
    /// A TOML value (`0.5`, `true`, `[1, 0]`, `"text"`), or a bare word taken as a string.
    public let value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    var path: [String] { key.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }

    /// The value as TOML reads it; a word TOML would refuse unquoted is a string.
    var node: TOMLNode {
        guard let table = try? TOMLTable(string: "value = " + value), case .table(let entries) = TOMLNode(table),
              let node = entries["value"] else { return .string(value) }
        return node
    }
}

extension TOMLNode {
    /// This table with `value` at `path`, making the tables on the way; nil
    /// when something on the way is not a table (the reason is named).
    func setting(_ value: TOMLNode, at path: ArraySlice<String>) -> Result<TOMLNode, ConfigValueError> {
        guard case .table(var entries) = self else { return .failure(ConfigValueError("it is \(kind), not a table")) }
        guard let key = path.first, !key.isEmpty else { return .failure(ConfigValueError("an empty key")) }
        if path.count == 1 {
            entries[key] = value
            return .success(.table(entries))
        }
        switch (entries[key] ?? .table([:])).setting(value, at: path.dropFirst()) {
        case .success(let table):
            entries[key] = table
            return .success(.table(entries))
        case .failure(let error):
            return .failure(error)
        }
    }
}
