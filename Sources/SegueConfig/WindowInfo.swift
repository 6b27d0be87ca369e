/// What a rule can match a window on.
public struct WindowInfo: Sendable, Equatable {
    public var appID: String
    public var title: String

    public init(appID: String, title: String) {
        self.appID = appID
        self.title = title
    }
}
