import Foundation
import SegueIPC
import Synchronization
import XCTest

/// `segue msg events` from a real compositor: what a script following the
/// desktop hears as two clients open and one is switched to.
final class EventTests: XCTestCase {
    func testOpeningAndSwitchingAreHeardInOrder() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        let heard = compositor.listen()
        try compositor.openOneAndTwo()
        XCTAssertTrue(try compositor.send(.switchWindow(target: .window(id: 1), effect: "crossfade", wait: true)).ok)
        XCTAssertTrue(compositor.waitUntil { heard.events.withLock { $0.filter { $0["event"] == "transition_finished" }.count == 3 } })
        let names = heard.events.withLock { $0.map { $0["event"] } }
        XCTAssertEqual(names, ["window_opened", "window_shown", "transition_started", "transition_finished",
                               "window_opened", "window_shown", "transition_started", "transition_finished",
                               "window_shown", "transition_started", "transition_finished"].map(JSONValue.string))
        let last = try XCTUnwrap(heard.events.withLock { $0.last })
        XCTAssertEqual(last["effect"], "crossfade")
        XCTAssertEqual(last["kind"], "switch")
        XCTAssertEqual(last["outcome"], "finished")
        XCTAssertNotNil(last["missed_refreshes"])
    }

    /// A switch a hand drives goes the one way every switch goes: it is
    /// announced, finished and logged as `msg switch`'s is.
    func testAGestureSwitchIsHeardAndLoggedAsMsgSwitchIs() throws {
        let compositor = try CompositorUnderTest()
        try compositor.openOneAndTwo()
        let heard = compositor.listen()
        XCTAssertTrue(try compositor.send(.gesture(.begin(.window(id: 1)))).ok)
        XCTAssertTrue(try compositor.send(.gesture(.update(0.6))).ok)
        XCTAssertEqual(try compositor.send(.gesture(.end(velocity: 5))).payload["outcome"], .string("finished"))
        XCTAssertTrue(try compositor.send(.switchWindow(target: .window(id: 2), effect: nil, wait: true)).ok)
        XCTAssertTrue(compositor.waitUntil { heard.events.withLock { $0.filter { $0["event"] == "transition_finished" }.count == 2 } })
        let events = heard.events.withLock { $0 }
        let started = events.filter { $0["event"] == "transition_started" }, finished = events.filter { $0["event"] == "transition_finished" }
        XCTAssertEqual(started.count, 2, "the gesture's switch is announced as msg switch's: \(events)")
        XCTAssertEqual(started.map { $0["kind"] }, ["switch", "switch"])
        XCTAssertEqual(started.map { $0["from"] }, [.number(2), .number(1)])
        XCTAssertEqual(started.map { $0["to"] }, [.number(1), .number(2)])
        XCTAssertEqual(started.first.map { Set($0.keys) }, started.last.map { Set($0.keys) })
        XCTAssertEqual(started.first?["effect"], started.last?["effect"])
        XCTAssertEqual(started.first?["rule"], started.last?["rule"])
        XCTAssertEqual(finished.map { $0["kind"] }, ["switch", "switch"])
        XCTAssertEqual(finished.first.map { Set($0.keys) }, finished.last.map { Set($0.keys) })
        XCTAssertEqual(events.filter { $0["event"] == "window_shown" }.map { $0["window"] }, [.number(1), .number(2)])
        compositor.stop()
        let logged = compositor.log.split(separator: "\n").filter { $0.contains("] transition ") && $0.contains(" switch ") }
        XCTAssertEqual(logged.count, 2, "each switch logs its completion: \(logged)")
    }
}

extension EventTests {
    /// `segue msg switcher open`, `next`, `commit` through the real binary: open
    /// selects the second most recent window, as a first Alt+Tab does, next the
    /// third, and the commit plays exactly one switch, to it.
    func testTheSwitcherThroughMsgPlaysOneSwitchToTheThirdMostRecentWindow() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        for (index, (label, colour)) in [("ONE", "2563eb"), ("TWO", "ea580c"), ("THREE", "16a34a"), ("FOUR", "9333ea")].enumerated() {
            try compositor.launch("segue-sample-client", ["--label", label, "--color", colour])
            _ = try compositor.waitForWindows(index + 1)
        }
        XCTAssertTrue(compositor.waitUntil { (try? compositor.send(.windows).payload["animating"]) == .bool(false) })
        let heard = compositor.listen()
        func msg(_ arguments: [String]) throws -> String {
            let result = try compositor.msg(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        XCTAssertEqual(try msg(["switcher", "open"]), "window 3 selected\n")
        // Held long enough for the overlay to show and its cards to come in.
        usleep(400_000)
        XCTAssertEqual(try msg(["switcher", "next"]), "window 2 selected\n")
        XCTAssertEqual(try msg(["switcher", "commit"]), "switching to window 2\n")
        XCTAssertTrue(compositor.waitUntil { heard.events.withLock { $0.contains { $0["event"] == "transition_finished" } } })
        usleep(200_000)
        let events = heard.events.withLock { $0 }
        XCTAssertEqual(events.compactMap { if case .string(let name)? = $0["event"] { name } else { nil } }.filter { $0.hasPrefix("switcher") || $0.hasPrefix("transition") },
                       ["switcher_opened", "switcher_selected", "switcher_selected", "switcher_closed", "transition_started", "transition_finished"])
        let started = try XCTUnwrap(events.first { $0["event"] == "transition_started" })
        XCTAssertEqual(started["kind"], "switch")
        XCTAssertEqual(started["from"], .number(4))
        XCTAssertEqual(started["to"], .number(2))
        let closed = try XCTUnwrap(events.first { $0["event"] == "switcher_closed" })
        XCTAssertEqual(closed["outcome"], "committed")
        guard case .number(let frames)? = closed["frames"], case .number? = closed["missed_refreshes"], case .number? = closed["late_frames"] else {
            return XCTFail("the overlay's frames counted: \(closed)")
        }
        XCTAssertGreaterThanOrEqual(frames, 7, "the cards' 120 ms coming in, a frame a refresh")
        XCTAssertEqual(try compositor.windows().first?["id"], .number(2))
        XCTAssertNotEqual(try compositor.msg(["switcher", "commit"]).status, 0, "let go already")
    }
}
