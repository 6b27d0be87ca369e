import Foundation

/// Finds the GLSL files shipped in this folder: the built-in effects and the
/// prelude, epilogue and vertex stages every effect program is assembled from.
public enum ShaderFiles {
    public static let bundleName = "Segue_SegueShaders.resources"

    /// The installed folder: beside the binary this code is in (a program, a
    /// test bundle, or libsegue.so, whose folder keeps it in `segue/`), else
    /// beside the main program. Nil when the installation lost it.
    public static let folder: URL? = {
        var candidates: [URL] = []
        if let binary = path(mapping: UInt(bitPattern: #dsohandle)).map({ URL(fileURLWithPath: $0).deletingLastPathComponent() }) {
            candidates += [binary.appendingPathComponent(bundleName), binary.appendingPathComponent("segue/" + bundleName)]
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("lib").path) }
    }()

    /// The file mapped at `address`, from /proc/self/maps (glibc's dladdr
    /// is not in Swift's view of it): lines of `start-end perms offset dev inode path`.
    private static func path(mapping address: UInt) -> String? {
        // Read line by line: a /proc file says it is empty, which Foundation's whole-file reads believe.
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var buffer: UnsafeMutablePointer<CChar>?, capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, maps) > 0, let buffer {
            let line = String(cString: buffer)
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
            guard fields.count == 6, range.count == 2, range[0] <= address, address < range[1] else { continue }
            return fields[5].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }

    /// The built-in effect files, one per effect, named `<effect>.glsl`.
    public static var effects: [URL] {
        let dir = folder?.appendingPathComponent("effects")
        let files = dir.flatMap { try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
        return (files ?? []).filter { $0.pathExtension == "glsl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The path of a file of `lib/`, e.g. `prelude-100.glsl`, for messages.
    public static func libraryPath(_ name: String) -> String {
        (folder ?? URL(fileURLWithPath: bundleName)).appendingPathComponent("lib/" + name).path
    }

    /// The text of a file of `lib/`; nil only when the installation lost it.
    public static func library(_ name: String) -> String? {
        try? String(contentsOfFile: libraryPath(name), encoding: .utf8)
    }
}
