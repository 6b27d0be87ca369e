import SegueEngine
extension IPCRequest {
    /// Parses one request line (with or without its newline), naming exactly
    /// what is wrong when it is not a request.
    public static func decode(line: String) throws(IPCError) -> IPCRequest {
        let fields = try IPCMessage.object(in: line, what: "request", example: #"{"command":"windows"}"#)
        guard let commandValue = fields["command"] else {
            throw IPCError("request has no \"command\"; known commands: \(IPCCommand.names)")
        }
        guard case .string(let name) = commandValue else {
            throw IPCError("\"command\" must be a string, got \(commandValue.kind)")
        }
        guard let command = IPCCommand(rawValue: name) else {
            let hint = EditDistance.nearest(to: name, in: IPCCommand.allCases.map(\.rawValue))
                .map { "did you mean \"\($0)\"?" } ?? "known commands: \(IPCCommand.names)"
            throw IPCError("unknown command \"\(name)\"; \(hint)")
        }
        for key in fields.keys.sorted() where key != "command" && !command.fields.contains(key) {
            let known = command.fields.isEmpty
                ? "\(name) takes no fields"
                : EditDistance.nearest(to: key, in: command.fields).map { "did you mean \"\($0)\"?" }
                    ?? "\(name) takes \(command.fields.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw IPCError("unknown field \"\(key)\" for \(name); \(known)")
        }
        let request = Fields(command: name, values: fields)
        switch command {
        case .windows: return .windows
        case .effects: return .effects
        case .transitions: return .transitions
        case .outputs: return .outputs
        case .clients: return .clients
        case .reload: return .reload
        case .config: return .config
        case .events: return .events
        case .workspaces: return .workspaces
        case .workspace:
            return .workspace(try request.workspace(), wait: try request.bool("wait") ?? false)
        case .moveToWorkspace:
            return .moveToWorkspace(try request.workspace(), window: try request.windowID(), wait: try request.bool("wait") ?? false)
        case .minimize:
            return .minimize(window: try request.windowID(), wait: try request.bool("wait") ?? false)
        case .restore:
            return .restore(window: try request.windowID(), wait: try request.bool("wait") ?? false)
        case .place:
            guard let window = try request.windowID() else { throw IPCError("place needs a \"window\" id from windows") }
            return .place(window: window, x: try request.coordinate("x"), y: try request.coordinate("y"))
        case .maximize, .fullscreen:
            return .setState(command == .maximize ? .maximized : .fullscreen, on: try request.onOff(),
                             window: try request.windowID(), wait: try request.bool("wait") ?? false)
        case .set:
            guard let key = try request.string("key"), !key.isEmpty, let value = try request.string("value") else {
                throw IPCError("set needs a \"key\" (dotted, e.g. \"transitions.switch.effect\") and a \"value\"")
            }
            return .set(key: key, value: value)
        case .switch:
            return .switchWindow(target: try request.target(), effect: try request.effect(),
                                 wait: try request.bool("wait") ?? false, duration: try request.duration())
        case .close:
            return .close(target: request.values["target"] == nil ? nil : try request.target(), wait: try request.bool("wait") ?? false)
        case .screenshot:
            return .screenshot(path: try request.path())
        case .spawn:
            return .spawn(argv: try request.argv())
        case .gesture:
            return .gesture(try request.gestureStep())
        case .switcher:
            return .switcher(try request.switcherStep())
        }
    }

    /// `decode(line:)` for bytes straight off a socket, which may not be text at all.
    public static func decode(utf8 bytes: some Collection<UInt8>) throws(IPCError) -> IPCRequest {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw IPCError("request is not valid UTF-8")
        }
        return try decode(line: line)
    }
}

/// A request's fields, read with messages that name the command and field.
private struct Fields {
    let command: String
    let values: [String: JSONValue]

    func target() throws(IPCError) -> SwitchTarget {
        switch values["target"] {
        case nil:
            throw IPCError("\(command) needs a \"target\": \"next\", \"prev\", \"previous\" or a window id")
        case .string(let text)?:
            return try SwitchTarget(parsing: text)
        case .number(let number)?:
            guard number >= 0, number == number.rounded(), number < 0x1p53 else {
                throw IPCError("\(command) \"target\" must be a whole number of at least 0, got \(JSONValue.number(number).encoded())")
            }
            return .window(id: Int(number))
        case let other?:
            throw IPCError("\(command) \"target\" must be a string or a number, got \(other.kind)")
        }
    }

    func workspace(key: String = "target") throws(IPCError) -> WorkspaceTarget {
        switch values[key] {
        case nil:
            throw IPCError("\(command) needs a \"\(key)\": a workspace number, \"next\" or \"prev\"")
        case .string(let text)?:
            return try WorkspaceTarget(parsing: text)
        case .number(let number)?:
            guard number == number.rounded(), number >= 1, number <= Double(WorkspaceTarget.numbers.upperBound) else {
                throw IPCError("\(command) \"\(key)\" must be a whole number from 1 to \(WorkspaceTarget.numbers.upperBound), got \(JSONValue.number(number).encoded())")
            }
            return .number(Int(number))
        case let other?:
            throw IPCError("\(command) \"\(key)\" must be a number or a string, got \(other.kind)")
        }
    }

    /// A window id, where given.
    func windowID() throws(IPCError) -> Int? {
        guard let number = try finite("window") else { return nil }
        guard number >= 0, number == number.rounded(), number < 0x1p53 else {
            throw IPCError("\(command) \"window\" must be a window id, a whole number of at least 0, got \(JSONValue.number(number).encoded())")
        }
        return Int(number)
    }

    /// `state`: "on", "off", or "toggle" (as left out: nil, the other way from how it is).
    func onOff() throws(IPCError) -> Bool? {
        switch try string("state") {
        case nil, "toggle"?: return nil
        case "on"?: return true
        case "off"?: return false
        case let other?: throw IPCError("\(command) \"state\" must be \"on\", \"off\" or \"toggle\", got \"\(other)\"")
        }
    }

    func effect() throws(IPCError) -> String? {
        guard let effect = try string("effect") else { return nil }
        guard !effect.isEmpty else { throw IPCError("\(command) \"effect\" must not be empty") }
        return effect
    }

    /// Seconds, as TimeSpan takes them: more than 0, at most 60.
    func duration() throws(IPCError) -> Double? {
        guard let seconds = try finite("duration") else { return nil }
        guard seconds > 0 && seconds <= TimeSpan.maximumSeconds else {
            throw IPCError("\(command) \"duration\" must be seconds in (0, 60], got \(JSONValue.number(seconds).encoded())")
        }
        return seconds
    }

    func path() throws(IPCError) -> String {
        guard let path = try string("path") else {
            throw IPCError("\(command) needs a \"path\": the absolute path of the PNG to write")
        }
        guard path.hasPrefix("/") else {
            throw IPCError("\(command) \"path\" must be absolute, got \"\(path)\"")
        }
        return path
    }

    func argv() throws(IPCError) -> [String] {
        guard let value = values["argv"] else {
            throw IPCError("\(command) needs an \"argv\": the program and its arguments, e.g. [\"foot\", \"-e\", \"top\"]")
        }
        guard case .array(let items) = value else {
            throw IPCError("\(command) \"argv\" must be an array of strings, got \(value.kind)")
        }
        var argv: [String] = []
        for item in items {
            guard case .string(let text) = item else {
                throw IPCError("\(command) \"argv\" must hold only strings, got \(item.kind)")
            }
            argv.append(text)
        }
        guard let program = argv.first, !program.isEmpty else {
            throw IPCError("\(command) \"argv\" must start with a program")
        }
        return argv
    }

    func string(_ name: String) throws(IPCError) -> String? {
        switch values[name] {
        case nil: return nil
        case .string(let value)?: return value
        case let other?: throw IPCError("\(command) \"\(name)\" must be a string, got \(other.kind)")
        }
    }

    func gestureStep() throws(IPCError) -> GestureStep {
        let step = try string("step")
        let allowed: [String: [String]] = ["begin": ["target", "workspace"], "update": ["progress"], "end": ["velocity"], "cancel": []]
        guard let step, let fields = allowed[step] else {
            throw IPCError("\(command) needs a \"step\": \"begin\", \"update\", \"end\" or \"cancel\"")
        }
        for key in ["target", "workspace", "progress", "velocity"] where values[key] != nil && !fields.contains(key) {
            throw IPCError("\(command) \(step) takes no \"\(key)\"")
        }
        switch step {
        case "begin" where values["workspace"] != nil:
            guard values["target"] == nil else { throw IPCError("\(command) begin takes a \"target\" window or a \"workspace\", not both") }
            return .beginWorkspace(try workspace(key: "workspace"))
        case "begin":
            return .begin(try target())
        case "update":
            guard let progress = try finite("progress") else { throw IPCError("\(command) update needs a \"progress\"") }
            return .update(progress)
        case "end":
            return .end(velocity: try finite("velocity"))
        default:
            return .cancel
        }
    }

    func switcherStep() throws(IPCError) -> SwitcherStep {
        var filter: SwitcherFilter?
        if let name = try string("filter") {
            guard let named = SwitcherFilter(rawValue: name) else {
                throw IPCError("\(command) \"filter\" must be \"all\" or \"app-id\" (the shown window's app alone), got \"\(name)\"")
            }
            filter = named
        }
        guard let step = try SwitcherStep(string("step") ?? "", filter: filter) else {
            throw IPCError("\(command) needs a \"step\": \"open\", \"next\", \"prev\", \"commit\" or \"cancel\"")
        }
        return step
    }

    /// A number field that must be finite when given.
    /// A whole number of surface units on the output, within what a Wayland coordinate holds.
    func coordinate(_ name: String) throws(IPCError) -> Int {
        guard let number = try finite(name) else { throw IPCError("\(command) needs \"\(name)\", in surface units") }
        guard number == number.rounded(), abs(number) <= 1_000_000 else {
            throw IPCError("\(command) \"\(name)\" must be a whole number of surface units within ±1000000, got \(JSONValue.number(number).encoded())")
        }
        return Int(number)
    }

    func finite(_ name: String) throws(IPCError) -> Double? {
        switch values[name] {
        case nil: return nil
        case .number(let value)? where value.isFinite: return value
        case let other?: throw IPCError("\(command) \"\(name)\" must be a finite number, got \(other.kind)")
        }
    }

    func bool(_ name: String) throws(IPCError) -> Bool? {
        switch values[name] {
        case nil: return nil
        case .bool(let value)?: return value
        case let other?: throw IPCError("\(command) \"\(name)\" must be true or false, got \(other.kind)")
        }
    }
}
