/// One request to the compositor; on the wire a JSON object on one line.
public enum IPCRequest: Equatable, Sendable {
    /// Lists the windows, front to back.
    case windows
    /// Brings a window forward with a transition, `duration` seconds long
    /// where given; with `wait`, the reply comes once the transition has finished.
    case switchWindow(target: SwitchTarget, effect: String?, wait: Bool, duration: Double? = nil)
    /// Asks a window, by default the shown one, to close; with `wait`, the
    /// reply comes once it has closed and nothing plays any more.
    case close(target: SwitchTarget?, wait: Bool = false)
    /// Writes what the output shows to a PNG at an absolute path.
    case screenshot(path: String)
    /// Lists the effects the compositor can play.
    case effects
    /// Lists the transitions played so far, with their statistics.
    case transitions
    /// Describes the output and how many frames it has drawn and presented.
    case outputs
    /// Lists the connected clients: each one's pid, executable, and the
    /// privileged protocols it may use.
    case clients
    /// Rereads the configuration file.
    case reload
    /// Shows the configuration in force.
    case config
    /// Starts a program as a client the compositor trusts, connected over a
    /// socket it made for it; `argv[0]` is looked up in PATH.
    case spawn(argv: [String])
    /// One step of a switch driven by hand; the reply to `end` and `cancel`
    /// comes once the transition has come to rest.
    case gesture(GestureStep)
    /// One step of the held window switcher.
    case switcher(SwitcherStep)
    /// Subscribes: after its `ok` reply, one JSON line per event (windows
    /// opened, closed, shown or renamed; transitions started and finished;
    /// the config reloaded or refused) until the client hangs up.
    case events
    /// Applies one config value, dotted key and TOML value, as if the file
    /// said it; gone when the file is read again.
    case set(key: String, value: String)
    /// Lists the workspaces: each one's number, whether it is shown, its windows.
    case workspaces
    /// Shows a workspace with a transition; with `wait`, the reply comes once it has finished.
    case workspace(WorkspaceTarget, wait: Bool = false)
    /// Moves a window (by default the shown one) to a workspace; with `wait`,
    /// the reply comes once the transition away from it has finished.
    case moveToWorkspace(WorkspaceTarget, window: Int? = nil, wait: Bool = false)
    /// Minimizes a window, by default the shown one; with `wait`, the reply
    /// comes once the transition away from it has finished.
    case minimize(window: Int? = nil, wait: Bool = false)
    /// Restores a minimized window, by default the one minimized last on the
    /// shown workspace; with `wait`, the reply comes once its transition has finished.
    case restore(window: Int? = nil, wait: Bool = false)
    /// Puts a window's top left at (x, y) on the output, in surface units:
    /// with free placement only, where windows stay where they are put.
    case place(window: Int, x: Int, y: Int)
    /// Asks a window (by default the shown one) maximized or fullscreen, or
    /// not (`on` nil: the other way from how it is); with `wait`, the reply
    /// comes once it is drawn so (its resize finished, or shown at once).
    case setState(WindowState, on: Bool? = nil, window: Int? = nil, wait: Bool = false)

    /// The request as one line of JSON, without the terminating newline.
    public func encoded() -> String {
        var fields: [String: JSONValue] = ["command": .string(command.rawValue)]
        switch self {
        case .windows, .outputs, .clients, .effects, .transitions, .reload, .config, .events, .workspaces:
            break
        case .workspace(let target, let wait):
            fields["target"] = target.json
            if wait { fields["wait"] = true }
        case .moveToWorkspace(let target, let window, let wait):
            fields["target"] = target.json
            if let window { fields["window"] = .number(Double(window)) }
            if wait { fields["wait"] = true }
        case .minimize(let window, let wait), .restore(let window, let wait):
            if let window { fields["window"] = .number(Double(window)) }
            if wait { fields["wait"] = true }
        case .switchWindow(let target, let effect, let wait, let duration):
            fields["target"] = target.json
            if let effect { fields["effect"] = .string(effect) }
            if let duration { fields["duration"] = .number(duration) }
            if wait { fields["wait"] = true }
        case .close(let target, let wait):
            if let target { fields["target"] = target.json }
            if wait { fields["wait"] = true }
        case .screenshot(let path):
            fields["path"] = .string(path)
        case .spawn(let argv):
            fields["argv"] = .array(argv.map { .string($0) })
        case .set(let key, let value):
            fields["key"] = .string(key)
            fields["value"] = .string(value)
        case .gesture(let step):
            fields["step"] = .string(step.name)
            switch step {
            case .begin(let target): fields["target"] = target.json
            case .beginWorkspace(let target): fields["workspace"] = target.json
            case .update(let progress): fields["progress"] = .number(progress)
            case .end(let velocity?): fields["velocity"] = .number(velocity)
            case .end(nil), .cancel: break
            }
        case .switcher(let step):
            fields["step"] = .string(step.name)
            if let filter = step.filter { fields["filter"] = .string(filter.rawValue) }
        case .setState(_, let on, let window, let wait):
            if let on { fields["state"] = on ? "on" : "off" }
            if let window { fields["window"] = .number(Double(window)) }
            if wait { fields["wait"] = true }
        case .place(let window, let x, let y):
            fields["window"] = .number(Double(window))
            fields["x"] = .number(Double(x))
            fields["y"] = .number(Double(y))
        }
        return JSONValue.object(fields).encoded()
    }

    var command: IPCCommand {
        switch self {
        case .windows: .windows
        case .switchWindow: .switch
        case .close: .close
        case .screenshot: .screenshot
        case .effects: .effects
        case .transitions: .transitions
        case .outputs: .outputs
        case .clients: .clients
        case .reload: .reload
        case .config: .config
        case .spawn: .spawn
        case .gesture: .gesture
        case .switcher: .switcher
        case .events: .events
        case .set: .set
        case .workspaces: .workspaces
        case .workspace: .workspace
        case .moveToWorkspace: .moveToWorkspace
        case .minimize: .minimize
        case .restore: .restore
        case .place: .place
        case .setState(let state, _, _, _): state == .maximized ? .maximize : .fullscreen
        }
    }
}
