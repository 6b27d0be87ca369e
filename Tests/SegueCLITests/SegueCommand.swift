import Foundation
import XCTest

/// Runs the built `segue` executable, as a person would from a shell.
struct SegueCommand {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// `segue` sits beside the test executable in SwiftPM's build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("segue")
    }

    /// `segue ARGUMENTS`; with `byNameIn`, started by name from PATH (as
    /// `segue`, no folder in its argv[0]) in that working folder.
    static func run(_ arguments: [String], byNameIn folder: URL? = nil) throws -> Result {
        let process = Process()
        if let folder {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["segue"] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            process.currentDirectoryURL = folder
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A fresh folder per test, removed afterwards.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
