import SegueEngine

/// When a rule applies: patterns for the window being left (`from`) and the
/// one being shown (`to`), and optionally one event. Every key given must match.
public struct RuleMatch: Sendable, Equatable {
    public var fromAppID: Glob?
    public var fromTitle: Glob?
    public var toAppID: Glob?
    public var toTitle: Glob?
    public var event: TransitionEvent?

    public init(fromAppID: Glob? = nil, fromTitle: Glob? = nil, toAppID: Glob? = nil, toTitle: Glob? = nil,
                event: TransitionEvent? = nil) {
        self.fromAppID = fromAppID
        self.fromTitle = fromTitle
        self.toAppID = toAppID
        self.toTitle = toTitle
        self.event = event
    }

    /// How many keys the rule matches on; the most specific matching rule wins.
    public var specificity: Int {
        [fromAppID, fromTitle, toAppID, toTitle].count { $0 != nil } + (event == nil ? 0 : 1)
    }

    /// A pattern on a window that is not there (nothing was shown before an open) does not match.
    public func matches(event: TransitionEvent, from: WindowInfo?, to: WindowInfo?) -> Bool {
        func check(_ glob: Glob?, _ value: String?) -> Bool {
            guard let glob else { return true }
            return value.map(glob.matches) ?? false
        }
        return (self.event.map { $0 == event } ?? true)
            && check(fromAppID, from?.appID) && check(fromTitle, from?.title)
            && check(toAppID, to?.appID) && check(toTitle, to?.title)
    }
}

extension RuleMatch: CustomStringConvertible {
    /// The keys as a config would write them.
    public var description: String {
        var parts: [String] = []
        if let fromAppID { parts.append("from-app-id = \"\(fromAppID)\"") }
        if let fromTitle { parts.append("from-title = \"\(fromTitle)\"") }
        if let toAppID { parts.append("to-app-id = \"\(toAppID)\"") }
        if let toTitle { parts.append("to-title = \"\(toTitle)\"") }
        if let event { parts.append("event = \"\(event.rawValue)\"") }
        return parts.joined(separator: ", ")
    }
}
