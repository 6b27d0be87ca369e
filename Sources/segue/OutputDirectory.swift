import Dispatch
import Foundation
import SegueCompositor

/// A folder of results written all at once: files go to a hidden sibling
/// first and the folder appears under its name only when every file is
/// there, so a failed or interrupted run never leaves something that looks
/// complete, nor (Ctrl-C included) its hidden sibling. A folder already there
/// is replaced only when it holds nothing but what an earlier run wrote, as
/// that run's manifest lists: Segue never deletes a file it did not write.
final class OutputDirectory {
    let path: String
    /// Where files are written until `commit`.
    let staging: String
    /// Lists what a run wrote, so the next may replace exactly that.
    static let manifest = ".segue-output"
    private var signals: [DispatchSourceSignal] = []

    /// With `removedOnInterrupt`, SIGINT and SIGTERM remove the hidden folder
    /// and end the process; without, the caller's own stop must `discard`.
    init(path: String, removedOnInterrupt: Bool = false) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError("'\(path)' exists and is not a folder") }
            let foreign = try Self.foreignEntries(in: path)
            guard foreign.isEmpty else {
                throw CommandError("'\(path)' holds files Segue did not write (\(foreign.prefix(3).joined(separator: ", "))); "
                                   + "refusing to replace it: name an empty or new folder")
            }
        }
        let url = URL(fileURLWithPath: path)
        self.path = path
        staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        try? fm.removeItem(atPath: staging)
        // Watched before the folder exists: a signal between SIG_IGN and the
        // source taking it over is lost, and would then leave the folder behind.
        if removedOnInterrupt { removeStagingOnInterrupt() }
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            discard()
            throw FileProblem(path: path, doing: "cannot write", error)
        }
    }

    /// What in `folder` no earlier run's manifest lists: all of it, without one.
    private static func foreignEntries(in folder: String) throws -> [String] {
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        let listed = (try? String(contentsOfFile: folder + "/" + manifest, encoding: .utf8))
            .map { Set($0.split(separator: "\n").map(String.init)) } ?? []
        return entries.filter { $0 != manifest && !listed.contains($0) }.sorted()
    }

    /// Where a file named `name` is written before `commit`.
    func file(_ name: String) -> String { staging + "/" + name }

    /// Puts the finished folder, with its manifest, in place of an earlier run's.
    func commit() throws {
        let fm = FileManager.default
        do {
            let written = try fm.contentsOfDirectory(atPath: staging).sorted()
            try (written.joined(separator: "\n") + "\n").write(toFile: file(Self.manifest), atomically: false, encoding: .utf8)
            if fm.fileExists(atPath: path) {
                // Checked again: something may have come in since the start.
                let foreign = try Self.foreignEntries(in: path)
                guard foreign.isEmpty else { throw CommandError("'\(path)' now holds files Segue did not write (\(foreign.joined(separator: ", ")))") }
                try fm.removeItem(atPath: path)
            }
            try fm.moveItem(atPath: staging, toPath: path)
        } catch let error as CommandError {
            throw error
        } catch {
            throw FileProblem(path: path, doing: "cannot write", error)
        }
        for source in signals { source.cancel() }
    }

    /// Removes what was written; for failures.
    func discard() {
        for source in signals { source.cancel() }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Ctrl-C or a TERM while writing takes the hidden folder with it.
    private func removeStagingOnInterrupt() {
        let staging = staging
        signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(atPath: staging)
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
