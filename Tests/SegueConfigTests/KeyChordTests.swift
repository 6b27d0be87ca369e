import SegueConfig
import XCTest

final class KeyChordTests: XCTestCase {
    func testModifiersAndKeyAreParsedAndTheTextKept() throws {
        let chord = try KeyChord(parsing: "Alt+Shift+Tab")
        XCTAssertEqual(chord.modifiers, [.alt, .shift])
        XCTAssertEqual(chord.key, "Tab")
        XCTAssertEqual(chord.text, "Alt+Shift+Tab")
        XCTAssertEqual(try KeyChord(parsing: "logo + ctrl + Page_Up").modifiers, [.super, .ctrl])
        XCTAssertEqual(try KeyChord(parsing: "Super+grave").key, "grave")
        XCTAssertEqual(try KeyChord(parsing: "F5").modifiers, [])
        XCTAssertEqual(try KeyChord(parsing: "Control+ä").key, "ä")
    }

    func testMistakesAreRefusedWithTheReason() {
        let cases = [
            "Hyper+Tab": "unknown modifier 'Hyper'",
            "Alt+Alt+Tab": "appears twice",
            "Alt+Shift": "ends in a modifier",
            "Alt++Tab": "is not MODIFIER+KEY",
            "": "is not MODIFIER+KEY",
            "Alt+Page Up": "is not a key name",
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try KeyChord(parsing: text), text) {
                XCTAssertTrue("\($0)".contains(expected), "\(text): \($0)")
            }
        }
    }
}
