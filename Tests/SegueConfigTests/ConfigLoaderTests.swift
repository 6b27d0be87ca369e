import Foundation
import SegueConfig
import XCTest

/// Reading the file itself, and where it is looked for.
final class ConfigLoaderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try ConfigFixture.temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func problems(at path: String) -> [String] {
        guard case .failure(let errors) = ConfigLoader.load(path: path, builtins: ConfigFixture.builtins,
                                                            checkShader: { _ in [] }) else { return [] }
        return errors.diagnostics.map(\.description)
    }

    func testLoadReadsTheFileAndRemembersItsPath() throws {
        let path = folder.appendingPathComponent("config.toml").path
        try "[accessibility]\nreduce-motion = true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let config = try ConfigLoader.load(path: path, builtins: ConfigFixture.builtins, checkShader: { _ in [] }).get()
        XCTAssertEqual(config.path, path)
        XCTAssertTrue(config.reduceMotion)
    }

    func testMissingAndUnreadableFilesAreOneDiagnostic() {
        let missing = folder.appendingPathComponent("nope.toml").path
        XCTAssertEqual(problems(at: missing), ["\(missing):1:1: cannot open: No such file or directory"])
        XCTAssertEqual(problems(at: folder.path), ["\(folder.path):1:1: cannot read: Is a directory"])
    }

    func testBytesThatAreNotUTF8AreReportedWhereTheyStart() throws {
        let path = folder.appendingPathComponent("binary.toml").path
        try Data("[output]\nsize = \"é".utf8 + [0xff, 0xfe] + Array("\"\n".utf8)).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(problems(at: path), ["\(path):2:10: not UTF-8 text (a binary file?)"])
    }

    func testAHugeFileIsRefusedWithoutReadingItAll() throws {
        let path = folder.appendingPathComponent("huge.toml").path
        try Data(repeating: 0x23, count: 2 * 1024 * 1024).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(problems(at: path), ["\(path):1:1: larger than 1024 KiB; not a config file"])
    }

    func testDefaultPathPrefersXDGConfigHomeThenHomeAndNeedsTheFile() throws {
        let xdg = folder.appendingPathComponent("xdg"), home = folder.appendingPathComponent("home")
        let environment = ["XDG_CONFIG_HOME": xdg.path, "HOME": home.path]
        XCTAssertNil(ConfigLoader.defaultPath(environment: environment))

        let inHome = home.appendingPathComponent(".config/segue/config.toml")
        try FileManager.default.createDirectory(at: inHome.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "".write(to: inHome, atomically: true, encoding: .utf8)
        XCTAssertEqual(ConfigLoader.defaultPath(environment: environment), inHome.path)

        let inXDG = xdg.appendingPathComponent("segue/config.toml")
        try FileManager.default.createDirectory(at: inXDG.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "".write(to: inXDG, atomically: true, encoding: .utf8)
        XCTAssertEqual(ConfigLoader.defaultPath(environment: environment), inXDG.path)
        XCTAssertEqual(ConfigLoader.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": home.path]), inHome.path)
        XCTAssertNil(ConfigLoader.defaultPath(environment: [:]))
    }
}
