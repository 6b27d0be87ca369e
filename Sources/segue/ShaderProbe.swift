import Foundation
import SegueEngine

/// Runs a user shader's first frames in a child process (`segue probe-shader`)
/// with a time limit. A GPU cannot be interrupted mid-draw: a shader that never
/// finishes would hang whoever draws it. llvmpipe stops any loop after 65535
/// turns, so there an endless loop shows as a frame that would take minutes at
/// the output's size. Problems come back as `file:line:col: message` lines,
/// like a compiler's.
enum ShaderProbe {
    static let timeLimit: TimeInterval = 5
    static let size = (width: 64, height: 36)
    /// A frame slower than this at 1920×1080 would freeze the output.
    static let slowestFrame: Double = 10
    /// Files (path, modification time, size) that drew in time: a config reload
    /// that leaves a shader alone does not spawn a probe for it again.
    nonisolated(unsafe) private static var passed: Set<String> = []
    private static let lock = NSLock()

    static func problems(_ effect: EffectDescriptor) -> [String] {
        guard effect.origin == .userShader, let stamp = stamp(effect.source.path) else { return [] }
        if lock.withLock({ passed.contains(stamp) }) { return [] }
        let found = run(effect)
        if found.isEmpty { lock.withLock { _ = passed.insert(stamp) } }
        return found
    }

    private static func stamp(_ path: String) -> String? {
        guard let info = try? FileManager.default.attributesOfItem(atPath: path),
              let modified = info[.modificationDate] as? Date, let size = info[.size] as? Int else { return nil }
        return "\(path)|\(modified.timeIntervalSince1970)|\(size)"
    }

    private static func run(_ effect: EffectDescriptor) -> [String] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["probe-shader", effect.source.path]
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in done.signal() }
        do { try child.run() } catch { return [] }
        guard done.wait(timeout: .now() + timeLimit) == .success else {
            kill(child.processIdentifier, SIGKILL)
            done.wait()
            return ["\(effect.source.path):1:1: does not finish drawing a \(size.width)x\(size.height) frame in \(Int(timeLimit)) s; an endless loop?"]
        }
        if child.terminationReason == .uncaughtSignal {
            return ["\(effect.source.path):1:1: the GL driver crashed drawing it (signal \(child.terminationStatus))"]
        }
        // A failure to compile or to start EGL is the in-process check's to report.
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard child.terminationStatus == 0, let milliseconds = Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return []
        }
        let seconds = milliseconds / 1000 * (1920 * 1080) / Double(size.width * size.height)
        guard seconds <= slowestFrame else {
            return ["\(effect.source.path):1:1: would take about \(Int(seconds)) s to draw a 1920x1080 frame; an endless loop?"]
        }
        return []
    }
}
