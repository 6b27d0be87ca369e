import CSegueSchema
import Foundation

/// The defaults a Burn-My-Windows checkout's GSettings schema gives its
/// effects' settings, as numbers by key: what that version of the extension
/// starts them with. Read with libxml2.
public struct BurnMyWindowsSchema: Sendable {
    /// The profile schema (newer versions), then the extension's own
    /// (older ones kept the effects' keys there); the first's keys win.
    public static let files = ["schemas/org.gnome.shell.extensions.burn-my-windows-profile.gschema.xml",
                               "schemas/org.gnome.shell.extensions.burn-my-windows.gschema.xml"]

    /// As `BurnMyWindowsEffect.Source.setting` holds them: a colour's four
    /// channels 0...1, a switch 0 or 1, a number as it is.
    public private(set) var defaults: [String: [Double]] = [:]
    /// Keys whose default Segue cannot read as numbers (a colour in a form it does not know).
    public private(set) var unreadable: [String] = []

    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "\(path):\(line):\(column): \(message)" }
    }

    /// The checkout's schemas; nil when it has none.
    public init?(checkout: String) throws(ReadError) {
        let found = Self.files.map { checkout + "/" + $0 }.filter { FileManager.default.isReadableFile(atPath: $0) }
        guard !found.isEmpty else { return nil }
        for path in found.reversed() {
            for (key, value) in try Self.keys(path) {
                guard let numbers = Self.numbers(value.text, type: value.type) else {
                    if value.type == "s" && !unreadable.contains(key) { unreadable.append(key) }
                    continue
                }
                defaults[key] = numbers
                unreadable.removeAll { $0 == key }
            }
        }
    }

    /// The default of the setting Burn-My-Windows names after `uniform`
    /// (`uEdgeSize` of aura-glow: `aura-glow-edge-size`; `u3DNoise` of fire:
    /// `fire-3d-noise`), `count` components of it.
    public func setting(nick: String, uniform: String, count: Int) -> [Double]? {
        var name = Substring(uniform)
        if name.first == "u", name.dropFirst().first?.isUppercase == true || name.dropFirst().first?.isNumber == true { name = name.dropFirst() }
        let characters = Array(name)
        var key = ""
        for (i, c) in characters.enumerated() {
            let before = i > 0 ? characters[i - 1] : nil, after = i + 1 < characters.count ? characters[i + 1] : nil
            // A word starts at a capital after a small letter, or at the last capital of a run before a small one.
            if c.isUppercase, let before, before.isLowercase || (before.isUppercase && after?.isLowercase == true) { key += "-" }
            key += c.lowercased()
        }
        guard let values = defaults["\(nick)-\(key)"], values.count >= count else { return nil }
        return Array(values.prefix(count))
    }

    /// Each `<schema>`'s `<key name type>` with its `<default>` text, in file order.
    private static func keys(_ path: String) throws(ReadError) -> [(String, (type: String, text: String))] {
        let keys = KeyList()
        var line: Int32 = 0, column: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        let read = segue_schema_read(path, Unmanaged.passUnretained(keys).toOpaque(), { context, name, type, text in
            guard let context, let name, let type, let text else { return }
            Unmanaged<KeyList>.fromOpaque(context).takeUnretainedValue().keys
                .append((String(cString: name), (String(cString: type), String(cString: text))))
        }, &line, &column, &message)
        guard read == 0 else {
            defer { free(message) }
            let reason = message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unreadable"
            throw ReadError(path: path, line: max(1, Int(line)), column: max(1, Int(column)), message: "is not XML: \(reason)")
        }
        return keys.keys
    }

    private final class KeyList {
        var keys: [(String, (type: String, text: String))] = []
    }

    /// A GVariant text default of type `i`, `d`, `b`, or `s` holding a CSS
    /// colour (`rgb(…)`, `rgba(…)`, `#rrggbb`), as numbers.
    static func numbers(_ text: String, type: String) -> [Double]? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch type {
        case "i", "d", "u", "x", "t", "n", "q", "y": return Double(text).map { [$0] }
        case "b": return text == "true" ? [1] : text == "false" ? [0] : nil
        case "s":
            guard text.count >= 2, let quote = text.first, ["\"", "'"].contains(quote), text.last == quote else { return nil }
            return color(String(text.dropFirst().dropLast()))
        default: return nil
        }
    }

    private static func color(_ css: String) -> [Double]? {
        let css = css.trimmingCharacters(in: .whitespaces).lowercased()
        if css.hasPrefix("#"), css.count == 7, let value = UInt32(css.dropFirst(), radix: 16) {
            return [Double(value >> 16 & 0xff) / 255, Double(value >> 8 & 0xff) / 255, Double(value & 0xff) / 255, 1]
        }
        for (name, count) in [("rgba(", 4), ("rgb(", 3)] where css.hasPrefix(name) && css.hasSuffix(")") {
            let parts = css.dropFirst(name.count).dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == count, let values = parts as? [Double] else { return nil }
            return values.prefix(3).map { min(max($0 / 255, 0), 1) } + [count == 4 ? min(max(values[3], 0), 1) : 1]
        }
        return nil
    }
}
