import SegueImaging
import XCTest

/// What segue-sample-client draws, as a test reads it back: its colour, with a
/// white square (every test colour is dark) in its top-left corner, a tenth of
/// the shorter side.
enum SampleClientPicture {
    static let ink = RGBA(255, 255, 255)

    /// `shot` shows the sample client in `colour` over the rectangle at (x, y),
    /// `width`×`height` (by default the whole shot), upright and in place; `marker`
    /// is the corner square's side where the rectangle is only part of the window.
    static func assertShown(_ colour: RGBA, in shot: RGBAImage, x: Int = 0, y: Int = 0,
                            width: Int? = nil, height: Int? = nil, marker: Int? = nil, _ what: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
        let width = width ?? shot.width, height = height ?? shot.height
        let side = marker ?? max(min(width, height) / 10, 4)
        let points: [(Int, Int, RGBA, String)] = [
            (x + 1, y + 1, ink, "the marker's top-left"),
            (x + side - 2, y + side - 2, ink, "the marker's bottom-right"),
            (x + side + 1, y + 1, colour, "right of the marker"),
            (x + 1, y + side + 1, colour, "below the marker"),
            (x + width - 2, y + 1, colour, "the top-right corner"),
            (x + 1, y + height - 2, colour, "the bottom-left corner"),
            (x + width - 2, y + height - 2, colour, "the bottom-right corner"),
        ]
        for (px, py, expected, where_) in points {
            XCTAssertEqual(shot[px, py], expected, "\(what) \(where_) at (\(px), \(py))", file: file, line: line)
        }
    }

    /// The smallest rectangle holding every pixel of `colour` in `shot`: where a
    /// window in that colour sits on a screen that places it by its own rules.
    static func bounds(of colour: RGBA, in shot: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        var left = Int.max, top = Int.max, right = -1, bottom = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot[x, y] == colour {
                left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
            }
        }
        return right < 0 ? nil : (left, top, right - left + 1, bottom - top + 1)
    }
}
