import SegueWayland

extension Compositor {
    /// The globals every client sees, with their versions, as `init` makes
    /// them: for those (like WLCS) who must know before a client connects.
    /// segue_transition_manager_v1 is left out: only trusted clients see it.
    package static let globals: [(name: String, version: Int)] = [
        ("wl_shm", 1),  // libwayland's own
        ("wl_compositor", Int(CompositorGlobal.version)),
        ("wl_subcompositor", Int(Subcompositor.version)),
        ("xdg_wm_base", Int(XdgWmBase.version)),
        ("wl_seat", Int(Seat.version)),
        ("zwp_pointer_gestures_v1", Int(PointerGestures.version)),
        ("wl_output", Int(OutputGlobal.version)),
        ("wp_presentation", Int(Presentation.version)),
        ("wp_viewporter", Int(Viewporter.version)),
        ("wl_data_device_manager", Int(DataDeviceManager.version)),
        ("zwp_primary_selection_device_manager_v1", Int(PrimarySelectionManager.version)),
        ("xdg_activation_v1", Int(XdgActivation.version)),
    ]
}
