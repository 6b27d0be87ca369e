/// Every problem found in a config, in file order, so that one run of
/// `segue check-config` shows them all.
public struct ConfigErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public let diagnostics: [ConfigDiagnostic]

    public init(_ diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
