import Foundation

/// Finds the GLSL files shipped in this folder: the built-in effects and the
/// prelude, epilogue and vertex stages every effect program is assembled from.
public enum ShaderFiles {
    /// The built-in effect files, one per effect, named `<effect>.glsl`.
    public static var effects: [URL] {
        let dir = Bundle.module.url(forResource: "effects", withExtension: nil)
        let files = dir.flatMap { try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
        return (files ?? []).filter { $0.pathExtension == "glsl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The path of a file of `lib/`, e.g. `prelude-100.glsl`, for messages.
    public static func libraryPath(_ name: String) -> String {
        Bundle.module.bundleURL.appendingPathComponent("lib/" + name).path
    }

    /// The text of a file of `lib/`; nil only when the installation lost it.
    public static func library(_ name: String) -> String? {
        try? String(contentsOfFile: libraryPath(name), encoding: .utf8)
    }
}
