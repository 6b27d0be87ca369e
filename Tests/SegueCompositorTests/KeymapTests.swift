import CWaylandServer
import CXKBCommon
import Glibc
import SegueCompositor
import SegueImaging
@testable import SegueShell
@testable import SegueWayland
import XCTest

/// Every wl_keyboard maps the same keymap file, so it must be sealed against
/// changes, readable the ways clients map it, and hold a keymap xkb accepts.
final class KeymapTests: XCTestCase {
    func testFileIsSealedAgainstChanges() throws {
        let keymap = try Keymap()
        let wanted = SEGUE_F_SEAL_SHRINK | SEGUE_F_SEAL_GROW | SEGUE_F_SEAL_WRITE
        XCTAssertEqual(fcntl(keymap.fd, SEGUE_F_GET_SEALS) & wanted, wanted)

        var byte: UInt8 = 0
        XCTAssertEqual(pwrite(keymap.fd, &byte, 1, 0), -1)
        XCTAssertEqual(ftruncate(keymap.fd, 0), -1)
        XCTAssertEqual(ftruncate(keymap.fd, off_t(keymap.size) + 1), -1)
    }

    func testFileHoldsAKeymapXKBAccepts() throws {
        let keymap = try Keymap()
        let text = try contents(of: keymap.fd, size: Int(keymap.size), flags: MAP_PRIVATE)
        XCTAssertTrue(text.hasPrefix("xkb_keymap"))

        let context = try XCTUnwrap(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let parsed = try XCTUnwrap(xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS))
        defer { xkb_keymap_unref(parsed) }
        XCTAssertGreaterThanOrEqual(xkb_keymap_num_layouts(parsed), 1)
        // evdev KEY_A is 30; xkb keycodes are 8 higher.
        var symbols: UnsafePointer<xkb_keysym_t>?
        XCTAssertGreaterThan(xkb_keymap_key_get_syms_by_level(parsed, 30 + 8, 0, 0, &symbols), 0)
    }

    func testReadOnlyDescriptorMapsShared() throws {
        let keymap = try Keymap()
        let fd = keymap.openReadOnly()
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDONLY)
        XCTAssertTrue(try contents(of: fd, size: Int(keymap.size), flags: MAP_SHARED).hasPrefix("xkb_keymap"))
    }

    /// The NUL-terminated text in the file, mapped read-only as a client would.
    private func contents(of fd: Int32, size: Int, flags: Int32) throws -> String {
        let mapping = mmap(nil, size, PROT_READ, flags, fd, 0)
        let start = try XCTUnwrap(mapping == UnsafeMutableRawPointer(bitPattern: -1) ? nil : mapping, "mmap: \(errno)")
        defer { munmap(start, size) }
        let bytes = start.assumingMemoryBound(to: CChar.self)
        XCTAssertEqual(bytes[size - 1], 0, "the size counts the terminating NUL")
        return String(cString: bytes)
    }
}

/// Without keymap files (a GPU server without xkb-data) Segue starts with its
/// keyboard off, saying so in one line; a keymap sent in text, as a parent
/// compositor sends its own, needs no files and turns the keyboard on.
final class KeymapFilesMissingTests: XCTestCase {
    private let noFiles = ["XKB_CONFIG_ROOT": "/nonexistent/xkb"]

    private func withoutKeymapFiles<T>(_ body: () throws -> T) rethrows -> T {
        let saved = ProcessInfo.processInfo.environment["XKB_CONFIG_ROOT"]
        setenv("XKB_CONFIG_ROOT", noFiles["XKB_CONFIG_ROOT"]!, 1)
        defer { if let saved { setenv("XKB_CONFIG_ROOT", saved, 1) } else { unsetenv("XKB_CONFIG_ROOT") } }
        return try body()
    }

    func testSegueRunStartsWithOneLineNamingThePackage() throws {
        let segue = try CompositorUnderTest(environment: noFiles)
        try segue.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try segue.waitForWindows(1)
        SampleClientPicture.assertShown(RGBA(0x25, 0x63, 0xeb), in: try segue.screenshot())
        segue.stop()
        let lines = segue.log.split(separator: "\n").filter { !$0.contains(" info ") }
        XCTAssertEqual(lines.count, 1, segue.log)
        XCTAssertTrue(lines.first?.contains("keyboard input is off: no xkb keymap files in /nonexistent/xkb") == true, segue.log)
        XCTAssertTrue(lines.first?.contains("xkb-data") == true, segue.log)
    }

    func testTheSeatOffersNoKeyboardUntilAKeymapComesInText() throws {
        let text = try contents(of: Keymap())
        let server = try withoutKeymapFiles { try InProcessCompositor(placement: .stacked) }
        defer { server.stop() }
        let client = try server.connect()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(client.seatCapabilities, WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_TOUCH.rawValue)
        try withoutKeymapFiles {
            try text.withCString { try XCTUnwrap(server.compositor.seat).use(Keymap(text: $0)) }
        }
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(client.seatCapabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue, WL_SEAT_CAPABILITY_KEYBOARD.rawValue)
    }

    private func contents(of keymap: Keymap) throws -> String {
        let mapping = try XCTUnwrap(mmap(nil, Int(keymap.size), PROT_READ, MAP_PRIVATE, keymap.fd, 0))
        defer { munmap(mapping, Int(keymap.size)) }
        return String(cString: mapping.assumingMemoryBound(to: CChar.self))
    }
}
