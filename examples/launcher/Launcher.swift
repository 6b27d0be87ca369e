import CWaylandClient
import Glibc
import SegueClientSupport

/// The connection to the compositor and its segue_transition_manager_v1, with the
/// windows the manager announced.
final class Launcher {
    struct Failure: Error {
        let message: String
    }

    struct Window {
        let id: UInt32
        let appID: String
        let title: String
    }

    private let display: OpaquePointer
    private let registry: OpaquePointer
    private var manager: OpaquePointer?
    private(set) var windows: [Window] = []
    /// The running transition's events so far; `done` ends the wait.
    fileprivate var report = TransitionReport()
    fileprivate var done = false
    fileprivate var doneEvents = 0

    /// Connects to $WAYLAND_DISPLAY, binds the manager and waits for its window list.
    init() throws(Failure) {
        ConnectionProblem.keepLogMessages()
        guard let display = wl_display_connect(nil) else {
            throw Failure(message: "cannot connect to the Wayland display \(ConnectionProblem.displayName)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, listenerData(self))
        // The first round trip lists the globals, the second the manager's windows.
        guard wl_display_roundtrip(display) >= 0 else { throw connectionFailure() }
        guard manager != nil else {
            throw Failure(message: "\(ConnectionProblem.displayName) does not offer segue_transition_manager_v1 to this program"
                          + " (start the compositor with segue run --trust PATH-OF-THIS-PROGRAM)")
        }
        guard wl_display_roundtrip(display) >= 0 else { throw connectionFailure() }
    }

    /// Plays a transition to the window and waits for its done event.
    func show(window id: UInt32, _ settings: Command.Settings) throws(Failure) -> TransitionReport {
        guard let transition = segue_transition_manager_v1_show_window(manager, id) else {
            throw Failure(message: "out of memory")
        }
        segue_transition_v1_add_listener(transition, transitionListener, listenerData(self))
        if let effect = settings.effect { segue_transition_v1_set_effect(transition, effect) }
        if let rect = settings.rect { segue_transition_v1_set_source_rect(transition, rect.x, rect.y, rect.width, rect.height) }
        if let duration = settings.duration { segue_transition_v1_set_duration(transition, duration) }
        segue_transition_v1_start(transition)
        while !done {
            guard wl_display_dispatch(display) >= 0 else { throw connectionFailure() }
        }
        // done is sent exactly once: one more round trip would bring a second one.
        guard wl_display_roundtrip(display) >= 0 else { throw connectionFailure() }
        guard doneEvents == 1 else { throw Failure(message: "the compositor sent done \(doneEvents) times") }
        segue_transition_v1_destroy(transition)
        wl_display_flush(display)
        return report
    }

    fileprivate func announced(name: UInt32, interface: String, version: UInt32) {
        guard interface == "segue_transition_manager_v1" else { return }
        manager = wl_registry_bind(registry, name, segue_client_segue_transition_manager_v1_interface(), 1)
            .map(OpaquePointer.init)
        segue_transition_manager_v1_add_listener(manager, managerListener, listenerData(self))
    }

    /// A toplevel event lists a new window, or updates one listed (its app_id or title changed).
    fileprivate func windowAnnounced(_ window: Window) {
        if let index = windows.firstIndex(where: { $0.id == window.id }) {
            windows[index] = window
        } else {
            windows.append(window)
        }
    }

    fileprivate func windowClosed(_ id: UInt32) { windows.removeAll { $0.id == id } }

    private func connectionFailure() -> Failure { Failure(message: ConnectionProblem.describe(display)) }
}

private nonisolated(unsafe) let registryListener = fixedListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        (listenerObject(data) as Launcher).announced(name: name, interface: String(cString: interface!), version: version)
    },
    global_remove: { _, _, _ in }
))

private nonisolated(unsafe) let managerListener = fixedListener(segue_transition_manager_v1_listener(
    toplevel: { data, _, id, appID, title in
        (listenerObject(data) as Launcher).windowAnnounced(Launcher.Window(
            id: id, appID: appID.map { String(cString: $0) } ?? "", title: title.map { String(cString: $0) } ?? ""))
    },
    toplevel_closed: { data, _, id in (listenerObject(data) as Launcher).windowClosed(id) }
))

private nonisolated(unsafe) let transitionListener = fixedListener(segue_transition_v1_listener(
    started: { data, _, secondsHigh, secondsLow, nanoseconds in
        (listenerObject(data) as Launcher).report.startedNanoseconds = TransitionReport.nanoseconds(secondsHigh, secondsLow, nanoseconds)
    },
    done: { data, _, outcome, frames, lateFrames, firstHigh, firstLow, firstNanoseconds, lastHigh, lastLow, lastNanoseconds in
        let launcher: Launcher = listenerObject(data)
        launcher.report.outcome = outcome
        launcher.report.frames = frames
        launcher.report.lateFrames = lateFrames
        launcher.report.firstNanoseconds = TransitionReport.nanoseconds(firstHigh, firstLow, firstNanoseconds)
        launcher.report.lastNanoseconds = TransitionReport.nanoseconds(lastHigh, lastLow, lastNanoseconds)
        launcher.done = true
        launcher.doneEvents += 1
    }
))
