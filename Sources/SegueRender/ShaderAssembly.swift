import Foundation

/// GLSL assembled from pieces, remembering which file each line came from so
/// a compiler message can point at the line a person wrote.
struct ShaderAssembly {
    private(set) var text = ""
    private var pieces: [(firstLine: Int, lineCount: Int, path: String?, lineInFile: Int)] = []
    private var lineCount = 0

    /// Appends `source`; lines from a `path` are reported against it, the
    /// first as line `firstLine`; lines without one belong to Segue's own glue.
    mutating func append(_ source: String, path: String? = nil, firstLine: Int = 1) {
        var source = source
        if !source.hasSuffix("\n") { source += "\n" }
        let lines = source.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        pieces.append((lineCount + 1, lines, path, firstLine))
        lineCount += lines
        text += source
    }

    /// The file and line within it of line `line` of the assembled text.
    func origin(ofLine line: Int) -> (path: String?, line: Int)? {
        guard let piece = pieces.first(where: { line >= $0.firstLine && line < $0.firstLine + $0.lineCount }) else {
            return nil
        }
        return (piece.path, line - piece.firstLine + piece.lineInFile)
    }

    /// Rewrites a driver's info log so each message names the source file and
    /// its own line (and column, where the driver gives one); a line in a form
    /// no driver is known to write is passed on as it is, under `fallbackPath`.
    /// A message in Segue's glue after the file (`fallbackPath`) is the file's
    /// doing, a block left open most often: it points at the file's last line,
    /// and what the driver says after it of the lines after the file is that
    /// block's echo (NVIDIA goes on to the epilogue's calls), so it is left out.
    /// The same message twice (some drivers repeat one) is given once.
    func mapLog(_ log: String, fallbackPath: String) -> [String] {
        var seen = Set<String>()
        var blockLeftOpen = false
        return log.split(separator: "\n").compactMap { raw in
            let text = raw.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return nil }
            let parsed = DriverLogLine(text)
            if blockLeftOpen, let parsed, follows(fallbackPath, line: parsed.line) { return nil }
            let mapped = map(text, parsed: parsed, fallbackPath: fallbackPath)
            blockLeftOpen = blockLeftOpen || mapped.blockLeftOpen
            return seen.insert(mapped.text).inserted ? mapped.text : nil
        }
    }

    private func map(_ text: String, parsed: DriverLogLine?, fallbackPath: String) -> (text: String, blockLeftOpen: Bool) {
        guard let parsed else { return ("\(fallbackPath): \(text)", false) }
        guard let origin = origin(ofLine: parsed.line) else { return ("\(fallbackPath): \(parsed.message)", false) }
        if origin.path == nil, let end = lastLine(of: fallbackPath, before: parsed.line) {
            return ("\(fallbackPath):\(end): \(parsed.message) (found after the end of the file: is a closing brace missing?)", true)
        }
        let column = parsed.column.map { ":\($0)" } ?? ""
        return ("\(origin.path ?? "<segue glue>"):\(origin.line)\(column): \(parsed.message)", false)
    }

    /// Whether line `line` of the assembly comes after every line of `path`'s text.
    private func follows(_ path: String, line: Int) -> Bool {
        guard let last = pieces.last(where: { $0.path == path }) else { return false }
        return line >= last.firstLine + last.lineCount
    }

    /// The last line of `path`'s text that comes before line `line` of the assembly.
    private func lastLine(of path: String, before line: Int) -> Int? {
        pieces.last { $0.path == path && $0.firstLine < line }.map { $0.lineInFile + $0.lineCount - 1 }
    }
}
