import SegueImaging
import XCTest

/// The workspace tests' desktop: a 64×36 stacked output on black, with a
/// red window, then a green one with a white marker at its top left, each
/// filling it; green shows. Workspaces switch with a 100 ms crossfade.
enum RedAndGreenWindows {
    static let red = RGBA(220, 0, 0), green = RGBA(0, 180, 0), marker = RGBA(255, 255, 255)
    static let config = """
        [output]
        background = "#000000"
        [transitions.open]
        effect = "none"
        [transitions.close]
        effect = "none"
        [transitions.workspace]
        effect = "crossfade"
        duration = "100ms"
        """

    static func server(trusting trusted: [String] = []) throws -> InProcessCompositor {
        try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: config, trusting: trusted)
    }

    /// Red's and green's toplevels, both mapped and presented.
    static func open(on server: InProcessCompositor, _ client: RawClient) throws -> [RawToplevel] {
        try [(red, red), (green, marker)].map { fill, mark in
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(marked(width: 64, height: 36, fill: fill, marker: mark, side: 8), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            _ = server.stepUntilIdle(sampling: 0, 0)
            return toplevel
        }
    }
}
