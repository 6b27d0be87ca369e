import Foundation

/// Reads a config file's text, refusing what cannot be a config: a file too
/// large, unreadable, or not UTF-8 (reported at the first bad byte).
enum ConfigFile {
    static let maximumSize = 1024 * 1024

    static func read(path: String) -> Result<String, ConfigErrors> {
        func failure(_ message: String, at position: SourcePosition = .start) -> Result<String, ConfigErrors> {
            .failure(ConfigErrors([ConfigDiagnostic(path: path, line: position.line, column: position.column,
                                                    message: message)]))
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return failure("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        // One byte past the limit is enough to refuse a huge or endless file (a device, a pipe).
        while bytes.count <= maximumSize {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return failure("cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                if let bad = firstInvalidUTF8(bytes) { return failure("not UTF-8 text (a binary file?)", at: bad) }
                return .success(String(decoding: bytes, as: UTF8.self))
            }
            bytes.append(contentsOf: chunk[..<n])
        }
        return failure("larger than \(maximumSize / 1024) KiB; not a config file")
    }

    /// Where the first byte that is not UTF-8 sits, counting columns in scalars.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> SourcePosition? {
        var position = SourcePosition.start
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    position = SourcePosition(line: position.line + 1, column: 1)
                } else {
                    position.column += 1
                }
            case .emptyInput:
                return nil
            case .error:
                return position
            }
        }
    }
}
