import Foundation
import SegueImaging
import SegueIPC

/// The demo's results: a contact sheet per effect from its recorded frames,
/// one for the switch driven by hand (`gesture-EFFECT.png`), one for the
/// switcher's (`switcher-EFFECT.png`, its overlay first), one for a restore
/// (`restore-EFFECT.png`), one for the workspace switch
/// (`workspace-EFFECT.png`), one for each layer surface's opening and closing
/// (`NAMESPACE-open.png`, `-close`), and a summary table.
struct DemoReport {
    let table: String

    init(transitions: [JSONValue], layerMotions: [[String: JSONValue]], gestureID: Int?, switcherID: Int?, overlay: URL, frames: URL, out: URL) throws {
        var lines = ["| effect | event | outcome | frames | late frames | missed refreshes | median frame ms | scale min / median |",
                     "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
        var sheets: [String: URL] = [:]
        for case .object(let t) in transitions {
            guard case .string(let effect)? = t["effect"], case .number(let id)? = t["id"] else { continue }
            let event = t["event"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "?"
            let outcome = t["outcome"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "?"
            let median = t["median_frame_ms"].flatMap { if case .number(let n) = $0 { String(format: "%.1f", n) } else { nil } } ?? "-"
            let byHand = Int(id) == gestureID, bySwitcher = Int(id) == switcherID
            lines.append("| \(effect) | \(event)\(byHand ? " by hand" : bySwitcher ? " from the switcher" : "") | \(outcome) | \(Self.integer(t["frames"])) | \(Self.integer(t["late_frames"])) | \(Self.integer(t["missed_refreshes"])) | \(median) | \(Self.scale(t["min_scale"])) / \(Self.scale(t["median_scale"])) |")
            // The last transition of each effect is the one between the two clients.
            let name = byHand ? "gesture-\(effect)" : bySwitcher ? "switcher-\(effect)"
                : ["restore", "workspace"].contains(event) ? "\(event)-\(effect)" : effect
            sheets[name] = frames.appendingPathComponent(String(format: "%03d-%@", Int(id), effect))
        }
        lines += try Self.layerRows(layerMotions, frames: frames, sheets: &sheets)
        for (effect, folder) in sheets {
            let first = effect.hasPrefix("switcher-") ? try? PNG.read(path: overlay.path) : nil
            try Self.contactSheet(effect: effect, folder: folder, first: first, to: out.appendingPathComponent("\(effect).png"))
        }
        table = lines.joined(separator: "\n")
        try (table + "\n").write(to: out.appendingPathComponent("summary.md"), atomically: true, encoding: .utf8)
    }

    /// A row for each layer surface's motion, in the order they finished, and
    /// its recorded frames' folder (`layer-ID-NAMESPACE-KIND-MOTION`) as `NAMESPACE-KIND`'s sheet.
    private static func layerRows(_ motions: [[String: JSONValue]], frames: URL, sheets: inout [String: URL]) throws -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: frames.path))?.filter { $0.hasPrefix("layer-") }.sorted() ?? []
        return motions.map { motion in
            let text = { (key: String) in motion[key].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "?" }
            let namespace = text("namespace"), kind = text("kind").split(separator: "-").last.map(String.init) ?? "?"
            if let folder = folders.last(where: { $0.hasSuffix("-\(namespace)-\(kind)-\(text("effect"))") }) {
                sheets["\(namespace)-\(kind)"] = frames.appendingPathComponent(folder)
            }
            let outcome = text("outcome") == "completed" ? "finished" : text("outcome")
            return "| \(text("effect")) | \(namespace) \(kind) | \(outcome) | \(integer(motion["frames"])) | - | \(integer(motion["missed_refreshes"])) | - | - |"
        }
    }

    private static func scale(_ value: JSONValue?) -> String {
        if case .number(let n)? = value { return String(format: "%.2f", n) }
        return "-"
    }

    private static func integer(_ value: JSONValue?) -> String {
        if case .number(let n)? = value { return String(Int(n)) }
        return "-"
    }

    /// At most 12 frames, evenly spread, first and last included, after `first` (what showed before them) if given.
    private static func contactSheet(effect: String, folder: URL, first: RGBAImage?, to file: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
            .filter { $0.hasSuffix(".png") }.sorted() ?? []
        guard !names.isEmpty else { return }
        let count = min(first == nil ? 12 : 11, names.count)
        let picks = (0..<count).map { count == 1 ? 0 : $0 * (names.count - 1) / (count - 1) }
        let frames = try picks.map { i in
            (image: try PNG.read(path: folder.appendingPathComponent(names[i]).path), label: "frame \(i + 1)/\(names.count)")
        }
        try PNG.write(ContactSheet(title: effect).render(frames: (first.map { [($0, "held")] } ?? []) + frames), to: file.path)
    }
}
