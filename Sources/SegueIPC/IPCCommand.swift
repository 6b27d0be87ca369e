/// The commands the protocol knows, with the fields each accepts besides
/// `command`, so decoding can name what is unknown and suggest what was meant.
enum IPCCommand: String, CaseIterable {
    case windows, outputs, clients, `switch`, close, screenshot, effects, transitions, reload, config, spawn, gesture, switcher, events, set
    case workspaces, workspace, moveToWorkspace = "move-to-workspace", minimize, restore, place, maximize, fullscreen

    var fields: [String] {
        switch self {
        case .windows, .outputs, .clients, .effects, .transitions, .reload, .config, .events, .workspaces: []
        case .workspace: ["target", "wait"]
        case .moveToWorkspace: ["target", "window", "wait"]
        case .minimize, .restore: ["window", "wait"]
        case .place: ["window", "x", "y"]
        case .maximize, .fullscreen: ["window", "state", "wait"]
        case .switch: ["target", "effect", "duration", "wait"]
        case .close: ["target", "wait"]
        case .screenshot: ["path"]
        case .spawn: ["argv"]
        case .gesture: ["step", "target", "progress", "velocity"]
        case .switcher: ["step", "filter"]
        case .set: ["key", "value"]
        }
    }

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
