/// One `[[rules]]` entry: when it applies and what it changes.
public struct Rule: Sendable, Equatable {
    public var match: RuleMatch
    public var choice: PartialChoice
    /// The line of its `[[rules]]` header (or its `{` in an inline array), for messages.
    public var line: Int
    /// Its position among the rules, from 0; a later rule wins a tie.
    public var index: Int

    public init(match: RuleMatch, choice: PartialChoice, line: Int, index: Int) {
        self.match = match
        self.choice = choice
        self.line = line
        self.index = index
    }
}
