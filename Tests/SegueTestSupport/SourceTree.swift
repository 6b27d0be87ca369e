import Foundation

/// The repository's files that tests read (examples, built-in shaders, the
/// README and docs/): in a packaged suite (`scripts/package --tests`) the `source`
/// folder beside the test bundle, else the checkout this file was built from.
public enum SourceTree {
    public static let root: URL = {
        let packaged = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("source")
        if FileManager.default.fileExists(atPath: packaged.appendingPathComponent("README.md").path) { return packaged }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }
}
