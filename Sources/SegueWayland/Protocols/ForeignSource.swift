/// A selection held outside Segue (by a nested Segue's parent session), as
/// Segue's clients see it: an offer like any other, read by its holder
/// writing into the fd a client gives.
final class ForeignSource: SelectionSource {
    let mimeTypes: MimeTypes
    weak var clipboard: Clipboard?
    private let read: (String, Int32) -> Void

    init(mimeTypes: [String], read: @escaping (String, Int32) -> Void) {
        var offered = MimeTypes()
        for mimeType in mimeTypes { offered.offer(mimeType) }
        self.mimeTypes = offered
        self.read = read
    }

    var isAlive: Bool { true }

    func send(mimeType: String, fd: Int32) { read(mimeType, fd) }

    /// Replaced here: the holder outside still has it, and nothing is owed to it.
    func cancel() {}
}
