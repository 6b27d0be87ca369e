import SegueWayland

extension Compositor {
    /// The globals every client sees, with their versions: those `init` made,
    /// libwayland's wl_shm among them. The privileged ones are not listed:
    /// only privileged clients see them (`Privileges`).
    package var globals: [AdvertisedGlobal] { AdvertisedGlobal.all(on: server.display) }

    /// The globals only privileged clients see, by name.
    package var privilegedGlobals: [AdvertisedGlobal] { offered?.privileges.restricted ?? [] }
}
