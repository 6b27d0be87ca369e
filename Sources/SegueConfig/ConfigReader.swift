import SegueEngine

/// Turns a parsed TOML document into a SegueConfig, checking every key and
/// value and collecting a located diagnostic for each problem rather than
/// stopping at the first. The sections live in extensions, one file each.
final class ConfigReader {
    let path: String
    let locator: TOMLLocator
    let builtins: EffectRegistry
    var config: SegueConfig
    /// User effects whose shader did not load: naming them elsewhere is not a
    /// second mistake, and their parameters cannot be checked.
    var brokenEffects: Set<String> = []
    private var diagnostics: [ConfigDiagnostic] = []
    /// Where values `segue msg set` gave sit: a problem there is the setting's, not the file's.
    private let setPaths: [TOMLPath]

    init(path: String, locator: TOMLLocator, builtins: EffectRegistry, settings: [ConfigSetting] = []) {
        self.path = path
        self.locator = locator
        self.builtins = builtins
        setPaths = settings.map { $0.path.map(TOMLPathComponent.key) }
        config = .defaults(registry: builtins)
        config.path = path
    }

    static let sections = ["output", "transitions", "rules", "accessibility", "keys", "gestures", "switcher", "effects", "protocol", "startup", "layers", "xwayland"]

    /// Effects come first: the other sections may name them.
    func read(_ root: [String: TOMLNode], checkShader: (EffectDescriptor) -> [String]) -> Result<SegueConfig, ConfigErrors> {
        checkKeys(root, at: [], allowed: Self.sections + ["burn-my-windows"], in: "the top-level table")
        if let checkout = root["burn-my-windows"] { readBurnMyWindowsCheckout(checkout) }
        if let effects = root["effects"] { readEffects(effects, checkShader: checkShader) }
        readTransitions(root["transitions"])
        if let rules = root["rules"] { readRules(rules) }
        if let output = root["output"] { readOutput(output) }
        if let accessibility = root["accessibility"] { readAccessibility(accessibility) }
        if let keys = root["keys"] { readKeys(keys) }
        if let gestures = root["gestures"] { readGestures(gestures) }
        if let switcher = root["switcher"] { readSwitcher(switcher) }
        if let node = root["protocol"] { readProtocol(node) }
        if let node = root["startup"] { readStartup(node) }
        if let node = root["layers"] { readLayers(node) }
        if let node = root["xwayland"] { readXwayland(node) }
        return diagnostics.isEmpty ? .success(config) : .failure(ConfigErrors(Self.inFileOrder(diagnostics, configPath: path)))
    }

    /// The config's own problems by position, then those inside shader files
    /// in the compiler's order: its first message is the cause, and what it
    /// lists after it (candidates, consequences) belongs under it.
    static func inFileOrder(_ diagnostics: [ConfigDiagnostic], configPath: String) -> [ConfigDiagnostic] {
        func key(_ entry: (offset: Int, element: ConfigDiagnostic)) -> (Int, String, Int, Int, Int) {
            let diagnostic = entry.element
            guard diagnostic.path == configPath else { return (1, diagnostic.path, 0, 0, entry.offset) }
            return (0, diagnostic.path, diagnostic.line, diagnostic.column ?? 0, entry.offset)
        }
        return diagnostics.enumerated().sorted { key($0) < key($1) }.map(\.element)
    }

    // MARK: Reporting

    func report(_ message: String, at position: SourcePosition, in file: String? = nil) {
        report(message, line: position.line, column: position.column, in: file)
    }

    func report(_ message: String, line: Int, column: Int?, in file: String? = nil) {
        diagnostics.append(ConfigDiagnostic(path: file ?? path, line: line, column: column, message: message))
    }

    func report(_ message: String, atKey key: TOMLPath) {
        if isSet(key) { return diagnostics.append(.setting(message)) }
        report(message, at: locator.key(key))
    }

    func report(_ message: String, atValue key: TOMLPath) {
        if isSet(key) { return diagnostics.append(.setting(message)) }
        report(message, at: locator.value(key))
    }

    /// A note, not a problem: the config loads with it.
    func note(_ message: String, atValue key: TOMLPath) {
        let at = locator.value(key)
        config.notes.append(ConfigDiagnostic(path: path, line: at.line, column: at.column, message: message))
    }

    /// Whether `key` is a value `segue msg set` gave, or inside one.
    private func isSet(_ key: TOMLPath) -> Bool {
        setPaths.contains { $0.count <= key.count && Array(key.prefix($0.count)) == $0 }
    }

    /// Reports each key of `table` that is not `allowed`, naming the nearest allowed one.
    func checkKeys(_ table: [String: TOMLNode], at path: TOMLPath, allowed: [String], in context: String) {
        for key in table.keys where !allowed.contains(key) {
            unknownKey(key, at: path + [.key(key)], in: context, candidates: allowed)
        }
    }

    func unknownKey(_ key: String, at path: TOMLPath, in context: String, candidates: [String], otherwise: String = "") {
        let suggestion = Self.didYouMean(key, candidates)
        report("unknown key '\(key)' in \(context)" + (suggestion.isEmpty ? otherwise : suggestion), atKey: path)
    }

    /// `; did you mean 'x'?`, or nothing when no known name is close.
    static func didYouMean(_ name: String, _ known: [String]) -> String {
        EditDistance.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    // MARK: Typed values

    /// The last key of a path, for messages.
    static func name(_ path: TOMLPath) -> String {
        if case .key(let key)? = path.last { return key }
        return "value"
    }

    func table(_ node: TOMLNode, at path: TOMLPath, must description: String) -> [String: TOMLNode]? {
        if case .table(let table) = node { return table }
        report("'\(Self.name(path))' must be \(description), not \(node.kind)", atValue: path)
        return nil
    }

    func string(_ node: TOMLNode, at path: TOMLPath, must description: String) -> String? {
        if case .string(let text) = node { return text }
        report("'\(Self.name(path))' must be \(description), not \(node.kind)", atValue: path)
        return nil
    }

    /// An integer or float within `range`.
    func number(_ node: TOMLNode, at path: TOMLPath, in range: ClosedRange<Double>, unit: String = "") -> Double? {
        guard let x = node.number else {
            report("'\(Self.name(path))' must be a number, not \(node.kind)", atValue: path)
            return nil
        }
        guard range.contains(x) else {
            let bounds = "\(Self.formatted(range.lowerBound))...\(Self.formatted(range.upperBound))\(unit)"
            report("'\(Self.name(path))' must be in \(bounds), not \(Self.formatted(x))", atValue: path)
            return nil
        }
        return x
    }

    /// An integer within `range`; anything else is reported and is nil.
    func wholeNumber(_ node: TOMLNode, at path: TOMLPath, in range: ClosedRange<Int>, unit: String = "") -> Int? {
        if case .integer(let value) = node, range.contains(value) { return value }
        let given = if case .integer(let value) = node { "\(value)" } else { node.kind }
        report("'\(Self.name(path))' must be a whole number in \(range.lowerBound)...\(range.upperBound)\(unit), not \(given)",
               atValue: path)
        return nil
    }

    /// 60.0 → "60", 0.05 → "0.05".
    static func formatted(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    // MARK: Effects by name

    /// Whether `name` may be played: registered, or a user effect already reported broken.
    func knowsEffect(_ name: String) -> Bool {
        config.effects[name] != nil || brokenEffects.contains(name)
    }

    func unknownEffect(_ name: String, at path: TOMLPath) {
        let known = config.effects.names
        report("unknown effect '\(name)'" + Self.didYouMean(name, known)
               + " (effects: \(known.joined(separator: ", ")); or \"random\" or \"none\")", atValue: path)
    }

    /// The effects a choice can play, whose parameters its keys may set; nil when
    /// one of them is a broken user effect, whose parameters are unknown.
    func effectNames(_ effect: TransitionChoice.Effect) -> [String]? {
        let names: [String] = switch effect {
        case .named(let name): [name]
        case .random(let choices): choices
        case .none: []
        }
        return names.contains(where: brokenEffects.contains) ? nil : names
    }
}
