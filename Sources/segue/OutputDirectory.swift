import Foundation

/// A folder of results written all at once: files go to a hidden sibling
/// first and the folder appears under its name only when every file is there,
/// so a failed run never leaves something that looks complete.
struct OutputDirectory {
    let path: String
    let staging: String
    /// A file whose presence marks a folder as an earlier run's output.
    let marker: String

    init(path: String, marker: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError("'\(path)' exists and is not a folder") }
            let entries = (try? fm.contentsOfDirectory(atPath: path)) ?? []
            guard entries.isEmpty || entries.contains(marker) else {
                throw CommandError("'\(path)' is not empty and holds no earlier \(marker); refusing to overwrite it")
            }
        }
        let url = URL(fileURLWithPath: path)
        self.path = path
        self.marker = marker
        staging = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        try? fm.removeItem(atPath: staging)
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create '\(staging)': \(error.localizedDescription)")
        }
    }

    /// Where a file named `name` is written before `commit`.
    func file(_ name: String) -> String { staging + "/" + name }

    /// Puts the finished folder in place of any earlier one.
    func commit() throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: path) { try fm.removeItem(atPath: path) }
        try fm.moveItem(atPath: staging, toPath: path)
    }

    /// Removes what was written; for failures.
    func discard() { try? FileManager.default.removeItem(atPath: staging) }
}
