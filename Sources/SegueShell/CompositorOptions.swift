import SegueConfig
import SegueEngine
import SegueWayland

/// How `segue run` was asked to start. Unset values come from the config file,
/// then from built-in defaults.
public struct CompositorOptions: Sendable {
    public var socket: String?
    /// Runs inside a host process (the WLCS integration, in-process tests): no
    /// Wayland or control socket, clients come only through `connectClient()`,
    /// and SIGINT and SIGTERM stay the host's.
    public var embedded = false
    public var placement = WindowPlacement.stacked
    /// Maps an xdg toplevel whose initial commit already carries a buffer,
    /// where xdg-shell makes that xdg_surface.unconfigured_buffer (posted
    /// otherwise). For the WLCS integration: WLCS 1.5.0's helpers do it.
    public var toleratesBufferBeforeConfigure = false
    public var backend = BackendKind.headless
    public var width: Int?
    public var height: Int?
    public var refreshRate: Double?
    /// Output pixels per surface unit (1...4); unset, the config's, else the backend's preference.
    public var scale: Int?
    /// The most bytes of texture one client's surfaces may take before it is
    /// disconnected as out of memory; unset, sixteen screens' worth, at least 1 GiB.
    package var clientTextureBudget: Int?
    /// 0...1 per channel.
    public var background: (Float, Float, Float)?
    /// Writes each presented transition frame as PNG here.
    public var recordDirectory: String?
    /// The config file, watched and reloaded while the compositor runs.
    public var configPath: String?
    /// A config given in code, used when there is no file (the demo's).
    public var config: SegueConfig?
    /// Executables (absolute paths) whose clients see segue_transition_manager_v1.
    public var trustedExecutables: [String] = []
    /// Checks a user shader that compiles before the config may use it (`segue
    /// run`: its first frames drawn in a child process with a time limit); its
    /// problems as `file:line:col: message` lines.
    package var probeShader: (@Sendable (EffectDescriptor) -> [String])?
    /// What zwp_linux_dmabuf_v1 offers (none for an empty offer); nil offers
    /// what the renderer imports and draws (nothing on llvmpipe). The protocol
    /// tests set one.
    package var dmabufOffer: DmabufOffer?
    /// Readies the config's effects while nothing animates, before any is
    /// first asked for; unset, only a compositor of its own (not embedded),
    /// whose host's GL and frame path are its own.
    package var readiesEffects: Bool?

    public init() {}
}
