// segue-key-reporter: a Wayland client that shows one plain window and prints, one line
// each, what input reaches it, so tests and people can see what a compositor forwards:
//
//   keymap xkb_v1 SIZE               the keymap the seat sent (format, bytes)
//   keyboard enter | keyboard leave  keyboard focus
//   key CODE pressed|released        a key, by evdev code
//   modifiers DEPRESSED LATCHED LOCKED GROUP
//   pointer enter X Y | pointer motion X Y | pointer button CODE pressed|released
//   configure WIDTH HEIGHT           the size the compositor asked for
//
//   segue-key-reporter [--size WIDTHxHEIGHT] [--color RRGGBB]
//
// --size keeps the window at that size whatever the compositor asks. Exits 0 when the
// window is closed, 1 when the compositor goes away, 2 on bad arguments.
import CWaylandClient
import Glibc

/// Writes one line to stdout at once: a test reads them as they come.
func report(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    var text = "segue-key-reporter: \(message)\n"
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

var fixedSize: (width: Int, height: Int)?
var color: UInt32 = 0x7c3aed
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value", status: 2) }
    switch flag {
    case "--size":
        let parts = value.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...8192).contains($0) }) else { fail("--size wants WIDTHxHEIGHT, not \(value)", status: 2) }
        fixedSize = (parts[0], parts[1])
    case "--color":
        guard value.count == 6, let parsed = UInt32(value, radix: 16) else { fail("--color wants RRGGBB, not \(value)", status: 2) }
        color = parsed
    default:
        fail("unknown option \(flag)\nusage: segue-key-reporter [--size WIDTHxHEIGHT] [--color RRGGBB]", status: 2)
    }
}

guard let display = wl_display_connect(nil) else { fail("cannot connect to the Wayland display") }
let globals = Globals(display: display)
guard wl_display_roundtrip(display) >= 0, let compositor = globals.compositor, let shm = globals.shm,
      let wmBase = globals.wmBase else {
    fail("the compositor lacks wl_compositor, wl_shm or xdg_wm_base")
}
// Kept for as long as the program runs: its listeners print the input.
let input = globals.seat.map(InputReporter.init)
let window = Window(compositor: compositor, shm: shm, wmBase: wmBase, color: color, fixedSize: fixedSize)
while !window.closed {
    guard wl_display_dispatch(display) >= 0 else { fail("lost the compositor") }
}
exit(0)
