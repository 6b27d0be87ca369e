import SegueEngine

/// When a rule applies: patterns for the window the event is about (`app-id`,
/// `title`: the one opening, closing or switched to), the window being left
/// (`from`) and the one being shown (`to`), the workspaces a switch between
/// workspaces leaves and shows, and optionally one event. Every key given must match.
public struct RuleMatch: Sendable, Equatable {
    public var appID: Glob?
    public var title: Glob?
    public var fromAppID: Glob?
    public var fromTitle: Glob?
    public var toAppID: Glob?
    public var toTitle: Glob?
    public var event: TransitionEvent?
    /// The workspace a workspace switch leaves, and the one it shows: other events never match these.
    public var fromWorkspace: Int?
    public var toWorkspace: Int?

    public init(appID: Glob? = nil, title: Glob? = nil, fromAppID: Glob? = nil, fromTitle: Glob? = nil, toAppID: Glob? = nil,
                toTitle: Glob? = nil, event: TransitionEvent? = nil, fromWorkspace: Int? = nil, toWorkspace: Int? = nil) {
        self.appID = appID
        self.title = title
        self.fromAppID = fromAppID
        self.fromTitle = fromTitle
        self.toAppID = toAppID
        self.toTitle = toTitle
        self.event = event
        self.fromWorkspace = fromWorkspace
        self.toWorkspace = toWorkspace
    }

    /// How many keys the rule matches on; the most specific matching rule wins.
    public var specificity: Int {
        [appID, title, fromAppID, fromTitle, toAppID, toTitle].count { $0 != nil } + (event == nil ? 0 : 1)
            + [fromWorkspace, toWorkspace].count { $0 != nil }
    }

    /// A pattern on a window that is not there (nothing was shown before an open) does not match;
    /// `workspaces`: the numbers a switch between workspaces goes from and to.
    public func matches(event: TransitionEvent, from: WindowInfo?, to: WindowInfo?, workspaces: (from: Int, to: Int)? = nil) -> Bool {
        func check(_ glob: Glob?, _ value: String?) -> Bool {
            guard let glob else { return true }
            return value.map(glob.matches) ?? false
        }
        // A close or minimize is about the window going; an open, a switch or a restore about the one coming.
        let subject = event == .close || event == .minimize ? from : to
        return (self.event.map { $0 == event } ?? true)
            && check(appID, subject?.appID) && check(title, subject?.title)
            && check(fromAppID, from?.appID) && check(fromTitle, from?.title)
            && check(toAppID, to?.appID) && check(toTitle, to?.title)
            && (fromWorkspace.map { $0 == workspaces?.from } ?? true) && (toWorkspace.map { $0 == workspaces?.to } ?? true)
    }
}

extension RuleMatch: CustomStringConvertible {
    /// The keys as a config would write them.
    public var description: String {
        var parts: [String] = []
        if let appID { parts.append("app-id = \"\(appID)\"") }
        if let title { parts.append("title = \"\(title)\"") }
        if let fromAppID { parts.append("from-app-id = \"\(fromAppID)\"") }
        if let fromTitle { parts.append("from-title = \"\(fromTitle)\"") }
        if let toAppID { parts.append("to-app-id = \"\(toAppID)\"") }
        if let toTitle { parts.append("to-title = \"\(toTitle)\"") }
        if let event { parts.append("event = \"\(event.rawValue)\"") }
        if let fromWorkspace { parts.append("from-workspace = \(fromWorkspace)") }
        if let toWorkspace { parts.append("to-workspace = \(toWorkspace)") }
        return parts.joined(separator: ", ")
    }
}
