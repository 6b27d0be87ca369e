import Glibc
import SegueCompositor

// The functions Sources/CSegueWLCS/integration.c calls, by their C names.
// `server` is a retained WLCSServer from segue_wlcs_create until segue_wlcs_destroy.

private func server(_ pointer: UnsafeMutableRawPointer) -> WLCSServer {
    Unmanaged<WLCSServer>.fromOpaque(pointer).takeUnretainedValue()
}

@_cdecl("segue_wlcs_create")
func segueWLCSCreate() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(WLCSServer()).toOpaque()
}

@_cdecl("segue_wlcs_destroy")
func segueWLCSDestroy(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<WLCSServer>.fromOpaque(pointer).release()
}

@_cdecl("segue_wlcs_run")
func segueWLCSRun(_ pointer: UnsafeMutableRawPointer, _ wlcsLoop: UnsafeMutableRawPointer) {
    server(pointer).run(wlcsLoop: wlcsLoop)
}

@_cdecl("segue_wlcs_stop")
func segueWLCSStop(_ pointer: UnsafeMutableRawPointer) { server(pointer).stop() }

@_cdecl("segue_wlcs_connect")
func segueWLCSConnect(_ pointer: UnsafeMutableRawPointer) -> Int32 { server(pointer).connect() }

@_cdecl("segue_wlcs_place")
func segueWLCSPlace(_ pointer: UnsafeMutableRawPointer, _ clientFD: Int32, _ surfaceID: UInt32, _ x: Int32, _ y: Int32) {
    server(pointer).place(clientFD: clientFD, surfaceID: surfaceID, x: Int(x), y: Int(y))
}

@_cdecl("segue_wlcs_pointer_move")
func segueWLCSPointerMove(_ pointer: UnsafeMutableRawPointer, _ x: Double, _ y: Double, _ relative: Bool) {
    server(pointer).movePointer(x: x, y: y, relative: relative)
}

@_cdecl("segue_wlcs_pointer_button")
func segueWLCSPointerButton(_ pointer: UnsafeMutableRawPointer, _ button: Int32, _ pressed: Bool) {
    server(pointer).pointerButton(button, pressed: pressed)
}

@_cdecl("segue_wlcs_touch")
func segueWLCSTouch(_ pointer: UnsafeMutableRawPointer, _ phase: Int32, _ x: Double, _ y: Double) {
    server(pointer).touch(phase: phase, x: x, y: y)
}

/// The globals' names as C strings, made once and kept for the process.
nonisolated(unsafe) private let extensionNames: [UnsafeMutablePointer<CChar>] = WLCSServer.globals.map { strdup($0.name) }

@_cdecl("segue_wlcs_extension_count")
func segueWLCSExtensionCount() -> Int { WLCSServer.globals.count }

@_cdecl("segue_wlcs_extension_name")
func segueWLCSExtensionName(_ index: Int) -> UnsafePointer<CChar> { UnsafePointer(extensionNames[index]) }

@_cdecl("segue_wlcs_extension_version")
func segueWLCSExtensionVersion(_ index: Int) -> UInt32 { UInt32(WLCSServer.globals[index].version) }
