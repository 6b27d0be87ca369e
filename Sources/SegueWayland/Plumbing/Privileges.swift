import CWaylandServer
import Foundation

/// Who may use the globals that read or drive other clients (capture, data
/// control, virtual keyboards, toplevel management, segue-transition-v1):
/// the clients Segue started itself, those whose process runs an executable
/// the command line or the config names, or, where the config says "all",
/// everyone; never Xwayland, through which any X program would. Decided only
/// from what a client cannot choose (how it was started, the executable the
/// kernel says it runs), never an app_id.
/// Anyone else does not see those globals, so cannot bind them.
package final class Privileges {
    /// What the config grants, asked at each bind so a reload applies to the next.
    package enum Grant: Equatable {
        case executables([String])
        case everyone
    }

    private let display: OpaquePointer
    /// `--trust`'s paths, canonical so a symlinked or relative spelling still matches /proc's.
    private let commandLine: Set<String>
    private let configured: () -> Grant
    /// Spawned clients with their processes, each forgotten when it goes so
    /// a later client at the same address is not privileged.
    private var spawned: [OpaquePointer: (pid: pid_t, trusted: Bool, listener: Listener)] = [:]
    /// The privileged globals, with the interface and version each offers.
    private var globals: [OpaquePointer: AdvertisedGlobal] = [:]

    package init(display: OpaquePointer, executables: [String], configured: @escaping () -> Grant) {
        self.display = display
        commandLine = Set(executables.map(Self.canonical))
        self.configured = configured
        wl_display_set_global_filter(display, { client, global, data in
            guard let client, let global, let data else { return true }
            let privileges = Unmanaged<Privileges>.fromOpaque(data).takeUnretainedValue()
            return privileges.globals[global] == nil || privileges.isPrivileged(client)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_display_set_global_filter(display, nil, nil)
    }

    /// Offers `global` only to privileged clients.
    func restrict(_ global: Global) {
        guard let pointer = global.global else { return }
        globals[pointer] = global.advertised
    }

    /// The privileged globals, by name.
    package var restricted: [AdvertisedGlobal] { globals.values.sorted { $0.name < $1.name } }

    /// A global only the clients this lets use it see, restricted as long as it lives.
    func global(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
                bind: @escaping Global.Bind) -> PrivilegedGlobal {
        PrivilegedGlobal(Global(display: display, interface: interface, version: version, forEveryClient: false, bind: bind),
                         privileges: self)
    }

    /// The global went.
    func release(_ global: Global) {
        if let pointer = global.global { globals[pointer] = nil }
    }

    /// A client the compositor started itself, as process `pid`.
    package func trust(spawned client: OpaquePointer, pid: pid_t) { remember(client, pid: pid, trusted: true) }

    /// A client the compositor started that serves others (Xwayland), as
    /// process `pid`: privileged whatever the config grants.
    package func distrust(spawned client: OpaquePointer, pid: pid_t) { remember(client, pid: pid, trusted: false) }

    private func remember(_ client: OpaquePointer, pid: pid_t, trusted: Bool) {
        let listener = Listener { [unowned self] _ in spawned[client] = nil }
        listener.subscribe(toDestructionOf: client)
        spawned[client] = (pid, trusted, listener)
    }

    package func isPrivileged(_ client: OpaquePointer) -> Bool {
        if let started = spawned[client] { return started.trusted }
        let grant = configured()
        if grant == .everyone { return true }
        guard case .executables(let named) = grant else { return false }
        let paths = commandLine.union(named.map(Self.canonical))
        guard !paths.isEmpty, let executable = executable(of: client) else { return false }
        return paths.contains(executable)
    }

    /// The privileged interfaces `client` may bind, sorted.
    package func interfaces(for client: OpaquePointer) -> [String] {
        isPrivileged(client) ? restricted.map(\.name) : []
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The client's process: the one Segue started, else the one at the
    /// other end of its socket (SO_PEERCRED; a socket pair Segue made names Segue).
    package func pid(of client: OpaquePointer) -> pid_t? {
        if let started = spawned[client] { return started.pid }
        var pid: pid_t = 0
        wl_client_get_credentials(client, &pid, nil, nil)
        return pid > 0 ? pid : nil
    }

    /// The executable of the client's process, as the kernel names it.
    package func executable(of client: OpaquePointer) -> String? {
        guard let pid = pid(of: client) else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }
}

/// A global restricted to privileged clients, released from the restriction
/// (and destroyed) when it goes.
final class PrivilegedGlobal {
    private let global: Global
    private let privileges: Privileges

    fileprivate init(_ global: Global, privileges: Privileges) {
        self.global = global
        self.privileges = privileges
        privileges.restrict(global)
    }

    deinit { privileges.release(global) }
}
