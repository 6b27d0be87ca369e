/// toml++'s syntax errors in plain words, for the mistakes people make most:
/// a word left unquoted, a string left open. Others pass through as they are.
enum TOMLSyntaxMessage {
    /// `message` as toml++ gave it at `line` (1-based) of `text`.
    static func plain(_ message: String, line: Int, in text: String) -> String {
        let source = text.split(separator: "\n", omittingEmptySubsequences: false)
        let written = line >= 1 && line <= source.count ? String(source[line - 1]) : ""
        let value = written.split(separator: "=", maxSplits: 1).dropFirst().first?.trimmingCharacters(in: .whitespaces) ?? ""
        if message.contains("could not determine value type"), let first = value.first, first.isLetter,
           value != "true", value != "false" {
            let key = written.split(separator: "=").first?.trimmingCharacters(in: .whitespaces) ?? "key"
            return "\(value) is not a TOML value: text needs quotes, as in \(key) = \"\(value)\""
        }
        if message.contains("unescaped control characters") || message.contains("encountered end-of-file"),
           value.hasPrefix("\""), value.filter({ $0 == "\"" }).count % 2 == 1 {
            return "the string \(value) is not closed: end it with \" on the same line"
        }
        let stripped = message.replacingOccurrences(of: "Error while parsing ", with: "")
        return "TOML syntax: \(stripped)"
    }
}
