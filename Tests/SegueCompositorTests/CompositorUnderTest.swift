import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// A real `segue run` on a private runtime folder and socket, with helpers to
/// start real clients against it and to ask it things over IPC.
final class CompositorUnderTest {
    /// A compositor Segue runs nested inside: its runtime folder and socket name.
    typealias Parent = (runtime: URL, socket: String)

    let runtime: URL
    let socket: String
    let process: Process
    let ipc: IPCClient
    private var clients: [Process] = []
    /// Its stderr, a file: a pipe nobody reads until the end would fill and block its logging.
    private let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("segue-log-\(UUID().uuidString.prefix(8))")
    private let ownsRuntime: Bool

    /// Build products sit beside the test executable.
    static let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

    /// Starts `segue run`, headless, or with `parent` nested inside that compositor
    /// (sharing its runtime folder), with `environment` added to the test's own;
    /// in `runtime`, a runtime folder the test made and keeps, where given.
    init(size: String = "640x360", arguments: [String] = [], parent: Parent? = nil, runtime given: URL? = nil,
         environment extra: [String: String] = [:]) throws {
        if let folder = parent?.runtime ?? given {
            runtime = folder
        } else {
            runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        ownsRuntime = parent == nil && given == nil
        socket = "wayland-segue-test"
        process = Process()
        process.executableURL = Self.buildFolder.appendingPathComponent("segue")
        process.arguments = ["run", "--socket", socket, "--size", size] + (parent == nil ? [] : ["--backend", "wayland"]) + arguments
        process.environment = Self.environment(runtime: runtime, display: parent?.socket).merging(extra) { $1 }
        let stdout = Pipe()
        process.standardOutput = stdout
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        // The compositor prints WAYLAND_DISPLAY=... once it accepts clients.
        var output = Data()
        while !String(decoding: output, as: UTF8.self).contains("\n") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty {
                process.waitUntilExit()
                let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
                try skipIfNestedEGLCannotReachTheParent(log)
                try skipIfEGLIsMissing(log)
                throw CompositorTestError("segue run exited before it was ready: \(log)")
            }
            output += chunk
        }
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "WAYLAND_DISPLAY=\(socket)\n")
        ipc = try IPCClient(path: runtime.appendingPathComponent("segue-\(socket).sock").path)
    }

    /// Stops every client, then the compositor; returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        for client in clients where client.isRunning {
            client.terminate()
            client.waitUntilExit()
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        if ownsRuntime { try? FileManager.default.removeItem(at: runtime) }
        return process.terminationStatus
    }

    var isRunning: Bool { process.isRunning }

    /// What the compositor wrote to stderr, once it has stopped.
    var log: String {
        guard !process.isRunning else { return "" }
        return (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    deinit { try? FileManager.default.removeItem(at: logFile) }

    /// Starts a client program connected to this compositor: an absolute
    /// path, one of Segue's own programs, or an installed one.
    @discardableResult
    func launch(_ executable: String, _ arguments: [String] = [], environment extra: [String: String] = [:],
                output: FileHandle? = nil, errors: FileHandle? = nil) throws -> Process {
        let client = Process()
        let built = Self.buildFolder.appendingPathComponent(executable).path
        client.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable
                                   : FileManager.default.isExecutableFile(atPath: built) ? built : try installedProgram(executable))
        client.arguments = arguments
        client.environment = Self.environment(runtime: runtime, display: socket).merging(extra) { $1 }
        client.standardOutput = output ?? FileHandle.nullDevice
        client.standardError = errors ?? FileHandle.nullDevice
        try client.run()
        clients.append(client)
        return client
    }

    /// Runs an installed client program connected to this compositor to its
    /// end: what it printed on stdout; its failure, with what it said, throws.
    func run(_ program: String, _ arguments: [String] = []) throws -> String {
        let ran = try Self.runToEnd(URL(fileURLWithPath: try installedProgram(program)), arguments, environment: clientEnvironment)
        guard ran.status == 0 else {
            throw CompositorTestError("\(program) \(arguments.joined(separator: " ")) exited \(ran.status): \(ran.stderr)")
        }
        return ran.stdout
    }

    /// The environment a client of this compositor runs in.
    var clientEnvironment: [String: String] { Self.environment(runtime: runtime, display: socket) }

    /// `segue msg ARGUMENTS` against this compositor, through the real binary.
    func msg(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Self.runToEnd(Self.buildFolder.appendingPathComponent("segue"),
                          ["msg"] + arguments + ["--socket", runtime.appendingPathComponent("segue-\(socket).sock").path])
    }

    /// Runs `executable` to its end: its status and what it printed on stdout and stderr.
    private static func runToEnd(_ executable: URL, _ arguments: [String],
                                 environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func send(_ request: IPCRequest) throws -> IPCReply {
        try ipc.send(request)
    }

    func windows() throws -> [[String: JSONValue]] {
        let reply = try send(.windows)
        guard case .array(let list)? = reply.payload["windows"] else { return [] }
        return list.compactMap { if case .object(let w) = $0 { w } else { nil } }
    }

    /// The transitions played so far, oldest first, as the transitions reply lists them.
    func transitions() throws -> [[String: JSONValue]] {
        let reply = try send(.transitions)
        guard case .array(let list)? = reply.payload["transitions"] else { return [] }
        return list.compactMap { if case .object(let t) = $0 { t } else { nil } }
    }

    /// The output, as the outputs reply describes it.
    func output() throws -> [String: JSONValue] {
        let reply = try send(.outputs)
        guard case .array(let outputs)? = reply.payload["outputs"], case .object(let output)? = outputs.first else {
            throw CompositorTestError("the outputs reply lists no output: \(reply)")
        }
        return output
    }

    /// Asks `condition` until it holds or `timeout` passes; whether it held.
    func waitUntil(timeout: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    /// Waits until nothing animates and the frame after the last transition
    /// frame has been drawn: that frame holds the transition's screens until
    /// then. A finished transition asks for the next frame at once, so a frame
    /// drawn after nothing was seen animating, or none for `quiet` seconds, is it.
    func waitUntilSettled(quiet: TimeInterval = 0.1, timeout: TimeInterval = 10) throws -> Bool {
        var idleFrom: (frames: Double, at: Date)?
        return try waitUntil(timeout: timeout) {
            let output = try output()
            guard output["animating"] == .bool(false), case .number(let drawn)? = output["frames_drawn"] else {
                idleFrom = nil
                return false
            }
            guard let from = idleFrom else {
                idleFrom = (drawn, Date())
                return false
            }
            return drawn > from.frames || Date().timeIntervalSince(from.at) >= quiet
        }
    }

    /// Waits until `count` windows are open and nothing animates.
    func waitForWindows(_ count: Int, timeout: TimeInterval = 20) throws -> [[String: JSONValue]] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let reply = try send(.windows)
            if case .array(let list)? = reply.payload["windows"], list.count == count,
               reply.payload["animating"] == .bool(false) {
                return try windows()
            }
            usleep(20_000)
        }
        throw CompositorTestError("timed out waiting for \(count) window(s); have \(try windows())")
    }

    /// Two sample clients, ONE (blue) then TWO (orange), each mapped before the
    /// next starts; TWO is shown. Returns the windows, front to back.
    @discardableResult
    func openOneAndTwo() throws -> [[String: JSONValue]] {
        try launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try waitForWindows(1)
        try launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        return try waitForWindows(2)
    }

    func screenshot() throws -> RGBAImage {
        let path = runtime.appendingPathComponent("shot-\(UUID().uuidString).png").path
        let reply = try send(.screenshot(path: path))
        guard reply.ok else { throw CompositorTestError(reply.error ?? "screenshot failed") }
        return try PNG.read(path: path)
    }

    static func environment(runtime: URL, display: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["WAYLAND_DISPLAY"] = display
        environment.removeValue(forKey: "DISPLAY")
        return environment
    }

    static func which(_ program: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(program)") {
            return "\(dir)/\(program)"
        }
        return nil
    }
}

struct CompositorTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
