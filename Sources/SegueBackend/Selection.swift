/// Which of a seat's two selections: the clipboard (copy, then paste) or the
/// primary selection (select, then paste with the middle button).
public enum SelectionKind: Sendable {
    case clipboard
    case primary
}

/// A selection as it crosses between Segue and a backend's seat (a nested
/// Segue's parent session): the mime types it offers, and how to have its
/// holder write one of them into a file descriptor. The data goes straight
/// from one client to the other; Segue never holds it.
public struct SelectionOffer {
    public let mimeTypes: [String]
    /// Has the holder write `mimeType` into `fd`; the caller still closes `fd`.
    public let write: (_ mimeType: String, _ fd: Int32) -> Void

    public init(mimeTypes: [String], write: @escaping (_ mimeType: String, _ fd: Int32) -> Void) {
        self.mimeTypes = mimeTypes
        self.write = write
    }
}
