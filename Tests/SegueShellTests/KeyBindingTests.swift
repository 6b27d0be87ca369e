import CXKBCommon
@testable import SegueShell
@testable import SegueWayland
import SegueConfig
import XCTest

/// The config's key chords resolved against xkb, as the nested backend's keyboard matches them.
final class KeyBindingTests: XCTestCase {
    private func binding(_ text: String) throws -> KeyBinding {
        KeyBinding(try KeyChord(parsing: text))
    }

    func testAChordResolvesToItsModifiersAndKeysym() throws {
        XCTAssertEqual(try binding("Alt+Tab"), KeyBinding(modifiers: .alt, keysym: UInt32(XKB_KEY_Tab)))
        XCTAssertEqual(try binding("shift+ALT+tab"), KeyBinding(modifiers: [.alt, .shift], keysym: UInt32(XKB_KEY_Tab)))
        XCTAssertEqual(try binding("Ctrl+Super+Page_Up"), KeyBinding(modifiers: [.control, .logo], keysym: UInt32(XKB_KEY_Page_Up)))
        XCTAssertEqual(try binding("F5"), KeyBinding(modifiers: [], keysym: UInt32(XKB_KEY_F5)))
    }

    func testALetterBindsToWhatItsKeyGivesUnshifted() throws {
        XCTAssertEqual(try binding("Super+Q").keysym, UInt32(XKB_KEY_q))
        XCTAssertEqual(try binding("Ctrl+ä").keysym, UInt32(XKB_KEY_adiaeresis))
    }

    func testAltTabIsTheSwitchersUnlessKeysBindIt() throws {
        XCTAssertNil(KeyBindings.defaults.switchNext)
        XCTAssertNil(KeyBindings.defaults.switchPrev)
        XCTAssertEqual(SwitcherSettings().next.map(KeyBinding.init).first, KeyBinding(modifiers: .alt, keysym: UInt32(XKB_KEY_Tab)))
        XCTAssertEqual(SwitcherSettings().prev.map(KeyBinding.init).first, KeyBinding(modifiers: [.alt, .shift], keysym: UInt32(XKB_KEY_Tab)))
    }

    func testItMatchesOnlyExactlyItsModifiers() throws {
        let altTab = try binding("Alt+Tab")
        XCTAssertTrue(altTab.matches(keysym: UInt32(XKB_KEY_Tab), modifiers: .alt))
        XCTAssertFalse(altTab.matches(keysym: UInt32(XKB_KEY_Tab), modifiers: [.alt, .shift]))
        XCTAssertFalse(altTab.matches(keysym: UInt32(XKB_KEY_Tab), modifiers: []))
        XCTAssertFalse(altTab.matches(keysym: UInt32(XKB_KEY_a), modifiers: .alt))
    }

    func testAKeyXkbDoesNotKnowIsRefusedWhenTheChordIsReadWithTheNearestName() throws {
        XCTAssertThrowsError(try binding("Alt+Tabb")) { error in
            XCTAssertEqual("\(error)", "xkb knows no key named 'Tabb' in \"Alt+Tabb\"; did you mean \"Alt+Tab\"?")
        }
        XCTAssertThrowsError(try binding("Super+Retrun")) { XCTAssertTrue("\($0)".hasSuffix("did you mean \"Super+Return\"?"), "\($0)") }
        XCTAssertThrowsError(try binding("Alt+Zzzzzzzzzz")) { XCTAssertEqual("\($0)", "xkb knows no key named 'Zzzzzzzzzz' in \"Alt+Zzzzzzzzzz\"") }
    }
}
