import SegueIPC
@testable import SegueShell
import XCTest

/// `segue msg config` gives scripts the config in force as JSON values of
/// their own kinds, not Swift's debug text: an effect by name, a duration in
/// milliseconds, the curve, parameters as numbers and arrays; a rule's match
/// keys and the keys it sets.
final class ConfigJSONTests: XCTestCase {
    func testTheConfigInForceIsStructured() throws {
        let server = try InProcessCompositor(placement: .stacked, config: """
            [transitions.switch]
            effect = "doom-melt"
            duration = "600ms"
            easing = "linear"
            column-width = 4

            [[rules]]
            to-app-id = "foot"
            event = "open"
            effect = "random"
            choices = ["slide", "crossfade"]

            [[rules]]
            namespace = "launcher"
            effect = "slide"

            [transitions.resize]
            spring = { damping = 0.8, duration = "400ms" }
            wait = "100ms"
            """)
        defer { server.stop() }
        var reply: IPCReply?
        server.compositor.control.answer(.config) { reply = $0 }
        let payload = try XCTUnwrap(reply).payload
        guard case .object(let transitions)? = payload["transitions"], case .object(let switched)? = transitions["switch"] else {
            return XCTFail("\(payload)")
        }
        XCTAssertEqual(switched["effect"], "doom-melt")
        XCTAssertEqual(switched["duration_ms"], .number(600))
        XCTAssertEqual(switched["curve"], "linear")
        XCTAssertEqual(switched["parameters"], .object(["column-width": .number(4)]))
        XCTAssertEqual(switched["direction"], "forward")
        XCTAssertEqual(switched["from"], "[transitions.switch]")
        guard case .array(let rules)? = payload["rules"], case .object(let rule)? = rules.first else { return XCTFail("\(payload)") }
        XCTAssertEqual(rule["when"], .object(["to-app-id": "foot", "event": "open"]))
        XCTAssertEqual(rule["sets"], .object(["effect": "random", "choices": .array(["slide", "crossfade"])]))
        guard case .object(let switcher)? = payload["switcher"] else { return XCTFail("\(payload)") }
        XCTAssertEqual(switcher["next"], .array(["Alt+Tab", "Super+Tab"]))
        XCTAssertEqual(switcher["open_delay_ms"], .number(150))
        XCTAssertEqual(switcher["highlight"], "#3584e4")
        XCTAssertEqual(switcher["filter"], "all")
        XCTAssertEqual(payload["layers"], .object(["effect": "popin", "duration_ms": .number(200), "curve": "ease-out",
                                                   "popup_duration_ms": .number(120),
                                                   "rules": .array([.object(["namespace": "launcher", "effect": "slide"])])]))
        guard case .object(let resize)? = payload["resize"] else { return XCTFail("\(payload)") }
        XCTAssertEqual(resize["effect"], "crossfade")
        XCTAssertEqual(resize["duration_ms"], .number(400), "a spring's settle time")
        XCTAssertEqual(resize["wait_ms"], .number(100))
        guard case .string(let curve)? = resize["curve"] else { return XCTFail("\(resize)") }
        XCTAssertTrue(curve.hasPrefix("spring(damping: 0.8"), curve)
    }
}
