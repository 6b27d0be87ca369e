/// One `[[rules]]` entry: when it applies and what it changes.
public struct Rule: Sendable, Equatable {
    public var match: RuleMatch
    public var choice: PartialChoice
    /// `workspace = N`: a window it matches opening goes to workspace N.
    public var workspace: Int?
    /// The line of its `[[rules]]` header (or its `{` in an inline array), for messages.
    public var line: Int
    /// Its position among the rules, from 0; a later rule wins a tie.
    public var index: Int

    public init(match: RuleMatch, choice: PartialChoice, workspace: Int? = nil, line: Int, index: Int) {
        self.match = match
        self.choice = choice
        self.workspace = workspace
        self.line = line
        self.index = index
    }
}
