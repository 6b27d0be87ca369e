import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// The held switcher's overlay as a person sees it: after its open delay,
/// every window's live preview in most-recently-used order over the shown
/// window dimmed, the selection framed in the highlight colour, each with a
/// marker in its corner so a flip or a swap shows.
final class SwitcherOverlayTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var toplevels: [RawToplevel] = []
    private let fills = [RGBA(220, 0, 0), RGBA(0, 180, 0), RGBA(0, 0, 220), RGBA(230, 230, 0)]
    private let marker = RGBA(255, 255, 255)
    private let highlight = RGBA(0x35, 0x84, 0xe4)
    private let width = 640, height = 360

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height, config: """
            [transitions.open]
            effect = "none"
            [transitions.switch]
            effect = "crossfade"
            duration = "100ms"
            [switcher]
            open-delay = "50ms"
            """)
        client = try server.connect()
        for fill in fills {
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(marked(width: width, height: height, fill: fill, marker: marker, side: 80), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            XCTAssertTrue(server.serve { server.compositor.stack.shown?.surface.hasBuffer == true && !server.compositor.navigation.isAnimating })
            toplevels.append(toplevel)
        }
        XCTAssertTrue(server.serve { server.windowCount == 4 })
    }

    override func tearDown() {
        server?.stop()
    }

    /// Where the cards are: as the overlay lays them out.
    private var layout: SwitcherLayout {
        SwitcherLayout(count: 4, width: width, height: height, scale: 1, maxHeight: 180, maxScale: 0.3, padding: 10)
    }

    /// Opens the switcher and waits for its overlay.
    private func openOverlay() throws -> RGBAImage {
        try server.compositor.perform(.switcher(.open(filter: nil)))
        XCTAssertTrue(server.serve { server.compositor.switcherView() != nil }, "the overlay shows after its delay")
        XCTAssertTrue(server.serve { server.compositor.switcherView()?.appear == 1 }, "its cards come in")
        return try server.screen()
    }

    private func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 6) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
    }

    func testPreviewsInMostRecentOrderOverTheDimmedWindowWithTheSelectionFramed() throws {
        let screen = try openOverlay()
        // Yellow is shown, then blue, green, red: most recent first.
        let order = [fills[3], fills[2], fills[1], fills[0]]
        for (index, card) in layout.cards.enumerated() {
            let preview = card.preview
            XCTAssertTrue(near(screen[preview.x + preview.width / 2, preview.y + preview.height * 2 / 3], order[index]),
                          "card \(index) shows its window: \(screen[preview.x + preview.width / 2, preview.y + preview.height * 2 / 3])")
            XCTAssertTrue(near(screen[preview.x + 2, preview.y + 2], marker), "card \(index)'s marker top left, upright")
            XCTAssertTrue(near(screen[preview.x + preview.width - 3, preview.y + preview.height - 3], order[index]),
                          "and not bottom right")
            let padding = screen[card.frame.x + 4, card.frame.y + card.frame.height / 2]
            XCTAssertEqual(near(padding, highlight), index == 1, "only the second, selected, is framed: \(padding)")
        }
        XCTAssertTrue(near(screen[4, 4], RGBA(128, 128, 128), 10), "the shown window's white marker, dimmed by half: \(screen[4, 4])")
        XCTAssertTrue(near(screen[width - 4, height - 4], RGBA(115, 115, 0), 10), "its yellow, dimmed: \(screen[width - 4, height - 4])")
    }

    /// A minimized window is listed last, its preview at 60% over what is
    /// under it (the dimmed yellow), its marker still top left.
    func testAMinimizedWindowIsListedLastWithItsPreviewFaded() throws {
        try server.compositor.perform(.minimize(.window(id: 1)))
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        let screen = try openOverlay()
        let view = try XCTUnwrap(server.compositor.switcherView())
        XCTAssertEqual(view.windows.map(\.id), [4, 3, 2, 1])
        XCTAssertEqual(view.minimized, [ObjectIdentifier(view.windows[3])])
        let preview = layout.cards[3].preview
        let under = RGBA(115, 115, 0)
        func faded(_ colour: RGBA) -> RGBA {
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((0.6 * Double(a) + 0.4 * Double(b)).rounded()) }
            return RGBA(mix(colour.r, under.r), mix(colour.g, under.g), mix(colour.b, under.b))
        }
        let body = screen[preview.x + preview.width / 2, preview.y + preview.height * 2 / 3]
        XCTAssertTrue(near(body, faded(fills[0]), 10), "red at 60%: \(body)")
        XCTAssertTrue(near(screen[preview.x + 2, preview.y + 2], faded(marker), 10), "its marker top left, faded: \(screen[preview.x + 2, preview.y + 2])")
        XCTAssertTrue(near(screen[preview.x + preview.width - 3, preview.y + preview.height - 3], faded(fills[0]), 10), "and not bottom right")
        let shown = screen[layout.cards[0].preview.x + layout.cards[0].preview.width / 2, layout.cards[0].preview.y + layout.cards[0].preview.height * 2 / 3]
        XCTAssertTrue(near(shown, fills[3]), "a window not minimized, as it is: \(shown)")
    }

    func testAPreviewIsLiveAndCommitShowsTheChosenWindow() throws {
        _ = try openOverlay()
        // Blue, previewed second, draws a new frame.
        let cyan = RGBA(0, 220, 220)
        try client.show(marked(width: width, height: height, fill: cyan, marker: marker, side: 80), on: toplevels[2].surface)
        XCTAssertTrue(client.roundtrip())
        let preview = layout.cards[1].preview
        XCTAssertTrue(server.serve { near(server.presented[preview.x + preview.width / 2, preview.y + preview.height * 2 / 3], cyan) },
                      "the preview shows the window's new frame")
        // The shown window draws too: its preview follows, the dimmed picture under the overlay stays as it opened.
        let white = RGBA(240, 240, 240)
        try client.show(marked(width: width, height: height, fill: white, marker: RGBA(0, 0, 0), side: 80), on: toplevels[3].surface)
        XCTAssertTrue(client.roundtrip())
        let first = layout.cards[0].preview
        XCTAssertTrue(server.serve { near(server.presented[first.x + first.width / 2, first.y + first.height * 2 / 3], white) },
                      "the shown window's preview shows its new frame")
        XCTAssertTrue(near(server.presented[width - 4, height - 4], RGBA(115, 115, 0), 10), "yellow, dimmed, under the cards")
        try server.compositor.perform(.switcher(.next(filter: nil)))
        try server.compositor.perform(.switcher(.commit))
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating && server.compositor.switcherView() == nil })
        let screen = try server.screen()
        XCTAssertTrue(near(screen[width / 2, height / 2], fills[1]), "green, the third most recent, shows: \(screen[width / 2, height / 2])")
        XCTAssertTrue(near(screen[2, 2], marker))
    }

    func testAClickOnAPreviewSwitchesToItsWindowAndNoClientSeesIt() throws {
        let pointer = client.makePointer()
        XCTAssertTrue(client.roundtrip())
        _ = try openOverlay()
        let red = layout.cards[3].preview
        server.inject(.pointerMotion(time: 1, x: Double(red.x + red.width / 2), y: Double(red.y + red.height / 2)))
        server.inject(.pointerButton(time: 2, button: 0x110, pressed: true))
        server.inject(.pointerButton(time: 3, button: 0x110, pressed: false))
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating && server.compositor.switcherView() == nil })
        XCTAssertEqual(try server.screen()[width / 2, height / 2], fills[0], "red, the card clicked")
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(pointer.events.contains { if case .button = $0 { true } else { false } }, "\(pointer.events)")
    }

    func testTheHeroZoomGrowsTheChosenWindowFromItsPreview() throws {
        try server.rewriteConfig("[transitions.open]\neffect = \"none\"\n[transitions.switch]\neffect = \"zoom-from-rect\"\n[switcher]\nopen-delay = \"50ms\"\n")
        try server.compositor.perform(.reload)
        _ = try openOverlay()
        let card = layout.cards[1].preview
        try server.compositor.perform(.switcher(.commit))
        let chosen = try XCTUnwrap(server.compositor.stack.shown)
        let running = try XCTUnwrap(server.compositor.running(toward: chosen))
        XCTAssertEqual(running.settings.value("rect"), ParameterValue(.vec4, [Double(card.x) / Double(width), Double(card.y) / Double(height),
                                                                            Double(card.width) / Double(width), Double(card.height) / Double(height)]),
                       "from where its preview was")
    }

    /// The cards come in: faded and a little smaller at first, whole after
    /// 120 ms; with reduce-motion, whole at once.
    func testTheCardsFadeAndGrowInUnlessMotionIsReduced() throws {
        try server.compositor.perform(.switcher(.open(filter: nil)))
        XCTAssertTrue(server.serve { server.compositor.switcherView() != nil })
        let early = try XCTUnwrap(server.compositor.switcherView()).appear
        XCTAssertLessThan(early, 1, "coming in")
        XCTAssertTrue(server.serve { server.compositor.switcherView()?.appear == 1 }, "then whole")
        try server.compositor.perform(.switcher(.cancel))

        try server.rewriteConfig("[transitions.open]\neffect = \"none\"\n[switcher]\nopen-delay = \"50ms\"\n[accessibility]\nreduce-motion = true\n")
        try server.compositor.perform(.reload)
        try server.compositor.perform(.switcher(.open(filter: nil)))
        XCTAssertTrue(server.serve { server.compositor.switcherView() != nil })
        XCTAssertEqual(server.compositor.switcherView()?.appear, 1)
    }

    /// Cancelled, the overlay fades out over the shown window, dimmed no
    /// more, in 120 ms: frames between show the two blended; then the window
    /// is as it was, and nothing played.
    func testCancelFadesTheOverlayOutAndLeavesTheShownWindowAsItWas() throws {
        _ = try openOverlay()
        try server.compositor.perform(.switcher(.cancel))
        XCTAssertNil(server.compositor.switcherView())
        var blends: [RGBA] = []
        XCTAssertTrue(server.serve {
            let corner = server.presented[4, 4]
            if corner.r > 140 && corner.r < 245 { blends.append(corner) }
            return server.compositor.output.isCurrent
        })
        XCTAssertFalse(blends.isEmpty, "frames between show the marker on its way back from dimmed")
        let screen = try server.screen()
        XCTAssertEqual(screen[width / 2, height / 2], fills[3])
        XCTAssertEqual(screen[2, 2], marker)
        XCTAssertEqual(server.presented[2, 2], marker)
        XCTAssertEqual(server.compositor.control.reports.history.count, 4, "the four opens: the cancel played nothing")
    }

    /// With reduce-motion the overlay is gone at the next frame.
    func testWithMotionReducedCancelRemovesTheOverlayAtOnce() throws {
        try server.rewriteConfig("[transitions.open]\neffect = \"none\"\n[switcher]\nopen-delay = \"50ms\"\n[accessibility]\nreduce-motion = true\n")
        try server.compositor.perform(.reload)
        _ = try openOverlay()
        let before = server.compositor.output.framesDrawn
        try server.compositor.perform(.switcher(.cancel))
        XCTAssertTrue(server.serve { server.compositor.output.isCurrent })
        XCTAssertEqual(server.compositor.output.framesDrawn - before, 1, "one frame, the window as it was")
        XCTAssertEqual(server.presented[2, 2], marker)
    }

    /// Committed, the switch starts from the overlay on screen: mid-way
    /// through a crossfade to blue, the red card (not chosen) still shows
    /// through, where the yellow window under the overlay would be green-tinged.
    func testTheSwitchACommitPlaysStartsFromTheOverlayOnScreen() throws {
        try server.rewriteConfig("[transitions.open]\neffect = \"none\"\n[transitions.switch]\neffect = \"crossfade\"\nduration = \"600ms\"\n[switcher]\nopen-delay = \"50ms\"\n")
        try server.compositor.perform(.reload)
        _ = try openOverlay()
        try server.compositor.perform(.switcher(.commit))
        let red = layout.cards[3].preview
        var seen: RGBA?
        XCTAssertTrue(server.serve {
            let pixel = server.presented[red.x + red.width / 2, red.y + red.height * 2 / 3]
            if pixel.b > 70 && pixel.b < 150 { seen = pixel }
            return seen != nil || !server.compositor.navigation.isAnimating
        })
        let midway = try XCTUnwrap(seen, "a frame half-way to blue")
        XCTAssertGreaterThan(midway.r, 50, "red, the card, fading: \(midway)")
        XCTAssertLessThan(midway.g, 20, "not yellow, the window under the overlay: \(midway)")
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        XCTAssertEqual(try server.screen()[width / 2, height / 2], fills[2], "blue, chosen, shows")
    }
}
