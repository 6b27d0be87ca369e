import Foundation
import SegueIPC

/// A reply as `segue msg` shows it to a person (`--json` prints the line as it
/// came): aligned columns for lists, a sentence for an action. A payload of
/// another shape (a newer compositor's) is shown key by key.
enum MsgReplyText {
    static func text(for request: IPCRequest, _ payload: [String: JSONValue]) -> String {
        switch request {
        case .windows: windows(payload)
        case .outputs: outputs(payload)
        case .clients: clients(payload)
        case .transitions: transitions(payload)
        case .effects: effects(payload)
        case .config: config(payload)
        // A hand's moves are many and say nothing new: quiet, as a script driving them wants.
        case .gesture(.update): ""
        case .switchWindow, .gesture:
            if payload["outcome"] != nil { completion(payload) } else { action(payload) }
        case .close: closed(payload)
        case .switcher(let step): switcher(step, payload)
        case .screenshot: payload["path"].map { "wrote \(plain($0)) (\(plain(payload["width"]))x\(plain(payload["height"])))" } ?? keyed(payload)
        case .reload: "reloaded \(plain(payload["path"])): \(plain(payload["rules"])) rules"
        case .spawn: payload["pid"].map { "started as pid \(plain($0))" } ?? keyed(payload)
        case .events: keyed(payload)
        case .set(let key, let value): "\(key) = \(value), until the config file is read again"
        case .workspaces: workspaces(payload)
        case .workspace, .moveToWorkspace:
            if payload["outcome"] != nil { completion(payload) } else { workspaceAction(payload) }
        case .minimize, .restore:
            if payload["outcome"] != nil { completion(payload) }
            else { payload["window"].map { "window \(plain($0)) \(payload["minimized"] != nil ? "minimized" : "restored")" } ?? keyed(payload) }
        case .place(let window, let x, let y): "window \(window) placed at \(x),\(y)"
        case .setState(let state, _, _, _): restated(state, payload)
        }
    }

    private static func windows(_ payload: [String: JSONValue]) -> String {
        guard case .array(let list)? = payload["windows"] else { return keyed(payload) }
        let rows = list.compactMap { item -> [String]? in
            guard case .object(let w) = item else { return nil }
            let marks = (w["shown"] == .bool(true) ? "*" : w["minimized"] == .bool(true) ? "_" : " ")
                + (w["urgent"] == .bool(true) ? "!" : " ")
            return [marks, plain(w["id"]), plain(w["workspace"]), plain(w["app_id"]), plain(w["title"]),
                    "\(plain(w["width"]))x\(plain(w["height"]))", plain(w["buffer_scale"])]
        }
        let table = aligned([["", "id", "workspace", "app id", "title", "size", "scale"]] + rows)
        return rows.isEmpty ? "no windows" : table + "\n(* shown, _ minimized, ! asks for attention; front to back)"
    }

    private static func workspaces(_ payload: [String: JSONValue]) -> String {
        guard case .array(let list)? = payload["workspaces"] else { return keyed(payload) }
        let rows = list.compactMap { item -> [String]? in
            guard case .object(let w) = item else { return nil }
            let marks = (w["shown"] == .bool(true) ? "*" : " ") + (w["urgent"] == .bool(true) ? "!" : " ")
            var windows = "-"
            if case .array(let ids)? = w["windows"], !ids.isEmpty { windows = ids.map(plain).joined(separator: ",") }
            return [marks, plain(w["number"]), windows]
        }
        return aligned([["", "workspace", "windows"]] + rows) + "\n(* shown, ! a window asks for attention)"
    }

    /// `window 3 maximized`, `window 3 is fullscreen already`; waited for, how its resize went.
    private static func restated(_ state: WindowState, _ payload: [String: JSONValue]) -> String {
        guard let window = payload["window"], let on = payload[state.field] else { return keyed(payload) }
        let now = switch state {
        case .maximized: on == .bool(true) ? "maximized" : "unmaximized"
        case .fullscreen: on == .bool(true) ? "fullscreen" : "out of fullscreen"
        }
        guard payload["changed"] != .bool(false) else { return "window \(plain(window)) is \(now) already" }
        guard let outcome = payload["outcome"] else { return "window \(plain(window)) \(now)" }
        guard outcome != "at-once" else { return "window \(plain(window)) \(now), shown at once" }
        return "window \(plain(window)) \(now): \(plain(payload["kind"])) \(plain(outcome)), \(plain(payload["frames"])) frames, "
            + "\(plain(payload["missed_refreshes"])) missed refreshes"
    }

    private static func workspaceAction(_ payload: [String: JSONValue]) -> String {
        guard let workspace = payload["workspace"] else { return keyed(payload) }
        if let window = payload["window"] { return "window \(plain(window)) moved to workspace \(plain(workspace))" }
        return payload["switched"] == .bool(false) ? "workspace \(plain(workspace)) is shown already" : "showing workspace \(plain(workspace))"
    }

    private static func clients(_ payload: [String: JSONValue]) -> String {
        guard case .array(let list)? = payload["clients"] else { return keyed(payload) }
        let rows = list.compactMap { item -> [String]? in
            guard case .object(let c) = item else { return nil }
            var uses = "-"
            if case .array(let names)? = c["may_use"], !names.isEmpty { uses = names.map(plain).joined(separator: " ") }
            var windows = "-"
            if case .array(let ids)? = c["windows"], !ids.isEmpty { windows = ids.map(plain).joined(separator: ",") }
            return [plain(c["pid"]), plain(c["executable"]), windows, uses]
        }
        return rows.isEmpty ? "no clients" : aligned([["pid", "executable", "windows", "privileged protocols"]] + rows)
    }

    private static func outputs(_ payload: [String: JSONValue]) -> String {
        guard case .array(let list)? = payload["outputs"] else { return keyed(payload) }
        return list.compactMap { item -> String? in
            guard case .object(let o) = item else { return nil }
            let hz = (o["refresh_mhz"].flatMap(number) ?? 0) / 1000
            var formats = "none"
            if case .array(let offered)? = o["dmabuf_formats"], !offered.isEmpty { formats = "\(offered.count) formats" }
            return """
                \(plain(o["name"])): \(plain(o["width"]))x\(plain(o["height"])) at \(String(format: "%.3f", hz)) Hz, scale \(plain(o["scale"]))
                  renderer \(plain(o["renderer"])), DRM node \(o["drm_node"] == .null ? "none" : plain(o["drm_node"])), dmabuf import: \(formats)
                  frames drawn \(plain(o["frames_drawn"])), presented \(plain(o["frames_presented"]))\(o["animating"] == .bool(true) ? ", animating" : "")
                """
        }.joined(separator: "\n")
    }

    private static func transitions(_ payload: [String: JSONValue]) -> String {
        guard case .array(let list)? = payload["transitions"] else { return keyed(payload) }
        let rows = list.compactMap { item -> [String]? in
            guard case .object(let t) = item else { return nil }
            return [plain(t["id"]), plain(t["event"]), plain(t["effect"]), plain(t["outcome"]), plain(t["frames"]),
                    plain(t["late_frames"]), plain(t["missed_refreshes"]), plain(t["median_frame_ms"]), plain(t["median_scale"]), plain(t["rule"])]
        }
        return rows.isEmpty ? "no transitions yet"
            : aligned([["id", "event", "effect", "outcome", "frames", "late", "missed", "median ms", "median scale", "chosen by"]] + rows)
    }

    private static func effects(_ payload: [String: JSONValue]) -> String {
        guard case .array(let list)? = payload["effects"] else { return keyed(payload) }
        let rows = list.compactMap { item -> [String]? in
            guard case .object(let e) = item else { return nil }
            return [plain(e["name"]), "\(plain(e["duration_ms"])) ms", plain(e["summary"])]
        }
        return aligned(rows)
    }

    private static func config(_ payload: [String: JSONValue]) -> String {
        var lines = ["config: \(payload["path"] == .null ? "none (built-in defaults)" : plain(payload["path"]))"]
        if case .object(let events)? = payload["transitions"] {
            for name in ["switch", "open", "close"] {
                guard case .object(let e)? = events[name] else { continue }
                lines.append("\(name): \(choice(e)), \(plain(e["direction"]))  # \(plain(e["from"]))")
            }
        }
        if case .array(let rules)? = payload["rules"] {
            for case .object(let r) in rules {
                let when = object(r["when"]).sorted { $0.key < $1.key }.map { "\($0.key) = \"\(plain($0.value))\"" }
                    .joined(separator: ", ")
                let sets = object(r["sets"])
                lines.append("\(plain(r["rule"])): when \(when) → \(choice(sets))")
            }
        }
        if case .array(let set)? = payload["set"], !set.isEmpty {
            lines.append("set at runtime: " + set.map { item in
                let fields = object(item)
                return "\(plain(fields["key"])) = \(plain(fields["value"]))"
            }.joined(separator: ", "))
        }
        if payload["reduce_motion"] == .bool(true) { lines.append("reduce-motion: every transition is a short crossfade") }
        if case .object(let keys)? = payload["keys"] {
            lines.append("keys: " + keys.sorted { $0.key < $1.key }.map { key, chord in
                "\(key.replacingOccurrences(of: "_", with: "-")) \(chord == .null ? "unbound" : plain(chord))"
            }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// `doom-melt, 600 ms, linear, column-width 4`: what is set, the rest the effect's own.
    private static func choice(_ fields: [String: JSONValue]) -> String {
        var parts = [plain(fields["effect"])]
        if case .array(let choices)? = fields["choices"] { parts[0] += " of " + choices.map(plain).joined(separator: ", ") }
        if let ms = fields["duration_ms"] { parts.append("\(plain(ms)) ms") }
        if let curve = fields["curve"] { parts.append(plain(curve)) }
        if case .object(let parameters)? = fields["parameters"] {
            parts += parameters.sorted { $0.key < $1.key }.map { "\($0.key) \(plain($0.value))" }
        }
        return parts.joined(separator: ", ")
    }

    private static func completion(_ payload: [String: JSONValue]) -> String {
        let median = payload["median_frame_ms"].flatMap(number).map { String(format: ", median frame %.2f ms", $0) } ?? ""
        var scale = ""
        if let smallest = payload["min_scale"].flatMap(number), smallest < 1 {
            let median: Double = payload["median_scale"].flatMap(number) ?? 1
            scale = String(format: ", drawn at %.2f to 1 per side (median %.2f)", smallest, median)
        }
        return "\(plain(payload["effect"])) \(plain(payload["outcome"])): \(plain(payload["frames"])) frames in "
            + "\(plain(payload["duration_ms"])) ms, \(plain(payload["late_frames"])) late, "
            + "refreshes missed: \(plain(payload["missed_refreshes"]))\(median)\(scale) (\(plain(payload["rule"])))"
    }

    private static func switcher(_ step: SwitcherStep, _ payload: [String: JSONValue]) -> String {
        let window = plain(payload["window"])
        switch step {
        case .commit: return "switching to window \(window)"
        case .cancel: return "cancelled; window \(window) stays shown"
        case .open, .next, .prev: return "window \(window) selected"
        }
    }

    /// Asked to close; with --wait, closed, and how the transition away from it went.
    private static func closed(_ payload: [String: JSONValue]) -> String {
        guard let window = payload["window"] else { return keyed(payload) }
        guard payload["closed"] == .bool(true) else { return "asked window \(plain(window)) to close" }
        return "window \(plain(window)) closed" + (payload["outcome"] != nil ? "; " + completion(payload) : "")
    }

    private static func action(_ payload: [String: JSONValue]) -> String {
        guard let window = payload["window"] else { return keyed(payload) }
        return payload["switched"] == .bool(false) ? "window \(plain(window)) is shown already" : "switching to window \(plain(window))"
    }

    /// Any other payload: `key: value` lines, in order.
    private static func keyed(_ payload: [String: JSONValue]) -> String {
        payload.sorted { $0.key < $1.key }.map { "\($0.key): \(plain($0.value))" }.joined(separator: "\n")
    }

    private static func number(_ value: JSONValue) -> Double? { if case .number(let n) = value { n } else { nil } }

    private static func object(_ value: JSONValue?) -> [String: JSONValue] { if case .object(let o)? = value { o } else { [:] } }

    /// A value as text: numbers without a needless ".0", strings bare, the rest as JSON.
    private static func plain(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: "-"
        case .string(let s)?: s
        case .bool(let b)?: b ? "yes" : "no"
        case .number(let n)?: n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(format: "%.2f", n)
        case .array(let items)?: items.map { plain($0) }.joined(separator: ", ")
        case .object?: value!.encoded()
        }
    }

    /// Rows as columns two spaces apart.
    private static func aligned(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            String(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }
}
