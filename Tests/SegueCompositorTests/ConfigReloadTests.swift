import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// The running compositor follows its config file: rules pick effects, user
/// shaders render, and reloads apply good files and reject bad ones.
final class ConfigReloadTests: XCTestCase {
    private var folder: URL!
    private var config: URL!
    private var compositor: CompositorUnderTest!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        config = folder.appendingPathComponent("config.toml")
        // A user effect that paints the screen magenta mid-way, chosen by a rule.
        try """
            vec4 transition(vec2 uv) {
              if (progress <= 0.0) return getFromColor(uv);
              if (progress >= 1.0) return getToColor(uv);
              return vec4(1.0, 0.0, 1.0, 1.0);
            }
            """.write(to: folder.appendingPathComponent("magenta.glsl"), atomically: true, encoding: .utf8)
        try write("""
            [transitions.open]
            effect = "none"

            [transitions.switch]
            effect = "crossfade"

            [effects.magenta]
            shader = "magenta.glsl"
            duration = "1.5s"

            [[rules]]
            to-title = "ONE"
            event = "switch"
            effect = "magenta"
            """)
        compositor = try CompositorUnderTest(arguments: ["--config", config.path])
        try compositor.openOneAndTwo()
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String) throws {
        try text.write(to: config, atomically: true, encoding: .utf8)
    }

    private func string(_ value: JSONValue?) -> String? { if case .string(let s)? = value { s } else { nil } }

    /// A refusal's problems, one line each.
    private func problems(_ reply: IPCReply) -> [String] {
        guard case .array(let list)? = reply.payload["problems"] else { return [] }
        return list.compactMap(string)
    }

    /// `segue msg reload` and `msg set` name each problem once, where it is:
    /// the file's line for the file, `set:` for the value given.
    func testMsgReloadAndSetPrintEachProblemOnceWhereItIs() throws {
        try write("[transitions.switch]\neffect = \"crossfade\"\nduraton = \"1s\"\n\n[accessibility]\nreduce-motion = \"no\"\n")
        let reload = try compositor.msg(["reload"])
        XCTAssertNotEqual(reload.status, 0)
        let lines = reload.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "Error: config \(config.path) rejected; the config in force stays",
            "\(config.path):3:1: unknown key 'duraton' in [transitions.switch]; did you mean 'duration'?",
            "\(config.path):6:17: 'reduce-motion' must be true or false, not a string",
        ])

        try write("[accessibility]\nreduce-motion = false\n")
        XCTAssertEqual(try compositor.msg(["reload"]).status, 0)
        let set = try compositor.msg(["set", "accessibility.reduce-motion", "yes"])
        XCTAssertNotEqual(set.status, 0)
        XCTAssertEqual(set.stderr.split(separator: "\n").map(String.init), [
            "Error: accessibility.reduce-motion = yes was not applied; the config in force stays",
            "set: 'reduce-motion' must be true or false, not a string",
        ], "the value given, not the file's line 2")
    }

    func testARuleChoosesAUserShaderThatRendersAndTheReplyNamesTheRule() throws {
        XCTAssertTrue(try compositor.send(.switchWindow(target: .prev, effect: nil, wait: false)).ok)
        usleep(500_000)
        XCTAssertEqual(try compositor.screenshot()[100, 100], RGBA(255, 0, 255), "the user shader draws mid-way")
        let windows = try compositor.waitForWindows(2)
        XCTAssertEqual(windows.first { $0["shown"] == .bool(true) }?["title"], .string("ONE"))
        let reply = try compositor.send(.transitions)
        guard case .array(let list)? = reply.payload["transitions"], case .object(let last)? = list.last else {
            return XCTFail("\(reply)")
        }
        XCTAssertEqual(string(last["effect"]), "magenta")
        XCTAssertEqual(string(last["outcome"]), "finished")
        XCTAssertTrue(string(last["rule"])?.hasPrefix("rule 1") == true, "\(last)")
        // Back to TWO: no rule matches, the event's crossfade plays.
        let back = try compositor.send(.switchWindow(target: .next, effect: nil, wait: true))
        XCTAssertEqual(string(back.payload["effect"]), "crossfade")
        XCTAssertEqual(string(back.payload["rule"]), "[transitions.switch]")
    }

    func testABadFileIsRejectedWithItsLineAndTheRunningTransitionAndOldConfigStay() throws {
        XCTAssertTrue(try compositor.send(.switchWindow(target: .prev, effect: "doom-melt", wait: false)).ok)
        try write("[transitions.switch]\neffect = \"crossfade\"\nduraton = \"1s\"\n")
        let reply = try compositor.send(.reload)
        XCTAssertFalse(reply.ok)
        XCTAssertTrue(problems(reply).contains { $0.hasSuffix("config.toml:3:1: unknown key 'duraton' in [transitions.switch]; did you mean 'duration'?") },
                      "\(reply)")
        // The melt in flight is not disturbed, and the old rules still apply.
        let windows = try compositor.waitForWindows(2)
        XCTAssertEqual(windows.first { $0["shown"] == .bool(true) }?["title"], .string("ONE"))
        let history = try compositor.send(.transitions)
        guard case .array(let list)? = history.payload["transitions"], case .object(let melt)? = list.last else {
            return XCTFail("\(history)")
        }
        XCTAssertEqual(string(melt["effect"]), "doom-melt")
        XCTAssertEqual(string(melt["outcome"]), "finished")
        let next = try compositor.send(.switchWindow(target: .next, effect: nil, wait: true))
        XCTAssertEqual(string(next.payload["effect"]), "crossfade")
    }

    /// A shader that never finishes is drawn in a child process first, so the
    /// reload is refused with its reason and Segue goes on with the old config.
    func testAnEndlessShaderIsRefusedAndSegueGoesOn() throws {
        try """
            vec4 transition(vec2 uv) {
              float acc = 0.0;
              for (float i = 0.0; i < 1e9; i += 1.0) { acc += sin(acc + uv.x); }
              return mix(getFromColor(uv), getToColor(uv), fract(acc));
            }
            """.write(to: folder.appendingPathComponent("endless.glsl"), atomically: true, encoding: .utf8)
        try write("[effects.endless]\nshader = \"endless.glsl\"\n[transitions.switch]\neffect = \"endless\"\n")
        let reply = try compositor.send(.reload)
        XCTAssertFalse(reply.ok)
        XCTAssertTrue(problems(reply).contains { $0.contains("endless.glsl:1:1: ") && $0.contains("an endless loop?") }, "\(reply)")
        let next = try compositor.send(.switchWindow(target: .prev, effect: nil, wait: true))
        XCTAssertTrue(next.ok, next.error ?? "")
        XCTAssertNotEqual(string(next.payload["effect"]), "endless")
    }

    /// The shader file the config names is watched like the config: saving it
    /// reloads, and the next transition draws what it says now.
    func testEditingAShaderTheConfigNamesReloadsIt() throws {
        try """
            vec4 transition(vec2 uv) {
              if (progress <= 0.0) return getFromColor(uv);
              if (progress >= 1.0) return getToColor(uv);
              return vec4(0.0, 1.0, 1.0, 1.0);
            }
            """.write(to: folder.appendingPathComponent("magenta.glsl"), atomically: true, encoding: .utf8)
        // The reload is seen as the next switch drawing cyan mid-way.
        let deadline = Date().addingTimeInterval(10)
        var drawn = RGBA(0, 0, 0)
        repeat {
            _ = try compositor.waitForWindows(2)
            XCTAssertTrue(try compositor.send(.switchWindow(target: .window(id: 1), effect: "magenta", wait: false)).ok)
            usleep(500_000)
            drawn = try compositor.screenshot()[100, 100]
            _ = try compositor.waitForWindows(2)
            _ = try compositor.send(.switchWindow(target: .window(id: 2), effect: "crossfade", wait: true))
        } while drawn != RGBA(0, 255, 255) && Date() < deadline
        XCTAssertEqual(drawn, RGBA(0, 255, 255), "the edited shader draws")
    }

    /// The switch effect the config in force names, as `segue msg config` says it.
    private func switchEffect() throws -> String? {
        guard case .object(let transitions)? = try compositor.send(.config).payload["transitions"],
              case .object(let switched)? = transitions["switch"] else { return nil }
        return string(switched["effect"])
    }

    /// Whether the compositor has a `segue probe-shader` child running now.
    private func probing() -> Bool {
        let parent = "\(compositor.process.processIdentifier)"
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.contains { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 1,
                  fields[1] == parent else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).contains("probe-shader")
        }
    }

    /// A save made while the last save's new shader is still being checked
    /// is read once that check is done: the file's latest content is in force.
    func testASaveMadeWhileTheLastSavesShaderIsCheckedIsTheOneThatHolds() throws {
        let base = try String(contentsOf: config, encoding: .utf8)
        try """
            vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress * 0.5 + 0.5 * progress); }
            """.write(to: folder.appendingPathComponent("s1.glsl"), atomically: true, encoding: .utf8)
        try write(base + "\n[effects.s1]\nshader = \"s1.glsl\"\n")
        let deadline = Date().addingTimeInterval(5)
        while !probing() && Date() < deadline { usleep(1_000) }
        // Switch to s1, saved while its first save's check runs (or just after, on a quick machine).
        try write(base.replacingOccurrences(of: "effect = \"crossfade\"", with: "effect = \"s1\"")
                  + "\n[effects.s1]\nshader = \"s1.glsl\"\n")
        let held = try compositor.waitUntil(timeout: 10) { try switchEffect() == "s1" }
        let effect = try switchEffect()
        XCTAssertTrue(held, "the second save is in force: \(effect ?? "nil")")
    }

    func testAGoodFileAppliesFromTheNextTransitionWhenAnEditorReplacesIt() throws {
        XCTAssertTrue(try compositor.send(.switchWindow(target: .prev, effect: "doom-melt", wait: false)).ok)
        // Editors write a new file and rename it over the old one.
        let replacement = folder.appendingPathComponent(".config.toml.swp")
        try "[transitions.switch]\neffect = \"slide\"\n".write(to: replacement, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(replacement.path, config.path), 0)
        let deadline = Date().addingTimeInterval(5)
        var plays = ""
        while Date() < deadline {
            let reply = try compositor.send(.config)
            if case .object(let transitions)? = reply.payload["transitions"], case .object(let sw)? = transitions["switch"],
               case .string(let text)? = sw["effect"] {
                plays = text
                if plays == "slide" { break }
            }
            usleep(50_000)
        }
        XCTAssertTrue(plays.contains("slide"), "the watcher reloaded the file: \(plays)")
        // The melt that was playing finishes as it started.
        _ = try compositor.waitForWindows(2)
        let history = try compositor.send(.transitions)
        guard case .array(let list)? = history.payload["transitions"], case .object(let melt)? = list.last else {
            return XCTFail("\(history)")
        }
        XCTAssertEqual(string(melt["effect"]), "doom-melt")
        XCTAssertEqual(string(melt["outcome"]), "finished")
        let reply = try compositor.send(.switchWindow(target: .next, effect: nil, wait: true))
        XCTAssertEqual(string(reply.payload["effect"]), "slide")
    }
}
