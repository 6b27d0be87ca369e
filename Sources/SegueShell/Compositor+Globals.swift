import SegueWayland

extension Compositor {
    /// The globals every client sees, with their versions: those `init` made,
    /// libwayland's wl_shm among them. segue_transition_manager_v1 is not
    /// listed: only trusted clients see it.
    package var globals: [AdvertisedGlobal] { AdvertisedGlobal.all(on: server.display) }
}
