// segue-capture-client: a screen-capture client, like wf-recorder without the encoding.
//
// It captures frames one after another, asking for the next as soon as one is ready,
// through wlr-screencopy (the first output, or a region of it) or ext-image-copy-capture
// (the first output, or the window with an app id), and prints a line for each:
//
//   frame N PRESENTED_NS HASH DAMAGE   a frame: its presentation time, a 64-bit hash
//                                      of its pixels, how many damage rectangles it had
//   failed N REASON                    frame N failed and is asked for again: the
//                                      ext failure reason number, or wlr
//
// then one JSON line that adds them up, so scripts and tests can count frames and check
// they are distinct and in order; --png writes the last one out.
//
//   segue-capture-client [--protocol wlr|ext] [--window APP_ID] [--frames N] [--seconds S]
//                        [--damage] [--cursor] [--region X,Y,WxH] [--format xrgb|argb] [--png PATH]
//
// The compositor offers capture only to trusted programs (segue run --trust PATH).
// It runs until N frames, S seconds, SIGINT or SIGTERM, or the window closing; then exits 0.
// Exits 1 when the compositor refuses or goes away, or 100 frames fail in a row (one line on
// stderr), 2 on bad arguments.
import Glibc
import SegueImaging

/// Writes one line to stdout at once: a script reads them as they come.
func report(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

/// Writes to fd 2 directly: Swift 6 rejects C's global `stderr` as shared mutable state.
func fail(_ message: String, status: Int32 = 1) -> Never {
    var text = "segue-capture-client: \(message)\n"
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

let command: Command
do {
    command = try Command.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error.message) (see --help)", status: 2)
}
if command.help {
    print(Command.usage)
    exit(0)
}

let connection: Connection
let capture: any FrameCapture
do {
    connection = try Connection()
    switch command.captureProtocol {
    case .wlr: capture = try ScreencopyCapture(connection: connection, command: command)
    case .ext: capture = try ImageCopyCapture(connection: connection, command: command)
    }
} catch {
    fail(error.message)
}

let stop = StopConditions(seconds: command.seconds)
var record = CaptureReport(keepsLastFrame: command.png != nil)
do throws(Failure) {
    capturing: while record.frames < command.frames ?? .max && !stop.reached && !capture.stopped {
        capture.begin()
        while capture.result == nil {
            if stop.reached || capture.stopped { break capturing }
            try connection.dispatch(timeout: stop.pollTimeout)
            if let problem = capture.problem { throw problem }
        }
        switch capture.result! {
        case .ready(let presented, let damage, let yInverted):
            report(record.ready(capture.buffer!, presented: presented, damage: damage, yInverted: yInverted))
        case .failed(let reason):
            report(record.failed(reason: reason))
            if record.failuresInRow == 100 { throw Failure(message: "100 frames failed in a row") }
        }
    }
} catch {
    fail(error.message)
}

report(record.summary(stopped: capture.stopped))
if let path = command.png {
    guard let image = record.lastImage() else { fail("no frame was captured to write to \(path)") }
    do {
        try PNG.write(image, to: path)
    } catch {
        fail(error.message)
    }
}
