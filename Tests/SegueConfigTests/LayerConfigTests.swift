import SegueConfig
import SegueEngine
import XCTest

/// `[layers]` and rules by `namespace`: what layer surfaces come and go
/// with, the built-in choices for notifications, bars and the rest, and
/// each mistake reported where the file makes it.
final class LayerConfigTests: XCTestCase {
    func testLaunchersPopInNotificationsSlideAndBarsAndBackgroundsAppearAtOnce() throws {
        let layers = try ConfigFixture.config("").layers
        XCTAssertEqual(layers.choice(namespace: "launcher", isBarOrBackground: false).motion, .popin)
        XCTAssertEqual(layers.choice(namespace: "wofi", isBarOrBackground: false).motion, .popin, "any namespace not listed")
        XCTAssertEqual(layers.choice(namespace: "notifications", isBarOrBackground: false).motion, .slide)
        XCTAssertEqual(layers.choice(namespace: "waybar", isBarOrBackground: true).motion, .none)
        XCTAssertEqual(layers.choice(namespace: "launcher", isBarOrBackground: false).duration, 0.2)
        XCTAssertEqual(layers.choice(namespace: "launcher", isBarOrBackground: false).curve, .easeOut)
    }

    func testTheLayersTableAndRulesByNamespaceChooseTheLaterRuleWinning() throws {
        let layers = try ConfigFixture.config("""
            [layers]
            effect = "fade"
            duration = "120ms"
            easing = "linear"
            [[rules]]
            namespace = "notif*"
            effect = "popin"
            [[rules]]
            namespace = "notifications"
            duration = "300ms"
            [[rules]]
            namespace = "waybar"
            effect = "slide"
            """).layers
        XCTAssertEqual(layers.choice(namespace: "launcher", isBarOrBackground: false).motion, .fade)
        let note = layers.choice(namespace: "notifications", isBarOrBackground: false)
        XCTAssertEqual(note.motion, .popin, "the first rule's effect")
        XCTAssertEqual(note.duration, 0.3, "the later rule's duration")
        XCTAssertEqual(note.curve, .linear, "[layers] easing under both")
        XCTAssertEqual(layers.choice(namespace: "waybar", isBarOrBackground: true).motion, .slide, "a rule wins over the built-in none")
    }

    func testAMotionThatIsNotOneIsReportedWithASuggestion() {
        XCTAssertEqual(ConfigFixture.problems("""
            [layers]
            effect = "popn"
            """), ["2:10: unknown layer motion 'popn'; did you mean 'popin'? (motions: none, fade, popin, slide)"])
        XCTAssertEqual(ConfigFixture.problems("""
            [[rules]]
            namespace = "launcher"
            effect = "doom-melt"
            app-id = "foot"
            """).count, 2, "a layer rule takes no window effect and no window keys")
        XCTAssertEqual(ConfigFixture.problems("""
            [layers]
            speed = 2
            """).count, 1)
    }
}
