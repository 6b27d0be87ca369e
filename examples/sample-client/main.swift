// segue-sample-client: the sample Wayland client of the Segue project.
//
// It opens one xdg_toplevel filled with a solid colour, its label in big block letters
// and a sweeping bar, drawn with wl_shm at the compositor's frame pace. Several of them
// with different labels and colours give Segue's window transitions something easy to
// tell apart, both on screen and in captured frames. With --dmabuf it draws with GLES
// into textures it hands over through zwp_linux_dmabuf_v1, as a GPU client does. With
// --layer it is a wlr layer surface instead, drawn once: a taskbar along the bottom with
// a button for each window (each button's rectangle told through wlr-foreign-toplevel-
// management, where a minimize goes), a launcher in the middle, or a notification.
//
//   segue-sample-client --label TEXT --color RRGGBB [--app-id ID] [--title TITLE] [--dmabuf]
//                       [--layer bar|launcher|notification]
//
// Exits 0 when the window is closed or on SIGINT/SIGTERM, 1 when the compositor goes away
// (or, with --dmabuf, where dmabufs cannot be made or shown, saying why), 2 on bad arguments.
import Glibc

/// Writes to fd 2 directly: Swift 6 rejects C's global `stderr` as shared mutable state.
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    printError("segue-sample-client: \(message)")
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    print(Options.usage)
    exit(0)
}
let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    printError("segue-sample-client: \(error.message)\n\(Options.usage)")
    exit(2)
}

let connection: Connection
do {
    connection = try Connection()
} catch {
    fail(error.message)
}
let loop: EventLoop
do {
    loop = try EventLoop(display: connection.display)
} catch {
    fail(error.message)
}
let makeBuffer: (Int, Int) throws(BufferFailure) -> any ClientBuffer
if options.dmabuf {
    guard let dmabuf = connection.dmabuf else {
        fail("the compositor offers no zwp_linux_dmabuf_v1 (version 2 or later): it takes no dmabuf buffers")
    }
    let exporter: DmabufExporter
    do {
        exporter = try DmabufExporter()
    } catch {
        fail(error.message)
    }
    makeBuffer = { width, height throws(BufferFailure) in
        try DmabufBuffer(exporter: exporter, dmabuf: dmabuf, offered: connection.dmabufPairs, width: width, height: height)
    }
} else {
    let shm = connection.shm!
    makeBuffer = { width, height throws(BufferFailure) in try ShmBuffer(shm: shm, width: width, height: height) }
}
let window: Window
var taskbar: Taskbar?
if let kind = options.layer {
    guard let shell = connection.layerShell else { fail("the compositor offers no zwlr_layer_shell_v1") }
    var scene = Scene(label: options.label, background: options.color)
    if kind == .bar {
        guard let manager = connection.toplevelManager else {
            fail("the compositor offers this client no zwlr_foreign_toplevel_manager_v1 version 3 (in Segue: --trust it)")
        }
        taskbar = Taskbar(manager: manager)
        scene.buttons = 0
    }
    window = Window(connection: connection, scene: scene, animated: false,
                    role: { LayerRole(window: $0, surface: $0.surface, shell: shell, kind: kind) }, makeBuffer: makeBuffer)
    taskbar?.surface = window.surface
    // A window's state changing (activated, minimized) moves no button: nothing to redraw.
    taskbar?.changed = { count in if window.scene.buttons != count { window.scene.buttons = count } }
} else {
    window = Window(connection: connection, scene: Scene(label: options.label, background: options.color), animated: true,
                    role: { ToplevelRole(window: $0, surface: $0.surface, wmBase: connection.wmBase!, appID: options.appID, title: options.title) },
                    makeBuffer: makeBuffer)
}

switch loop.run(while: { window.end == nil }) {
case .lost(let reason):
    fail("lost the connection to the compositor (\(reason))")
case .finished, .signalled:
    if case .failed(let message) = window.end { fail(message) }
    taskbar?.destroy()
    window.destroy()
    connection.disconnect()
}
